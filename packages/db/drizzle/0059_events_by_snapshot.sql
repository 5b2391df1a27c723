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
