-- A money transaction sends no NOTIFY (docs/performance.md "The transfer, part by part"): a
-- transaction that NOTIFYs holds one global lock from its commit's start to its end, so such
-- commits went one at a time with their wallets still locked.
-- Live events: each row keeps its transaction's id, and every server reads the rows committed
-- since its last snapshot (the events hub). Added without a default first, then given one, so the
-- table is not rewritten; rows written before stay null (their NOTIFY was sent).
ALTER TABLE "events" ADD COLUMN "txid" "xid8";--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "txid" SET DEFAULT pg_current_xact_id();--> statement-breakpoint
CREATE INDEX "events_txid_idx" ON "events" USING btree ("txid");--> statement-breakpoint
DROP TRIGGER "events_announce" ON "events";--> statement-breakpoint
DROP FUNCTION kolo_announce_event();--> statement-breakpoint
-- The money-alert outbox without its NOTIFY: each server's worker looks for new alerts every
-- second (docs/product.md "E-mail alerts").
CREATE OR REPLACE FUNCTION kolo_queue_money_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'completed' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'completed') THEN
    IF NEW.sender_id IS NOT NULL THEN
      INSERT INTO money_alerts (user_id, transaction_id, direction) VALUES (NEW.sender_id, NEW.id, 'debit') ON CONFLICT DO NOTHING;
    END IF;
    IF NEW.recipient_id IS NOT NULL THEN
      INSERT INTO money_alerts (user_id, transaction_id, direction) VALUES (NEW.recipient_id, NEW.id, 'credit') ON CONFLICT DO NOTHING;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The kept counts (0052, 0056) add a commit's changes to a slot no other commit holds: the
-- backend's own slot when it is free, else the next free one (SKIP LOCKED), so a commit waits for
-- another only when all 16 are taken.
CREATE OR REPLACE FUNCTION kolo_count_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old transaction_status;
  v_new transaction_status;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN v_old := OLD.status; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN v_new := NEW.status; END IF;
  IF v_old IS NOT DISTINCT FROM v_new THEN RETURN NULL; END IF;
  UPDATE transaction_counts SET
    pending = pending + (v_new IS NOT DISTINCT FROM 'pending')::int - (v_old IS NOT DISTINCT FROM 'pending')::int,
    processing = processing + (v_new IS NOT DISTINCT FROM 'processing')::int - (v_old IS NOT DISTINCT FROM 'processing')::int,
    completed = completed + (v_new IS NOT DISTINCT FROM 'completed')::int - (v_old IS NOT DISTINCT FROM 'completed')::int,
    failed = failed + (v_new IS NOT DISTINCT FROM 'failed')::int - (v_old IS NOT DISTINCT FROM 'failed')::int,
    reversed = reversed + (v_new IS NOT DISTINCT FROM 'reversed')::int - (v_old IS NOT DISTINCT FROM 'reversed')::int
  WHERE slot = coalesce(
    (SELECT c.slot FROM transaction_counts AS c ORDER BY (c.slot - pg_backend_pid() % 16 + 16) % 16 LIMIT 1 FOR UPDATE SKIP LOCKED),
    pg_backend_pid() % 16);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kolo_count_user() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old integer;
  v_new integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN v_old := OLD.verification_level; END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN v_new := NEW.verification_level; END IF;
  IF v_old IS NOT DISTINCT FROM v_new THEN RETURN NULL; END IF;
  UPDATE user_counts SET
    level0 = level0 + (v_new IS NOT DISTINCT FROM 0)::int - (v_old IS NOT DISTINCT FROM 0)::int,
    level1 = level1 + (v_new IS NOT DISTINCT FROM 1)::int - (v_old IS NOT DISTINCT FROM 1)::int,
    level2 = level2 + (v_new IS NOT DISTINCT FROM 2)::int - (v_old IS NOT DISTINCT FROM 2)::int
  WHERE slot = coalesce(
    (SELECT c.slot FROM user_counts AS c ORDER BY (c.slot - pg_backend_pid() % 16 + 16) % 16 LIMIT 1 FOR UPDATE SKIP LOCKED),
    pg_backend_pid() % 16);
  RETURN NULL;
END $$;
