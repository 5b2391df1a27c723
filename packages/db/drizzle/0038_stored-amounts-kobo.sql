-- The last stored amounts in naira become integer kobo (docs/decisions/money-and-ledger.md "No stored
-- amount in naira"), as 0036 did for the payout fee: a top-up's `gatewayFee` and `reportedAmount`
-- (transaction metadata) become `gatewayFeeKobo` and `reportedAmountKobo`; a review credit's audit
-- field `credited` becomes `creditedKobo`. The wire still shows `gatewayFee` and `reportedAmount` in naira.
UPDATE "transactions"
SET "metadata" = ("metadata" - 'gatewayFee') || jsonb_build_object('gatewayFeeKobo', round(("metadata" ->> 'gatewayFee')::numeric * 100)::bigint)
WHERE "type" = 'topup' AND jsonb_typeof("metadata" -> 'gatewayFee') = 'number';
--> statement-breakpoint
UPDATE "transactions"
SET "metadata" = ("metadata" - 'reportedAmount') || jsonb_build_object('reportedAmountKobo', round(("metadata" ->> 'reportedAmount')::numeric * 100)::bigint)
WHERE "type" = 'topup' AND jsonb_typeof("metadata" -> 'reportedAmount') = 'number';
--> statement-breakpoint
UPDATE "admin_audit"
SET "after" = ("after" - 'credited') || jsonb_build_object('creditedKobo', round(("after" ->> 'credited')::numeric * 100)::bigint)
WHERE "action" = 'review_resolve' AND jsonb_typeof("after" -> 'credited') = 'number';
