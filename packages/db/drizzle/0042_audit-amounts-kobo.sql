-- The admin audit's amounts become integer kobo like every other stored amount (docs/decisions/money-and-ledger.md
-- "Admin audit rows store kobo too"): in before and after, a number under `amount` or `balance` (wallet credits and
-- debits, forced moves, approvals) becomes `amountKobo`/`balanceKobo`, and the approval threshold's `value` becomes
-- `valueKobo`. GET /api/admin/audit still answers them in naira under the old names.
UPDATE "admin_audit"
SET "before" = ("before" - 'amount') || jsonb_build_object('amountKobo', round(("before" ->> 'amount')::numeric * 100)::bigint)
WHERE jsonb_typeof("before" -> 'amount') = 'number';
--> statement-breakpoint
UPDATE "admin_audit"
SET "before" = ("before" - 'balance') || jsonb_build_object('balanceKobo', round(("before" ->> 'balance')::numeric * 100)::bigint)
WHERE jsonb_typeof("before" -> 'balance') = 'number';
--> statement-breakpoint
UPDATE "admin_audit"
SET "before" = ("before" - 'value') || jsonb_build_object('valueKobo', round(("before" ->> 'value')::numeric * 100)::bigint)
WHERE jsonb_typeof("before" -> 'value') = 'number'
  AND ("subject" = 'setting:adjustment_approval_threshold' OR "after" ->> 'kind' = 'setting');
--> statement-breakpoint
UPDATE "admin_audit"
SET "after" = ("after" - 'amount') || jsonb_build_object('amountKobo', round(("after" ->> 'amount')::numeric * 100)::bigint)
WHERE jsonb_typeof("after" -> 'amount') = 'number';
--> statement-breakpoint
UPDATE "admin_audit"
SET "after" = ("after" - 'balance') || jsonb_build_object('balanceKobo', round(("after" ->> 'balance')::numeric * 100)::bigint)
WHERE jsonb_typeof("after" -> 'balance') = 'number';
--> statement-breakpoint
UPDATE "admin_audit"
SET "after" = ("after" - 'value') || jsonb_build_object('valueKobo', round(("after" ->> 'value')::numeric * 100)::bigint)
WHERE jsonb_typeof("after" -> 'value') = 'number'
  AND ("subject" = 'setting:adjustment_approval_threshold' OR "after" ->> 'kind' = 'setting');
