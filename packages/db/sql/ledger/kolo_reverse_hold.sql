-- A provider's `reversed` on a settled hold: reverses the settlement (money back into holds),
-- then releases it to the wallet and the day's allowance. outcome: 'reversed', 'already-reversed'
-- or 'not-settled' (held or released: nothing changed).
CREATE OR REPLACE FUNCTION kolo_reverse_hold(p_reference text, p_description text, OUT outcome text, OUT entry_id bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_hold holds%ROWTYPE;
  v_holds integer;
BEGIN
  v_hold := kolo_lock_hold(p_reference);
  IF v_hold.status <> 'settled' THEN
    outcome := CASE WHEN v_hold.status = 'reversed' THEN 'already-reversed' ELSE 'not-settled' END;
    entry_id := v_hold.final_entry_id;
    RETURN;
  END IF;
  -- The day's counter row (locked by kolo_lock_hold) before the wallets: the one lock order (README.md).
  PERFORM kolo_release_outgoing(v_hold.user_id, v_hold.day, v_hold.amount + v_hold.fee);
  SELECT a.id INTO v_holds FROM ledger_accounts AS a WHERE a.code = 'holds';
  PERFORM kolo_reverse_entry(v_hold.final_entry_id, p_description);
  SELECT e.entry_id INTO entry_id FROM kolo_post_entry(
    'reverse-release:' || p_reference, 'release', p_description,
    ARRAY[v_holds, v_hold.wallet_account_id], ARRAY[-(v_hold.amount + v_hold.fee), v_hold.amount + v_hold.fee], v_hold.transaction_id
  ) AS e;
  UPDATE holds SET status = 'reversed', updated_at = now() WHERE id = v_hold.id;
  outcome := 'reversed';
END;
$$;
