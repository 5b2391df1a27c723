-- A ledger anyone can verify (docs/ledger-verification.md): each account's postings form a hash
-- chain. A posting's hash is SHA-256 over the previous posting's hash on the same account (32 zero
-- bytes for the first) followed by the UTF-8 text '{entry id}|{account id}|{amount in kobo}|{time
-- in microseconds since 1970-01-01 UTC}'. The account keeps the head, moved by kolo_apply_postings
-- in the same UPDATE that moves the balance, under the row lock it already takes.
ALTER TABLE "ledger_accounts" ADD COLUMN "head_hash" "bytea" DEFAULT '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea NOT NULL;--> statement-breakpoint
ALTER TABLE "postings" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "postings" ADD COLUMN "hash" "bytea";--> statement-breakpoint

-- The hash of one posting given the previous hash on its account (docs/ledger-verification.md).
CREATE FUNCTION kolo_posting_hash(p_previous bytea, p_entry_id bigint, p_account_id integer, p_amount bigint, p_at timestamptz)
RETURNS bytea LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT sha256(p_previous || convert_to(
    p_entry_id::text || '|' || p_account_id::text || '|' || p_amount::text || '|' || floor(extract(epoch FROM p_at) * 1000000)::bigint::text,
    'UTF8'))
$$;
--> statement-breakpoint

-- Existing postings: their entry's time, then each account's chain in posting id order.
UPDATE postings AS p SET created_at = je.created_at FROM journal_entries AS je WHERE je.id = p.journal_entry_id;--> statement-breakpoint
DO $$
DECLARE
  r record;
  v_account integer := NULL;
  v_head bytea;
BEGIN
  FOR r IN SELECT id, journal_entry_id, account_id, amount, created_at FROM postings ORDER BY account_id, id LOOP
    IF v_account IS DISTINCT FROM r.account_id THEN
      IF v_account IS NOT NULL THEN
        UPDATE ledger_accounts SET head_hash = v_head WHERE id = v_account;
      END IF;
      v_account := r.account_id;
      v_head := '\x0000000000000000000000000000000000000000000000000000000000000000'::bytea;
    END IF;
    v_head := kolo_posting_hash(v_head, r.journal_entry_id, r.account_id, r.amount, r.created_at);
    UPDATE postings SET hash = v_head WHERE id = r.id;
  END LOOP;
  IF v_account IS NOT NULL THEN
    UPDATE ledger_accounts SET head_hash = v_head WHERE id = v_account;
  END IF;
END;
$$;--> statement-breakpoint
ALTER TABLE "postings" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint

-- kolo_apply_postings as before (docs/adding-a-movement.md), now also moving each account's chain
-- head in the same UPDATE as its balance, and writing each posting with its hash and time.
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
    RETURNING a.id, v.amount, a.head_hash
  )
  INSERT INTO postings (journal_entry_id, account_id, amount, created_at, hash)
  SELECT p_entry_id, m.id, m.amount, v_now, m.head_hash FROM moved AS m ORDER BY m.id;
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  IF v_rows <> v_count THEN
    RAISE EXCEPTION 'Unknown ledger account in entry %', p_entry_id USING ERRCODE = 'KL009';
  END IF;
END;
$$;
