-- Adds outgoing kobo to the user's total of the Lagos day `p_day`, refusing (KL002) past `p_limit`.
-- Every outgoing movement calls it (directly, or through kolo_hold / kolo_transfer_p2p).
-- Then, under that day row's lock, the first-day cap (docs/product.md "Fraud controls"): while the
-- user's first_day_caps window is open and admin_limits.new_device_cap is above 0, the window's
-- total may not pass the cap (KL010, DETAIL what is left in kobo, HINT the window's end in epoch milliseconds).
CREATE OR REPLACE FUNCTION kolo_record_outgoing(p_user_id integer, p_day date, p_amount bigint, p_limit bigint)
RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
  v_total bigint;
  v_cap bigint;
  v_cap_total bigint;
  v_until timestamptz;
BEGIN
  IF p_amount <= 0 THEN
    RAISE EXCEPTION 'Outgoing amount must be positive' USING ERRCODE = 'KL009';
  END IF;
  -- The day's row is updated where it exists (all but the day's first movement): a plain UPDATE
  -- writes less than the INSERT … ON CONFLICT below, which first locks the row it meets.
  UPDATE daily_outgoing AS d SET total_kobo = d.total_kobo + p_amount
  WHERE d.user_id = p_user_id AND d.day = p_day
  RETURNING d.total_kobo INTO v_total;
  IF v_total IS NULL THEN
    INSERT INTO daily_outgoing AS d (user_id, day, total_kobo) VALUES (p_user_id, p_day, p_amount)
    ON CONFLICT (user_id, day) DO UPDATE SET total_kobo = d.total_kobo + excluded.total_kobo
    RETURNING d.total_kobo INTO v_total;
  END IF;
  IF v_total > p_limit THEN
    RAISE EXCEPTION 'Daily limit exceeded' USING ERRCODE = 'KL002',
      DETAIL = greatest(p_limit - (v_total - p_amount), 0)::text, HINT = p_limit::text;
  END IF;
  -- The cap and the window in one statement: no row when the cap is 0 or the window has closed.
  UPDATE first_day_caps AS c SET total_kobo = c.total_kobo + p_amount
  FROM admin_limits AS l
  WHERE l.key = 'new_device_cap' AND l.value_kobo > 0 AND c.user_id = p_user_id AND c.until > clock_timestamp()
  RETURNING c.total_kobo, c.until, l.value_kobo INTO v_cap_total, v_until, v_cap;
  IF v_cap_total > v_cap THEN
    RAISE EXCEPTION 'New device limit' USING ERRCODE = 'KL010',
      DETAIL = greatest(v_cap - (v_cap_total - p_amount), 0)::text, HINT = floor(extract(epoch FROM v_until) * 1000)::bigint::text;
  END IF;
  RETURN v_total;
END;
$$;
