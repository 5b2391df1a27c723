-- The hold with this reference, locked until the transaction ends (KL009 when there is none).
CREATE OR REPLACE FUNCTION kolo_lock_hold(p_reference text) RETURNS holds LANGUAGE plpgsql AS $$
DECLARE
  v_hold holds%ROWTYPE;
BEGIN
  SELECT * INTO v_hold FROM holds AS h WHERE h.reference = p_reference FOR UPDATE;
  IF v_hold.id IS NULL THEN
    RAISE EXCEPTION 'Unknown hold %', p_reference USING ERRCODE = 'KL009';
  END IF;
  RETURN v_hold;
END;
$$;
