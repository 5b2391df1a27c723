-- Moves amount + fee from a wallet into the `holds` account for a pending operation, counting it
-- against the daily limit (the day's counter row locked first, then the wallet's). Idempotent on
-- `p_reference`.
CREATE OR REPLACE FUNCTION kolo_hold(
  p_reference text,
  p_wallet_account_id integer,
  p_user_id integer,
  p_amount bigint,
  p_fee bigint,
  p_day date,
  p_daily_limit bigint,
  p_transaction_id integer,
  p_kind text,
  p_description text,
  OUT hold_id bigint,
  OUT created boolean
) LANGUAGE plpgsql AS $$
DECLARE
  v_holds integer;
  v_balance bigint;
  v_entry bigint;
BEGIN
  IF p_amount <= 0 OR p_fee < 0 THEN
    RAISE EXCEPTION 'A hold needs a positive amount and a non-negative fee' USING ERRCODE = 'KL009';
  END IF;
  SELECT a.id INTO v_holds FROM ledger_accounts AS a WHERE a.code = 'holds';
  IF v_holds IS NULL THEN
    RAISE EXCEPTION 'System account holds is missing' USING ERRCODE = 'KL009';
  END IF;
  -- A repeat is answered before anything is counted or locked.
  SELECT h.id INTO hold_id FROM holds AS h WHERE h.reference = p_reference;
  IF hold_id IS NOT NULL THEN
    created := false;
    RETURN;
  END IF;
  -- Insufficient Balance before Daily limit exceeded; kolo_apply_postings checks the balance again
  -- under the wallet's lock.
  SELECT a.balance INTO v_balance FROM ledger_accounts AS a WHERE a.id = p_wallet_account_id AND a.kind <> 'system';
  IF v_balance IS NULL THEN
    RAISE EXCEPTION 'Unknown wallet %', p_wallet_account_id USING ERRCODE = 'KL009';
  END IF;
  IF v_balance < p_amount + p_fee THEN
    RAISE EXCEPTION 'Insufficient Balance' USING ERRCODE = 'KL001';
  END IF;
  -- The day's counter row, then the wallet and the holds account in id order: the one lock order
  -- (packages/db/sql/ledger/README.md).
  PERFORM kolo_record_outgoing(p_user_id, p_day, p_amount + p_fee, p_daily_limit);
  PERFORM 1 FROM ledger_accounts AS a WHERE a.id IN (p_wallet_account_id, v_holds) ORDER BY a.id FOR UPDATE;
  SELECT h.id INTO hold_id FROM holds AS h WHERE h.reference = p_reference;
  IF hold_id IS NOT NULL THEN
    -- A call with the same reference committed while this one waited: its count is given back.
    PERFORM kolo_release_outgoing(p_user_id, p_day, p_amount + p_fee);
    created := false;
    RETURN;
  END IF;
  SELECT e.entry_id INTO v_entry FROM kolo_post_entry(
    'hold:' || p_reference, p_kind, p_description,
    ARRAY[p_wallet_account_id, v_holds], ARRAY[-(p_amount + p_fee), p_amount + p_fee], p_transaction_id
  ) AS e;
  INSERT INTO holds (reference, wallet_account_id, user_id, transaction_id, amount, fee, day, hold_entry_id)
  VALUES (p_reference, p_wallet_account_id, p_user_id, p_transaction_id, p_amount, p_fee, p_day, v_entry)
  RETURNING id INTO hold_id;
  created := true;
END;
$$;
