-- Liens on merchant recipients (docs/product.md "Fraud claims"): a claim on a QR, invoice or
-- payment-link payment from a wallet holds money on the merchant's wallet, so each claim says which
-- of the recipient's wallets the money reached ('user' for every claim before this one).
ALTER TABLE "fraud_claims" ADD COLUMN "recipient_wallet" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "fraud_claims" ADD CONSTRAINT "fraud_claims_recipient_wallet" CHECK ("fraud_claims"."recipient_wallet" in ('user', 'merchant'));