-- User-to-user transfer (docs/product.md "/transfer/p2p"; docs/decisions.md "Fees", "Limits") in
-- one statement, so one round trip: finds the active recipient by e-mail, writes the record and
-- the entry (an earlier request with the same idempotency key is answered instead: replayed =
-- true), locks both wallets in id order, checks the balance, counts the amount against the day's
-- limit, and applies the postings. The record's metadata keeps both names only, never an e-mail
-- (docs/decisions.md "Security, second round").
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
  v_sender_balance bigint;
  v_wallet record;
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
  -- only for the balance check, the limit, the postings and the commit. A failure below raises,
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

  -- Both wallets, locked in id order.
  FOR v_wallet IN
    SELECT a.id, a.user_id, a.balance FROM ledger_accounts AS a
    WHERE a.kind = 'user_wallet' AND a.user_id IN (p_sender_id, v_recipient_id) ORDER BY a.id FOR UPDATE
  LOOP
    IF v_wallet.user_id = p_sender_id THEN
      v_sender_wallet := v_wallet.id;
      v_sender_balance := v_wallet.balance;
    ELSE
      v_recipient_wallet := v_wallet.id;
    END IF;
  END LOOP;
  IF v_sender_wallet IS NULL OR v_recipient_wallet IS NULL THEN
    -- A user without a wallet yet (created on first use): make it, then lock again in id order.
    INSERT INTO ledger_accounts (kind, user_id) VALUES ('user_wallet', p_sender_id), ('user_wallet', v_recipient_id)
    ON CONFLICT (user_id) WHERE kind = 'user_wallet' DO NOTHING;
    FOR v_wallet IN
      SELECT a.id, a.user_id, a.balance FROM ledger_accounts AS a
      WHERE a.kind = 'user_wallet' AND a.user_id IN (p_sender_id, v_recipient_id) ORDER BY a.id FOR UPDATE
    LOOP
      IF v_wallet.user_id = p_sender_id THEN
        v_sender_wallet := v_wallet.id;
        v_sender_balance := v_wallet.balance;
      ELSE
        v_recipient_wallet := v_wallet.id;
      END IF;
    END LOOP;
  END IF;

  IF v_sender_balance < p_amount THEN
    RAISE EXCEPTION 'Insufficient Balance' USING ERRCODE = 'KL001';
  END IF;
  PERFORM kolo_record_outgoing(p_sender_id, p_day, p_amount, p_daily_limit);
  PERFORM kolo_apply_postings(v_entry_id, ARRAY[v_sender_wallet, v_recipient_wallet], ARRAY[-p_amount, p_amount]);
  RETURN QUERY SELECT false, v_transaction.id, v_transaction.type, v_transaction.amount, v_transaction.fee, v_transaction.status, v_transaction.reference, v_transaction.description, v_transaction.sender_id, v_transaction.recipient_id, v_transaction.metadata, v_transaction.idempotency_key, v_transaction.created_at, v_transaction.updated_at;
END;
$$;
