-- Gives back outgoing kobo (a released or reversed hold) to the day it was counted on.
CREATE OR REPLACE FUNCTION kolo_release_outgoing(p_user_id integer, p_day date, p_amount bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_rows integer;
BEGIN
  UPDATE daily_outgoing AS d SET total_kobo = d.total_kobo - p_amount
  WHERE d.user_id = p_user_id AND d.day = p_day AND d.total_kobo >= p_amount;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  IF v_rows <> 1 THEN
    RAISE EXCEPTION 'No outgoing total of % kobo to give back for user % on %', p_amount, p_user_id, p_day USING ERRCODE = 'KL009';
  END IF;
END;
$$;
