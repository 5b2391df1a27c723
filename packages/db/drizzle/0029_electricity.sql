ALTER TYPE "public"."transaction_type" ADD VALUE 'electricity' BEFORE 'p2p';--> statement-breakpoint
ALTER TABLE "vtpass_sandbox_purchases" ADD COLUMN "billers_code" text;