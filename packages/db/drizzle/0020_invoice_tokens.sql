-- Invoices are read and paid by an unguessable token, never by their sequential id
-- (docs/decisions.md "Security, second round"); a merchant may cancel an unpaid invoice.
ALTER TYPE "public"."invoice_status" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "token" text;--> statement-breakpoint
-- Existing invoices: 244 random bits from two UUIDs (PostgreSQL's gen_random_uuid, a CSPRNG).
UPDATE "invoices" SET "token" = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') WHERE "token" IS NULL;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "token" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_token_key" ON "invoices" USING btree ("token");
