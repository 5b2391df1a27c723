// Benchmark-only bulk fixture of the Paystack sandbox (docs/performance.md "bench:scale"): fills one
// day of the sandbox's records, the charges `GET /transaction` lists and the transfers `GET /transfer`
// lists, with set-based SQL straight into the sandbox's own tables (its state lives in PostgreSQL),
// so a reconciliation run can read a day of 100,000 provider records through the sandbox's paged
// API. Never called by the server, the demo or the tests of behaviour.
import type { DbOrTx } from "@kolo/db";
import { sql } from "drizzle-orm";

/** The transfer recipient every mirrored payout names (created once). */
const BULK_RECIPIENT_CODE = "RCP_benchbulk";

export interface BulkDayResult {
  /** Charges mirrored from Kolo's top-ups and card payments of the day. */
  mirroredCharges: number;
  /** Transfers mirrored from Kolo's payouts of the day. */
  mirroredTransfers: number;
  /** Abandoned checkouts added to reach `total`. */
  abandoned: number;
  /** The sandbox's charges and transfers created in the day, after the fill. */
  total: number;
}

const countOf = async (db: DbOrTx, query: ReturnType<typeof sql>) => Number(((await db.execute(query)) as unknown as { n: string }[])[0]?.n ?? 0);

/**
 * Makes the sandbox hold at least `total` records created in [from, to) (one Lagos day):
 * 1. each of Kolo's top-ups and card payments of the day as a charge with its reference and amount
 *    (completed -> success and paid, failed -> failed, else abandoned), as the gateway would list it;
 * 2. each of Kolo's payouts of the day as a transfer (completed -> success, failed/reversed alike,
 *    else pending), no webhook due;
 * 3. abandoned checkouts (`BULK-{tag}-{n}`, n after the day's count so far, no Kolo record: matched by a run, as Paystack lists a
 *    checkout nobody paid) spread over the day, until the day holds `total`.
 * Idempotent: a record already held (same reference) is kept, and a second call adds only what is
 * missing. Answers what it added and the day's total.
 */
export async function holdSandboxDay(db: DbOrTx, params: { from: Date; to: Date; total: number; tag: string }): Promise<BulkDayResult> {
  const from = params.from.toISOString();
  const to = params.to.toISOString();
  const inDay = (table: string) => sql.raw(`${table}.created_at >= '${from}'::timestamptz and ${table}.created_at < '${to}'::timestamptz`);
  const mirroredCharges = await countOf(
    db,
    sql`with added as (
      insert into paystack_sandbox_charges (reference, access_code, amount, currency, email, callback_url, status, paid_at, channel, created_at)
      select t.reference, 'bulk' || md5(t.reference), t.amount, 'NGN', coalesce(u.email, 'bench-payer@example.com'), 'http://127.0.0.1/bench',
        case t.status when 'completed' then 'success' when 'failed' then 'failed' else 'abandoned' end,
        case when t.status = 'completed' then t.created_at end, 'card', t.created_at
      from transactions t left join users u on u.id = t.recipient_id
      where ${inDay("t")} and (t.type = 'topup' or (t.type = 'payment' and t.metadata->>'channel' = 'card'))
      on conflict do nothing returning 1)
    select count(*) as n from added`,
  );
  await db.execute(sql`
    insert into paystack_sandbox_recipients (recipient_code, name, account_number, account_name, bank_code, bank_name)
    values (${BULK_RECIPIENT_CODE}, 'Bench Payee', '0123456785', 'CHIOMA OKAFOR', '058', 'Guaranty Trust Bank') on conflict do nothing`);
  const mirroredTransfers = await countOf(
    db,
    sql`with added as (
      insert into paystack_sandbox_transfers (reference, transfer_code, recipient_code, amount, reason, status, outcome, created_at, updated_at)
      select t.reference, 'TRF_bulk' || md5(t.reference), ${BULK_RECIPIENT_CODE}, t.amount, t.description,
        case t.status when 'completed' then 'success' when 'failed' then 'failed' when 'reversed' then 'reversed' else 'pending' end,
        case t.status when 'completed' then 'success' when 'failed' then 'failed' when 'reversed' then 'reversed' else 'pending' end,
        t.created_at, t.created_at
      from transactions t
      where ${inDay("t")} and t.type = 'transfer' and t.metadata ? 'channel'
      on conflict do nothing returning 1)
    select count(*) as n from added`,
  );
  const held = async () =>
    (await countOf(db, sql`select count(*) as n from paystack_sandbox_charges c where ${inDay("c")}`)) +
    (await countOf(db, sql`select count(*) as n from paystack_sandbox_transfers t where ${inDay("t")}`));
  const before = await held();
  const missing = Math.max(0, params.total - before);
  const abandoned =
    missing === 0
      ? 0
      : await countOf(
          db,
          sql`with added as (
            insert into paystack_sandbox_charges (reference, access_code, amount, currency, email, callback_url, status, channel, created_at)
            select 'BULK-' || ${params.tag} || '-' || (${before}::int + g), 'bulk' || md5(${params.tag} || (${before}::int + g)), 100 * (1 + g % 5000), 'NGN', 'bench-payer@example.com',
              'http://127.0.0.1/bench', 'abandoned', 'card',
              ${from}::timestamptz + (${to}::timestamptz - ${from}::timestamptz) * ((g - 0.5) / ${missing})
            from generate_series(1, ${missing}::int) g
            on conflict do nothing returning 1)
          select count(*) as n from added`,
        );
  return { mirroredCharges, mirroredTransfers, abandoned, total: await held() };
}
