-- A payout's metadata kept its fee in naira (`fee`, a JSON number such as 50.5): the one stored
-- amount that was not kobo. It becomes `feeKobo`, an integer number of kobo (docs/decisions/money-and-ledger.md);
-- the wire still shows `metadata.fee` in naira, made from the record's `fee` column.
UPDATE "transactions"
SET "metadata" = ("metadata" - 'fee') || jsonb_build_object('feeKobo', round(("metadata" ->> 'fee')::numeric * 100)::bigint)
WHERE "type" = 'transfer' AND "metadata" ? 'fee' AND jsonb_typeof("metadata" -> 'fee') = 'number';
