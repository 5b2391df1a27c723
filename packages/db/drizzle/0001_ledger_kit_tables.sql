CREATE TYPE "public"."hold_status" AS ENUM('held', 'settled', 'released', 'reversed');--> statement-breakpoint
CREATE TABLE "daily_outgoing" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"total_kobo" bigint NOT NULL,
	CONSTRAINT "daily_outgoing_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "daily_outgoing_total_non_negative" CHECK ("daily_outgoing"."total_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "holds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "holds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"reference" text NOT NULL,
	"wallet_account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"transaction_id" integer,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"day" date NOT NULL,
	"status" "hold_status" DEFAULT 'held' NOT NULL,
	"hold_entry_id" bigint NOT NULL,
	"final_entry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holds_reference_unique" UNIQUE("reference"),
	CONSTRAINT "holds_amount_positive" CHECK ("holds"."amount" > 0),
	CONSTRAINT "holds_fee_non_negative" CHECK ("holds"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_journal_entry_id_journal_entries_id_fk";
--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "transaction_id" integer;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD COLUMN "reverses_entry_id" bigint;--> statement-breakpoint
ALTER TABLE "daily_outgoing" ADD CONSTRAINT "daily_outgoing_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_wallet_account_id_ledger_accounts_id_fk" FOREIGN KEY ("wallet_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_hold_entry_id_journal_entries_id_fk" FOREIGN KEY ("hold_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_final_entry_id_journal_entries_id_fk" FOREIGN KEY ("final_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_entry_id_journal_entries_id_fk" FOREIGN KEY ("reverses_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "journal_entries_transaction_id_idx" ON "journal_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_merchant_wallet_key" ON "ledger_accounts" USING btree ("user_id") WHERE "ledger_accounts"."kind" = 'merchant_wallet';--> statement-breakpoint
-- Data: keep the link of every completed record to its entry, now held by the entry.
UPDATE "journal_entries" AS je SET "transaction_id" = t."id" FROM "transactions" AS t WHERE t."journal_entry_id" = je."id";--> statement-breakpoint
-- Data: today's (and every past day's) outgoing totals, as the daily limit used to sum them.
INSERT INTO "daily_outgoing" ("user_id", "day", "total_kobo")
SELECT "sender_id", ("created_at" AT TIME ZONE 'Africa/Lagos')::date, sum("amount" + "fee")
FROM "transactions"
WHERE "sender_id" IS NOT NULL AND "type" IN ('transfer', 'payment', 'airtime', 'data', 'p2p') AND "status" IN ('pending', 'processing', 'completed')
GROUP BY 1, 2;--> statement-breakpoint
ALTER TABLE "transactions" DROP COLUMN "journal_entry_id";--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reversesEntryId_unique" UNIQUE("reverses_entry_id");