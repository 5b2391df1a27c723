-- Adds outgoing kobo to the user's total of the Lagos day `p_day`, refusing (KL002) past `p_limit`.
-- Every outgoing movement calls it (directly, or through kolo_hold / kolo_transfer_p2p).
CREATE OR REPLACE FUNCTION kolo_record_outgoing(p_user_id integer, p_day date, p_amount bigint, p_limit bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_total bigint;
BEGIN
  IF p_amount <= 0 THEN
    RAISE EXCEPTION 'Outgoing amount must be positive' USING ERRCODE = 'KL009';
  END IF;
  INSERT INTO daily_outgoing AS d (user_id, day, total_kobo) VALUES (p_user_id, p_day, p_amount)
  ON CONFLICT (user_id, day) DO UPDATE SET total_kobo = d.total_kobo + excluded.total_kobo
  RETURNING d.total_kobo INTO v_total;
  IF v_total > p_limit THEN
    RAISE EXCEPTION 'Daily limit exceeded' USING ERRCODE = 'KL002',
      DETAIL = greatest(p_limit - (v_total - p_amount), 0)::text, HINT = p_limit::text;
  END IF;
  RETURN v_total;
END;
$$;
