-- Who a money-out record paid, as one text key (fraud monitoring, docs/product.md "Fraud controls"):
-- a Kolo wallet, a bank account, a merchant, a meter, a smartcard, or a phone. Immutable so that
-- transactions_sender_payee_idx can be built on it: readFraudFacts asks "paid this payee before?"
-- with one probe instead of reading every payment of the payer (docs/performance.md "At scale").
-- The type is compared as text, and the index kept to rows with a sender rather than to the
-- money-out types: enum values added by a later migration cannot be used in the one transaction
-- the migrations run in on a new database (PostgreSQL 15: "unsafe use of new value").
CREATE OR REPLACE FUNCTION kolo_payee_key(p_type transaction_type, p_recipient_id integer, p_metadata jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE p_type::text
    WHEN 'p2p' THEN 'user:' || p_recipient_id::text
    WHEN 'transfer' THEN 'bank:' || coalesce(p_metadata->>'bankCode', '') || ':' || coalesce(p_metadata->>'accountNumber', '')
    WHEN 'payment' THEN 'merchant:' || coalesce(p_metadata->>'merchantId', '')
    WHEN 'electricity' THEN 'meter:' || coalesce(p_metadata->>'meterNumber', '')
    WHEN 'cable' THEN 'card:' || coalesce(p_metadata->>'smartcardNumber', '')
    ELSE 'phone:' || coalesce(p_metadata->>'phoneNumber', '')
  END
$$;--> statement-breakpoint
CREATE INDEX "transactions_sender_payee_idx" ON "transactions" USING btree ("sender_id",kolo_payee_key("type", "recipient_id", "metadata"),"created_at") WHERE "transactions"."sender_id" is not null;
