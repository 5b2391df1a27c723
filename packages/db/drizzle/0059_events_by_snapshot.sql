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
-- second (docs/product.md "E-mail alerts"). A record's two alerts are written by one statement.
CREATE OR REPLACE FUNCTION kolo_queue_money_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'completed' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'completed') THEN
    INSERT INTO money_alerts (user_id, transaction_id, direction)
    SELECT p.user_id, NEW.id, p.direction FROM (VALUES (NEW.sender_id, 'debit'), (NEW.recipient_id, 'credit')) AS p (user_id, direction)
    WHERE p.user_id IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
