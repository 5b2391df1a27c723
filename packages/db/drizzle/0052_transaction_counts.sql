-- The admin list's tab counts, maintained (docs/performance.md "Flat reads"): per-status counts of
-- transaction records in 16 slot rows summed at read, moved at commit by a deferred trigger, and
-- the keyset index of the status tabs.
CREATE TABLE "transaction_counts" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"pending" bigint DEFAULT 0 NOT NULL,
	"processing" bigint DEFAULT 0 NOT NULL,
	"completed" bigint DEFAULT 0 NOT NULL,
	"failed" bigint DEFAULT 0 NOT NULL,
	"reversed" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "transaction_counts_slot" CHECK ("transaction_counts"."slot" between 0 and 15)
);
--> statement-breakpoint
CREATE INDEX "transactions_status_created_idx" ON "transactions" USING btree ("status","created_at","id");--> statement-breakpoint
-- Each database transaction adds its changes to the slot of its backend, at commit (a deferred
-- constraint trigger): the one counter row it locks is its last lock, held for the commit only.
CREATE FUNCTION kolo_count_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
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
  WHERE slot = pg_backend_pid() % 16;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER transactions_count_rows AFTER INSERT OR DELETE ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION kolo_count_transaction();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER transactions_count_status AFTER UPDATE OF status ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION kolo_count_transaction();
--> statement-breakpoint
-- Recounts from the table, under a lock that keeps writers out meanwhile: the backfill below, and
-- a bulk load that ran with the triggers off (session_replication_role = replica).
CREATE FUNCTION kolo_recount_transactions() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE transactions IN SHARE MODE;
  DELETE FROM transaction_counts;
  INSERT INTO transaction_counts (slot) SELECT generate_series(0, 15);
  UPDATE transaction_counts c SET
    pending = t.pending, processing = t.processing, completed = t.completed, failed = t.failed, reversed = t.reversed
  FROM (
    SELECT count(*) FILTER (WHERE status = 'pending') AS pending,
           count(*) FILTER (WHERE status = 'processing') AS processing,
           count(*) FILTER (WHERE status = 'completed') AS completed,
           count(*) FILTER (WHERE status = 'failed') AS failed,
           count(*) FILTER (WHERE status = 'reversed') AS reversed
    FROM transactions
  ) t
  WHERE c.slot = 0;
END $$;
--> statement-breakpoint
CREATE FUNCTION kolo_reset_transaction_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE transaction_counts SET pending = 0, processing = 0, completed = 0, failed = 0, reversed = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_count_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION kolo_reset_transaction_counts();
--> statement-breakpoint
SELECT kolo_recount_transactions();
