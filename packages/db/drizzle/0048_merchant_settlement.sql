-- Merchant refunds and settlement (docs/product.md "Refunds", "Settlement"): the settlement account, float and
-- automatic switch on the merchant; an index to sum a payment's refunds; the Paystack sandbox's refunded total.
ALTER TABLE "paystack_sandbox_charges" ADD COLUMN "refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "settlement_bank_code" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "settlement_bank_name" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "settlement_account_number" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "settlement_account_name" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "settlement_float" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "merchants" ADD COLUMN "auto_settle" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_refund_of_idx" ON "transactions" USING btree (("metadata"->>'refundOf')) WHERE "transactions"."type" = 'payment' and "transactions"."metadata" ? 'refundOf';--> statement-breakpoint
CREATE INDEX "merchants_auto_settle_idx" ON "merchants" USING btree ("id") WHERE "merchants"."auto_settle";--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_settlement_float_range" CHECK ("merchants"."settlement_float" >= 0);