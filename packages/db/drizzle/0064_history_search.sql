-- History's search, covered up to a boundary (docs/performance.md "History search, covered up to a
-- boundary"; the table's comment in src/schema/ledger.ts).
CREATE TABLE "history_search_cover" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"boundary" timestamp with time zone NOT NULL,
	CONSTRAINT "history_search_cover_one_row" CHECK ("history_search_cover"."only")
);--> statement-breakpoint
-- The fields History's search matches (listUserTransactions): the description, the reference and the
-- parties' names and phone as the metadata keeps them, lower-cased, joined by U+001F (a character no
-- field holds, so a match never spans two fields). Stored: computed once, when the row is written or
-- its metadata changes; no index a new record enters holds it.
ALTER TABLE "transactions" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(
  "description" || E'\x1f' || "reference"
  || E'\x1f' || coalesce("metadata"->>'senderName', '') || E'\x1f' || coalesce("metadata"->>'recipientName', '')
  || E'\x1f' || coalesce("metadata"->>'accountName', '') || E'\x1f' || coalesce("metadata"->>'merchantName', '')
  || E'\x1f' || coalesce("metadata"->>'payerName', '') || E'\x1f' || coalesce("metadata"->>'customerName', '')
  || E'\x1f' || coalesce("metadata"->>'phoneNumber', '')
)) STORED;--> statement-breakpoint
-- The first cover: every record before the start of today (UTC). The indexes are named after their
-- boundary (coverHistorySearch builds the next ones the same way, concurrently, then drops these).
DO $$
DECLARE
  v_boundary timestamptz := date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  v_stamp text := to_char(v_boundary AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISS');
BEGIN
  INSERT INTO history_search_cover (boundary) VALUES (v_boundary);
  EXECUTE format('CREATE INDEX %I ON transactions (sender_id, created_at, id) INCLUDE (type, search_text) WHERE created_at < %L::timestamptz',
    'transactions_sender_search_' || v_stamp, v_boundary);
  EXECUTE format('CREATE INDEX %I ON transactions (recipient_id, created_at, id) INCLUDE (sender_id, type, search_text) WHERE created_at < %L::timestamptz',
    'transactions_recipient_search_' || v_stamp, v_boundary);
END
$$;
