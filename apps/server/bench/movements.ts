// Many wallet movements for one user, straight into the ledger tables (balanced journal entries,
// placeholder hashes and balances after, the wallet's balance left as it was): what statements are measured and
// tested on (bench:statement, the per-user caps test). Never for a database anything else verifies.
import type postgres from "postgres";

/**
 * Inserts `count` journal entries spread over the last 360 days, each moving 1 to 500 naira
 * between `userId`'s wallet and the first system account (in on even entries, out on odd ones).
 */
export async function seedWalletMovements(sql: postgres.Sql, userId: number, count: number): Promise<void> {
  await sql.unsafe(
    `
    with wallet as (select id from ledger_accounts where kind = 'user_wallet' and user_id = $1),
         counter as (select id from ledger_accounts where kind = 'system' order by id limit 1),
         entries as (
           insert into journal_entries (idempotency_key, kind, description, created_at)
           select 'bench-statement-' || $1 || '-' || g, 'bench', case when g % 2 = 0 then 'Bench transfer in ' || g else 'Bench payment ' || g end,
                  now() - make_interval(secs => (360 * 86400.0) * ($2 - g) / $2)
           from generate_series(1, $2) g
           returning id, created_at, description
         )
    insert into postings (journal_entry_id, account_id, amount, balance_after, created_at, hash)
    select e.id, a.account_id, a.amount, 0, e.created_at, '\\x00'::bytea
    from entries e,
         lateral (select (100 + (e.id % 500) * 100) * (case when e.description like 'Bench transfer in%' then 1 else -1 end) as kobo) k,
         lateral (values ((select id from wallet), k.kobo), ((select id from counter), -k.kobo)) as a(account_id, amount)`,
    [userId, count],
  );
}
