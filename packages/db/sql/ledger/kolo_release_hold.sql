-- Ends a held hold by giving amount + fee back to the wallet and to the day's allowance.
-- outcome: 'released', or 'already-settled' / 'already-released' / 'already-reversed'.
CREATE OR REPLACE FUNCTION kolo_release_hold(p_reference text, p_description text, OUT outcome text, OUT entry_id bigint)
LANGUAGE plpgsql AS $$
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
  -- The day's counter row (locked by kolo_lock_hold) before the wallets: the one lock order (README.md).
  PERFORM kolo_release_outgoing(v_hold.user_id, v_hold.day, v_hold.amount + v_hold.fee);
  SELECT a.id INTO v_holds FROM ledger_accounts AS a WHERE a.code = 'holds';
  SELECT e.entry_id INTO entry_id FROM kolo_post_entry(
    'release:' || p_reference, 'release', p_description,
    ARRAY[v_holds, v_hold.wallet_account_id], ARRAY[-(v_hold.amount + v_hold.fee), v_hold.amount + v_hold.fee], v_hold.transaction_id
  ) AS e;
  UPDATE holds SET status = 'released', final_entry_id = entry_id, updated_at = now() WHERE id = v_hold.id;
  outcome := 'released';
END;
$$;
