-- User-to-user transfer (docs/product.md "/transfer/p2p"; docs/decisions.md "Fees", "Limits") in
-- one statement, so one round trip: finds the active recipient by e-mail, writes the record and
-- the entry (an earlier request with the same idempotency key is answered instead: replayed =
-- true), counts the amount against the day's limit (its counter row locked before the wallets,
-- the one order: packages/db/sql/ledger/README.md), then moves both wallets in id order, each by
-- one UPDATE that locks it (the payer's refuses to go below zero) followed by its posting. The same
-- rules as kolo_apply_postings (a balanced entry of two postings, locks in id order, the hash
-- chain, balance_after), written for this one shape so that the wallets stay locked for as little
-- as possible (docs/performance.md "The transfer without NOTIFY"). The record's metadata keeps both
-- names only, never an e-mail (docs/decisions.md "Security, second round").
CREATE OR REPLACE FUNCTION kolo_transfer_p2p(
  p_sender_id integer,
  p_recipient_email text,
  p_amount bigint,
  p_idempotency_key text,
  p_reference text,
  p_day date,
  p_daily_limit bigint
) RETURNS TABLE (
  replayed boolean, id integer, type transaction_type, amount bigint, fee bigint, status transaction_status,
  reference text, description text, sender_id integer, recipient_id integer, metadata jsonb,
  idempotency_key text, created_at timestamptz, updated_at timestamptz
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
  v_recipient_id integer;
  v_recipient_name text;
  v_sender_name text;
  v_sender_wallet integer;
  v_recipient_wallet integer;
  v_account integer;
  v_delta bigint;
  v_now timestamptz := now();
  v_rows integer;
  v_balance bigint;
  v_existing transactions%ROWTYPE;
  v_transaction transactions%ROWTYPE;
  v_entry_id bigint;
BEGIN
  IF p_amount <= 0 THEN
    RAISE EXCEPTION 'Amount must be positive' USING ERRCODE = 'KL009';
  END IF;
  -- Both names before any lock is taken: the locks are held for as little as possible.
  SELECT r.id, r.name, s.name INTO v_recipient_id, v_recipient_name, v_sender_name
  FROM users AS r, users AS s WHERE r.email = p_recipient_email AND r.status = 'active' AND s.id = p_sender_id;
  IF v_recipient_id IS NULL THEN
    RAISE EXCEPTION 'Recipient not found' USING ERRCODE = 'KL003';
  END IF;
  IF v_recipient_id = p_sender_id THEN
    RAISE EXCEPTION 'You cannot transfer money to yourself' USING ERRCODE = 'KL004';
  END IF;

  -- The record and the entry are written before the wallets are locked: the locks are then held
  -- only for the balances, the postings and the commit. A failure below raises,
  -- which undoes these rows too. A second request with the same idempotency key waits here for the
  -- first to commit (the unique index), then finds its record and answers it.
  INSERT INTO transactions AS t (type, amount, status, reference, description, sender_id, recipient_id, metadata, idempotency_key)
  VALUES (
    'p2p', p_amount, 'completed', p_reference, 'Transfer to ' || v_recipient_name, p_sender_id, v_recipient_id,
    jsonb_build_object('senderName', v_sender_name, 'recipientName', v_recipient_name),
    p_idempotency_key
  )
  ON CONFLICT (sender_id, idempotency_key) DO NOTHING
  RETURNING t.* INTO v_transaction;
  IF v_transaction.id IS NULL THEN
    SELECT * INTO v_existing FROM transactions AS t WHERE t.sender_id = p_sender_id AND t.idempotency_key = p_idempotency_key;
    IF v_existing.recipient_id IS DISTINCT FROM v_recipient_id OR v_existing.amount <> p_amount OR v_existing.type <> 'p2p' THEN
      RAISE EXCEPTION 'This idempotency key was already used for a different transfer' USING ERRCODE = 'KL005';
    END IF;
    RETURN QUERY SELECT true, v_existing.id, v_existing.type, v_existing.amount, v_existing.fee, v_existing.status, v_existing.reference, v_existing.description, v_existing.sender_id, v_existing.recipient_id, v_existing.metadata, v_existing.idempotency_key, v_existing.created_at, v_existing.updated_at;
    RETURN;
  END IF;
  INSERT INTO journal_entries (idempotency_key, kind, description, transaction_id)
  VALUES (
    CASE WHEN p_idempotency_key IS NULL THEN 'p2p:' || p_reference ELSE 'p2p:' || p_sender_id || ':' || p_idempotency_key END,
    'p2p', 'P2P ' || p_reference, v_transaction.id
  )
  RETURNING journal_entries.id INTO v_entry_id;

  -- The wallets' ids, without a lock (an account's id and owner never change), and the payer's
  -- balance: short of the amount, the transfer is refused before the day's total is counted, so
  -- Insufficient Balance comes before Daily limit exceeded, as in kolo_hold. The UPDATE below checks
  -- again under the lock.
  SELECT max(a.id) FILTER (WHERE a.user_id = p_sender_id), max(a.id) FILTER (WHERE a.user_id = v_recipient_id),
    coalesce(max(a.balance) FILTER (WHERE a.user_id = p_sender_id), 0)
  INTO v_sender_wallet, v_recipient_wallet, v_balance
  FROM ledger_accounts AS a WHERE a.kind = 'user_wallet' AND a.user_id IN (p_sender_id, v_recipient_id);
  IF v_balance < p_amount THEN
    RAISE EXCEPTION 'Insufficient Balance' USING ERRCODE = 'KL001';
  END IF;
  -- The day's counter before the wallets (the one lock order), so that the wallets stay locked for
  -- the moves, the postings and the commit only.
  PERFORM kolo_record_outgoing(p_sender_id, p_day, p_amount, p_daily_limit);
  IF v_sender_wallet IS NULL OR v_recipient_wallet IS NULL THEN
    -- A user without a wallet yet (created on first use).
    INSERT INTO ledger_accounts (kind, user_id) VALUES ('user_wallet', p_sender_id), ('user_wallet', v_recipient_id)
    ON CONFLICT (user_id) WHERE kind = 'user_wallet' DO NOTHING;
    SELECT max(a.id) FILTER (WHERE a.user_id = p_sender_id), max(a.id) FILTER (WHERE a.user_id = v_recipient_id)
    INTO v_sender_wallet, v_recipient_wallet
    FROM ledger_accounts AS a WHERE a.kind = 'user_wallet' AND a.user_id IN (p_sender_id, v_recipient_id);
  END IF;

  -- Each wallet in id order: its UPDATE takes its lock (after a wait, the condition is checked
  -- again on the newest balance), moves the balance and the chain head, and its posting follows.
  FOREACH v_account IN ARRAY ARRAY[least(v_sender_wallet, v_recipient_wallet), greatest(v_sender_wallet, v_recipient_wallet)] LOOP
    v_delta := CASE WHEN v_account = v_sender_wallet THEN -p_amount ELSE p_amount END;
    WITH moved AS (
      UPDATE ledger_accounts AS a
      SET balance = a.balance + v_delta, head_hash = kolo_posting_hash(a.head_hash, v_entry_id, a.id, v_delta, v_now)
      WHERE a.id = v_account AND a.balance + v_delta >= 0
      RETURNING a.id, a.head_hash, a.balance
    )
    INSERT INTO postings (journal_entry_id, account_id, amount, balance_after, created_at, hash)
    SELECT v_entry_id, m.id, v_delta, m.balance, v_now, m.head_hash FROM moved AS m;
    GET DIAGNOSTICS v_rows = ROW_COUNT;
    IF v_rows <> 1 THEN
      RAISE EXCEPTION 'Insufficient Balance' USING ERRCODE = 'KL001';
    END IF;
  END LOOP;
  RETURN QUERY SELECT false, v_transaction.id, v_transaction.type, v_transaction.amount, v_transaction.fee, v_transaction.status, v_transaction.reference, v_transaction.description, v_transaction.sender_id, v_transaction.recipient_id, v_transaction.metadata, v_transaction.idempotency_key, v_transaction.created_at, v_transaction.updated_at;
END;
$$;
