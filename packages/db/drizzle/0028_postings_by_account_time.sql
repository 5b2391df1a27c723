DROP INDEX "postings_account_id_idx";--> statement-breakpoint
CREATE INDEX "postings_account_created_idx" ON "postings" USING btree ("account_id","created_at","id");