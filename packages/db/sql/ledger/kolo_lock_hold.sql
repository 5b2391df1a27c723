-- The hold with this reference, locked until the transaction ends (KL009 when there is none), then
-- the day's counter row it was counted on: every hold transition (settle, release, reverse) takes
-- that row before any ledger account, as kolo_hold and kolo_transfer_p2p do (the one lock order:
-- README.md), even when it is not the first movement of its transaction (a provider's reversal
-- settles, then reverses).
CREATE OR REPLACE FUNCTION kolo_lock_hold(p_reference text) RETURNS holds LANGUAGE plpgsql AS $$
DECLARE
  v_hold holds%ROWTYPE;
BEGIN
  SELECT * INTO v_hold FROM holds AS h WHERE h.reference = p_reference FOR UPDATE;
  IF v_hold.id IS NULL THEN
    RAISE EXCEPTION 'Unknown hold %', p_reference USING ERRCODE = 'KL009';
  END IF;
  PERFORM 1 FROM daily_outgoing AS d WHERE d.user_id = v_hold.user_id AND d.day = v_hold.day FOR UPDATE;
  RETURN v_hold;
END;
$$;
