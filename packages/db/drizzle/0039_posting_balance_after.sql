-- Each posting keeps the balance its account had right after it (written by kolo_apply_postings
-- from 0039 on): a money alert tells the balance after its own transaction, not the wallet's at
-- sending time (docs/product.md "E-mail alerts"). Earlier postings get theirs from the running sum
-- of their account's postings in id order, the order their account's lock applied them in.
ALTER TABLE "postings" ADD COLUMN "balance_after" bigint;--> statement-breakpoint
UPDATE "postings" AS p SET "balance_after" = s.running
FROM (SELECT id, sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS running FROM "postings") AS s
WHERE s.id = p.id;--> statement-breakpoint
ALTER TABLE "postings" ALTER COLUMN "balance_after" SET NOT NULL;--> statement-breakpoint
-- The money-alert outbox announces each new alert at commit on `kolo_money_alerts`, so the alert
-- job runs within seconds of the transaction (the every-minute schedule stays as the safety net).
CREATE OR REPLACE FUNCTION kolo_queue_money_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'completed' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'completed') THEN
    IF NEW.sender_id IS NOT NULL THEN
      INSERT INTO money_alerts (user_id, transaction_id, direction) VALUES (NEW.sender_id, NEW.id, 'debit') ON CONFLICT DO NOTHING;
    END IF;
    IF NEW.recipient_id IS NOT NULL THEN
      INSERT INTO money_alerts (user_id, transaction_id, direction) VALUES (NEW.recipient_id, NEW.id, 'credit') ON CONFLICT DO NOTHING;
    END IF;
    IF NEW.sender_id IS NOT NULL OR NEW.recipient_id IS NOT NULL THEN
      PERFORM pg_notify('kolo_money_alerts', NEW.id::text);
    END IF;
  END IF;
  RETURN NULL;
END $$;
