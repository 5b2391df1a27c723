-- Applies the postings of an entry already inserted: checks the entry's shape, locks the accounts
-- in id order, refuses a wallet going below zero (KL001), moves the balances relatively and
-- writes the postings. Each account's chain head moves in the same UPDATE as its balance, and
-- each posting is written with its hash, its time (docs/ledger-verification.md) and the balance
-- the account has right after it (balance_after: what a money alert tells). Used by
-- kolo_post_entry, and by kolo_transfer_p2p, which inserts its entry before taking the wallet
-- locks so that the locks are held for as little as possible.
CREATE OR REPLACE FUNCTION kolo_apply_postings(p_entry_id bigint, p_account_ids integer[], p_amounts bigint[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_count integer := coalesce(array_length(p_account_ids, 1), 0);
  v_rows integer;
  v_now timestamptz := now();
BEGIN
  IF v_count < 2 OR v_count <> coalesce(array_length(p_amounts, 1), 0) THEN
    RAISE EXCEPTION 'A journal entry needs at least two postings, one amount each' USING ERRCODE = 'KL009';
  END IF;
  IF EXISTS (SELECT 1 FROM unnest(p_amounts) AS a WHERE a IS NULL OR a = 0) THEN
    RAISE EXCEPTION 'A posting cannot be zero' USING ERRCODE = 'KL009';
  END IF;
  IF (SELECT sum(a) FROM unnest(p_amounts) AS a) <> 0 THEN
    RAISE EXCEPTION 'Journal entry % does not balance', p_entry_id USING ERRCODE = 'KL009';
  END IF;
  IF (SELECT count(DISTINCT a) FROM unnest(p_account_ids) AS a) <> v_count THEN
    RAISE EXCEPTION 'One posting per account in an entry' USING ERRCODE = 'KL009';
  END IF;

  PERFORM 1 FROM ledger_accounts AS a WHERE a.id = ANY (p_account_ids) ORDER BY a.id FOR UPDATE;
  IF EXISTS (
    SELECT 1 FROM ledger_accounts AS a JOIN unnest(p_account_ids, p_amounts) AS v (account_id, amount) ON a.id = v.account_id
    WHERE a.kind <> 'system' AND a.balance + v.amount < 0
  ) THEN
    RAISE EXCEPTION 'Insufficient Balance' USING ERRCODE = 'KL001';
  END IF;
  WITH moved AS (
    UPDATE ledger_accounts AS a
    SET balance = a.balance + v.amount, head_hash = kolo_posting_hash(a.head_hash, p_entry_id, a.id, v.amount, v_now)
    FROM unnest(p_account_ids, p_amounts) AS v (account_id, amount)
    WHERE a.id = v.account_id
    RETURNING a.id, v.amount, a.head_hash, a.balance
  )
  INSERT INTO postings (journal_entry_id, account_id, amount, balance_after, created_at, hash)
  SELECT p_entry_id, m.id, m.amount, m.balance, v_now, m.head_hash FROM moved AS m ORDER BY m.id;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  IF v_rows <> v_count THEN
    RAISE EXCEPTION 'Unknown ledger account in entry %', p_entry_id USING ERRCODE = 'KL009';
  END IF;
END;
$$;
