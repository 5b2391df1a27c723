-- The Paystack sandbox retries a charge's charge.success webhook until it gets a 200, as Paystack
-- does (docs/providers.md "Webhook retries"): the attempts so far and when the next is due, kept in
-- the database so any server of a cluster sends a due retry, even after the one that owed it died.
ALTER TABLE "paystack_sandbox_charges" ADD COLUMN "webhook_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "paystack_sandbox_charges" ADD COLUMN "next_webhook_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "paystack_sandbox_charges_webhook_due_idx" ON "paystack_sandbox_charges" USING btree ("next_webhook_at");
