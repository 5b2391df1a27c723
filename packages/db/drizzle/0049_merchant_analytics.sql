-- Merchant analytics and customers (docs/decisions/merchants.md "Analytics and customers"; figures in
-- docs/performance.md): the views merchant_payments and merchant_refunds, and the index that covers
-- the first, so a merchant's payments of a period are read by an index-only scan.
CREATE INDEX "transactions_merchant_payments_idx" ON "transactions" USING btree (((("metadata"->>'merchantId')::int)), "created_at")
  INCLUDE ("amount", "sender_id", "metadata")
  WHERE "type" = 'payment' AND "status" = 'completed';--> statement-breakpoint
-- Statistics of the channel and the merchant as the views read them: without them PostgreSQL guesses
-- a handful of rows for a merchant's 100,000 and sorts on disk instead of hashing.
CREATE STATISTICS "transactions_merchant_payment_stats" ON (("metadata"->>'channel')), ((("metadata"->>'merchantId')::int)) FROM "transactions";--> statement-breakpoint
-- A merchant's payments (docs/decisions/merchants.md "Analytics and customers"): the one place that
-- says which records are payments to a merchant and through which channel. Today QR and invoice
-- payments are `payment` records whose metadata names the merchant and the channel ('qr', 'invoice');
-- a new channel (a payment link paid from a wallet 'link', or by card 'card') is counted once its
-- records carry it. A guest payer (no Kolo account) is known by metadata.payerEmail.
CREATE VIEW "merchant_payments" AS
SELECT
  t."id",
  (t."metadata"->>'merchantId')::int AS "merchant_id",
  t."reference",
  t."amount",
  t."metadata"->>'channel' AS "channel",
  t."sender_id" AS "payer_user_id",
  t."metadata"->>'payerName' AS "payer_name",
  lower(t."metadata"->>'payerEmail') AS "payer_email",
  t."created_at"
FROM "transactions" t
WHERE t."type" = 'payment'
  AND t."status" = 'completed'
  AND t."metadata"->>'channel' IN ('qr', 'invoice', 'link', 'card');--> statement-breakpoint
-- Refunds of merchant payments (kobo), by merchant and time: `payment` records with channel 'refund'
-- naming the payment they give back (metadata.refundOf), counted once completed (a card refund when
-- the gateway says processed). None exist before refunds are recorded: the view is then empty.
CREATE VIEW "merchant_refunds" AS
SELECT
  t."id",
  (t."metadata"->>'merchantId')::int AS "merchant_id",
  t."metadata"->>'refundOf' AS "payment_reference",
  t."amount",
  t."created_at"
FROM "transactions" t
WHERE t."type" = 'payment'
  AND t."status" = 'completed'
  AND t."metadata"->>'channel' = 'refund';
