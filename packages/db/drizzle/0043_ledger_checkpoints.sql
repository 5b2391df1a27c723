CREATE TABLE "ledger_checkpoints" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"posting_id" bigint NOT NULL,
	"hash" "bytea" NOT NULL,
	"balance" bigint NOT NULL,
	"verified_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_verifications" ADD COLUMN "mode" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_checkpoints" ADD CONSTRAINT "ledger_checkpoints_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "daily_outgoing_day_idx" ON "daily_outgoing" USING btree ("day");--> statement-breakpoint
CREATE INDEX "holds_held_idx" ON "holds" USING btree ("id") WHERE "holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX "holds_day_idx" ON "holds" USING btree ("day");--> statement-breakpoint
CREATE INDEX "postings_account_id_id_idx" ON "postings" USING btree ("account_id","id");