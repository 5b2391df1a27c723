-- The ledger's SQL functions as packages/db/sql/ledger/*.sql define them now, written by
-- packages/db/scripts/ledger-migration.ts (edit those files, never this one: packages/db/sql/ledger/README.md).

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
--> statement-breakpoint

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
--> statement-breakpoint

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
--> statement-breakpoint

-- Writes a journal entry and applies its postings (kolo_apply_postings), once per idempotency key:
-- a repeat of the key posts nothing and answers the first entry's id with created = false.
CREATE OR REPLACE FUNCTION kolo_post_entry(
  p_idempotency_key text,
  p_kind text,
  p_description text,
  p_account_ids integer[],
  p_amounts bigint[],
  p_transaction_id integer DEFAULT NULL,
  p_reverses_entry_id bigint DEFAULT NULL,
  OUT entry_id bigint,
  OUT created boolean
) LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO journal_entries (idempotency_key, kind, description, transaction_id, reverses_entry_id)
  VALUES (p_idempotency_key, p_kind, p_description, p_transaction_id, p_reverses_entry_id)
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id INTO entry_id;
  IF entry_id IS NULL THEN
    SELECT je.id INTO entry_id FROM journal_entries AS je WHERE je.idempotency_key = p_idempotency_key;
    created := false;
    RETURN;
  END IF;
  created := true;
  PERFORM kolo_apply_postings(entry_id, p_account_ids, p_amounts);
END;
$$;
--> statement-breakpoint

-- The hash of one posting given the previous hash on its account (docs/ledger-verification.md).
-- STABLE, not IMMUTABLE: its body calls convert_to and extract on a timestamptz, which PostgreSQL
-- declares STABLE, and only a function no stricter than its body is inlined into the statement that
-- calls it. Not inlined, each statement planned the body again: 24 µs a call against 4 µs, inside
-- the wallet's lock (docs/performance.md "The transfer without NOTIFY"). The bytes are the same.
CREATE OR REPLACE FUNCTION kolo_posting_hash(p_previous bytea, p_entry_id bigint, p_account_id integer, p_amount bigint, p_at timestamptz)
RETURNS bytea LANGUAGE sql STABLE STRICT AS $$
  SELECT sha256(p_previous || convert_to(
    p_entry_id::text || '|' || p_account_id::text || '|' || p_amount::text || '|' || floor(extract(epoch FROM p_at) * 1000000)::bigint::text,
    'UTF8'))
$$;
--> statement-breakpoint

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
--> statement-breakpoint

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
--> statement-breakpoint

-- Gives back outgoing kobo (a released or reversed hold) to the day it was counted on.
CREATE OR REPLACE FUNCTION kolo_release_outgoing(p_user_id integer, p_day date, p_amount bigint)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_rows integer;
BEGIN
  UPDATE daily_outgoing AS d SET total_kobo = d.total_kobo - p_amount
  WHERE d.user_id = p_user_id AND d.day = p_day AND d.total_kobo >= p_amount;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  IF v_rows <> 1 THEN
    RAISE EXCEPTION 'No outgoing total of % kobo to give back for user % on %', p_amount, p_user_id, p_day USING ERRCODE = 'KL009';
  END IF;
END;
$$;
--> statement-breakpoint

-- Reverses a completed entry: a new entry with the opposite postings, linked to the original
-- (journal_entries.reverses_entry_id, unique) and to the same transaction record. Idempotent.
CREATE OR REPLACE FUNCTION kolo_reverse_entry(p_entry_id bigint, p_description text, OUT entry_id bigint, OUT created boolean)
LANGUAGE plpgsql AS $$
DECLARE
  v_ids integer[];
  v_amounts bigint[];
  v_transaction_id integer;
BEGIN
  SELECT array_agg(p.account_id ORDER BY p.account_id), array_agg(-p.amount ORDER BY p.account_id)
  INTO v_ids, v_amounts FROM postings AS p WHERE p.journal_entry_id = p_entry_id;
  IF v_ids IS NULL THEN
    RAISE EXCEPTION 'Unknown journal entry %', p_entry_id USING ERRCODE = 'KL009';
  END IF;
  SELECT je.transaction_id INTO v_transaction_id FROM journal_entries AS je WHERE je.id = p_entry_id;
  SELECT e.entry_id, e.created INTO entry_id, created
  FROM kolo_post_entry('reverse:' || p_entry_id, 'reversal', p_description, v_ids, v_amounts, v_transaction_id, p_entry_id) AS e;
END;
$$;
--> statement-breakpoint

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
--> statement-breakpoint

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
--> statement-breakpoint

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
