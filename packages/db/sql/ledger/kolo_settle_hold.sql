-- Ends a held hold: the amount goes to `p_destination_account_id` (payouts in transit, a
-- provider's clearing account, a merchant wallet) and the fee to `p_fee_account_id`.
-- outcome: 'settled', or 'already-settled' / 'already-released' / 'already-reversed' (nothing changed).
CREATE OR REPLACE FUNCTION kolo_settle_hold(
  p_reference text,
  p_destination_account_id integer,
  p_fee_account_id integer,
  p_description text,
  OUT outcome text,
  OUT entry_id bigint
) LANGUAGE plpgsql AS $$
DECLARE
  v_hold holds%ROWTYPE;
  v_holds integer;
BEGIN
  v_hold := kolo_lock_hold(p_reference);
  IF v_hold.status <> 'held' THEN
    outcome := 'already-' || v_hold.status;
    entry_id := v_hold.final_entry_id;
    RETURN;
  END IF;
  SELECT a.id INTO v_holds FROM ledger_accounts AS a WHERE a.code = 'holds';
  IF v_hold.fee > 0 THEN
    SELECT e.entry_id INTO entry_id FROM kolo_post_entry(
      'settle:' || p_reference, 'settle', p_description,
      ARRAY[v_holds, p_destination_account_id, p_fee_account_id],
      ARRAY[-(v_hold.amount + v_hold.fee), v_hold.amount, v_hold.fee], v_hold.transaction_id
    ) AS e;
  ELSE
    SELECT e.entry_id INTO entry_id FROM kolo_post_entry(
      'settle:' || p_reference, 'settle', p_description,
      ARRAY[v_holds, p_destination_account_id], ARRAY[-v_hold.amount, v_hold.amount], v_hold.transaction_id
    ) AS e;
  END IF;
  UPDATE holds SET status = 'settled', final_entry_id = entry_id, updated_at = now() WHERE id = v_hold.id;
  outcome := 'settled';
END;
$$;
