-- Fewer writes a transfer (docs/performance.md "Fewer writes a transfer"): the one-reversal-per-entry
-- rule becomes a partial unique index (entries that reverse nothing, nearly all, add no index entry;
-- the rule is the same), and a new record's money alerts are written by a plain INSERT (a new
-- record has none yet; ON CONFLICT stays for a status change, which may meet the alerts of an
-- earlier completion).
ALTER TABLE "journal_entries" DROP CONSTRAINT "journal_entries_reversesEntryId_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reverses_entry_id_key" ON "journal_entries" USING btree ("reverses_entry_id") WHERE "journal_entries"."reverses_entry_id" is not null;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kolo_queue_money_alert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status <> 'completed' OR (TG_OP = 'UPDATE' AND OLD.status IS NOT DISTINCT FROM 'completed') THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO money_alerts (user_id, transaction_id, direction)
    SELECT p.user_id, NEW.id, p.direction FROM (VALUES (NEW.sender_id, 'debit'), (NEW.recipient_id, 'credit')) AS p (user_id, direction)
    WHERE p.user_id IS NOT NULL;
  ELSE
    INSERT INTO money_alerts (user_id, transaction_id, direction)
    SELECT p.user_id, NEW.id, p.direction FROM (VALUES (NEW.sender_id, 'debit'), (NEW.recipient_id, 'credit')) AS p (user_id, direction)
    WHERE p.user_id IS NOT NULL
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
