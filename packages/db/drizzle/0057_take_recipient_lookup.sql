-- A recipient lookup counted against the user's limit in one statement (docs/performance.md "At
-- scale": a transfer's round trips): the lock lockUserAction takes for the action, then (a new
-- snapshot, as each statement of a PL/pgSQL function has in READ COMMITTED) the window's count, and
-- the lookup's row when the window has room. The lock is held until the statement's transaction ends.
CREATE FUNCTION kolo_take_recipient_lookup(p_user_id integer, p_since timestamptz, p_max integer, OUT taken boolean, OUT oldest timestamptz)
LANGUAGE plpgsql AS $$
DECLARE
  v_count integer;
BEGIN
  PERFORM pg_advisory_xact_lock(p_user_id, hashtext('limit:recipient_lookup'));
  SELECT count(*)::int, min(l.created_at) INTO v_count, oldest FROM recipient_lookups AS l WHERE l.user_id = p_user_id AND l.created_at > p_since;
  taken := v_count < p_max;
  IF taken THEN
    INSERT INTO recipient_lookups (user_id) VALUES (p_user_id);
  END IF;
END $$;
