// The fault campaign's checks, run when nothing is pending (docs/money-integrity.md): one result
// per invariant, in the order the summary names them. Each reads the database directly.
import { type Database, verifyLedger } from "@kolo/db";
import type postgres from "postgres";

/** An operation the client got a 2xx for: the record it created must exist exactly once. */
export interface Acknowledged {
  kind: string;
  /** The idempotency key sent (or, for a transfer in, the sender's reference). */
  key: string;
  userId: number;
  reference?: string;
  transactionId?: number;
}

export interface InvariantResult {
  name: string;
  ok: boolean;
  /** What was checked, or the first few offenders. */
  detail: string;
}

const sample = (rows: readonly unknown[]) => JSON.stringify(rows.slice(0, 5), (_, v: unknown) => (typeof v === "bigint" ? v.toString() : v));

/**
 * The five invariants:
 * 1. `ledger:verify` passes (verifyLedger: chains, balances, invariants).
 * 2. No reference moved its money twice: each record's net change to the wallets is what its
 *    type and final status say (a completed top-up or transfer in +amount, a completed payout or
 *    purchase -(amount + fee), a failed or reversed one 0, an adjustment ±amount, a P2P or
 *    merchant payment 0 overall), and no reference holds two credits (journal entries of the same kind).
 * 3. Every provider-side success (Paystack charges and transfers, VTpass deliveries) is a Kolo
 *    completion or a review item (open, or resolved by an admin).
 * 4. The wallets (users' and merchants') hold money in less money out and fees, summed from the records.
 * 5. Every acknowledged operation's record exists exactly once.
 */
export async function checkInvariants(db: Database, sql: postgres.Sql, acknowledged: readonly Acknowledged[]): Promise<InvariantResult[]> {
  const results: InvariantResult[] = [];

  const verification = await verifyLedger(db, { full: true });
  const failedChecks = verification.checks.filter((check) => !check.ok);
  results.push({
    name: "ledger:verify passes",
    ok: verification.ok,
    detail: verification.ok ? `${verification.checks.length} checks` : `${verification.firstBroken ?? "?"}: ${sample(failedChecks)}`,
  });

  const wrongMoves = await sql`
    with moved as (
      select t.id, t.reference, t.type::text as type, t.status::text as status, t.amount, t.fee, t.metadata->>'direction' as direction,
        coalesce(sum(p.amount) filter (where a.kind <> 'system'), 0) as delta
      from transactions t
      left join journal_entries je on je.transaction_id = t.id
      left join postings p on p.journal_entry_id = je.id
      left join ledger_accounts a on a.id = p.account_id
      group by t.id)
    select id, reference, type, status, amount::text, fee::text, delta::text from moved
    where delta <> case
      when type = 'topup' then case when status = 'completed' then amount else 0 end
      when type in ('transfer', 'airtime', 'data', 'electricity') then case when status = 'completed' then -(amount + fee) else 0 end
      when type = 'other' and direction = 'credit' then amount
      when type = 'other' and direction = 'debit' then -amount
      else 0 end`;
  const twice = await sql`
    select t.reference, je.kind, count(*)::int as n from journal_entries je join transactions t on t.id = je.transaction_id
    where je.reverses_entry_id is null
      and not exists (select 1 from journal_entries r where r.reverses_entry_id = je.id)
    group by t.reference, je.kind having count(*) > 1`;
  results.push({
    name: "no provider reference credited twice",
    ok: wrongMoves.length === 0 && twice.length === 0,
    detail:
      wrongMoves.length + twice.length === 0
        ? "each record moved the wallets once, by its amount"
        : `${wrongMoves.length} records moved the wallets wrongly ${sample(wrongMoves)}; ${twice.length} references with two entries of one kind ${sample(twice)}`,
  });

  const unmatched = await sql`
    select 'paystack charge' as side, c.reference from paystack_sandbox_charges c
      where c.status = 'success' and not exists (select 1 from transactions k where k.reference = c.reference and k.status = 'completed')
        and not exists (select 1 from review_items r where r.reference = c.reference)
    union all
    select 'paystack transfer', s.reference from paystack_sandbox_transfers s
      where s.status = 'success' and not exists (select 1 from transactions k where k.reference = s.reference and k.status = 'completed')
        and not exists (select 1 from review_items r where r.reference = s.reference)
    union all
    select 'vtpass delivery', v.request_id from vtpass_sandbox_purchases v
      where v.status = 'delivered' and not exists (select 1 from transactions k where k.reference = v.request_id and k.status = 'completed')
        and not exists (select 1 from review_items r where r.reference = v.request_id)`;
  const [successes] = await sql<{ n: number }[]>`
    select (select count(*) from paystack_sandbox_charges where status = 'success')
      + (select count(*) from paystack_sandbox_transfers where status = 'success')
      + (select count(*) from vtpass_sandbox_purchases where status = 'delivered') as n`;
  results.push({
    name: "every provider-side success is one Kolo completion or one review item",
    ok: unmatched.length === 0,
    detail: unmatched.length === 0 ? `${successes!.n} provider successes matched` : `${unmatched.length} unmatched ${sample(unmatched)}`,
  });

  const [sums] = await sql<{ wallets: string; expected: string; inflow: string; outflow: string }[]>`
    with flows as (
      select
        coalesce(sum(amount) filter (where type = 'topup' and status = 'completed'), 0)
          + coalesce(sum(amount) filter (where type = 'other' and metadata->>'direction' = 'credit'), 0) as inflow,
        coalesce(sum(amount + fee) filter (where type in ('transfer', 'airtime', 'data', 'electricity') and status = 'completed'), 0)
          + coalesce(sum(amount) filter (where type = 'other' and metadata->>'direction' = 'debit'), 0) as outflow
      from transactions)
    select (select coalesce(sum(balance), 0) from ledger_accounts where kind <> 'system')::text as wallets,
      (inflow - outflow)::text as expected, inflow::text, outflow::text from flows`;
  results.push({
    name: "user and merchant balances = money in - money out - fees",
    ok: sums!.wallets === sums!.expected,
    detail: `wallets ${naira(sums!.wallets)}, in ${naira(sums!.inflow)} - out and fees ${naira(sums!.outflow)} = ${naira(sums!.expected)}`,
  });

  const references = acknowledged.filter((a) => a.reference).map((a) => a.reference!);
  const ids = acknowledged.filter((a) => a.transactionId !== undefined).map((a) => a.transactionId!);
  const found = new Map<string, number>();
  for (let i = 0; i < references.length; i += 5_000) {
    const rows = await sql<{ reference: string; n: number }[]>`
      select reference, count(*)::int as n from transactions where reference in ${sql(references.slice(i, i + 5_000))} group by reference`;
    for (const row of rows) found.set(row.reference, row.n);
  }
  const foundIds = new Set<number>();
  if (ids.length > 0) for (const row of await sql<{ id: number }[]>`select id from transactions where id in ${sql(ids)}`) foundIds.add(row.id);
  // A transfer in is acknowledged by the provider, not by Kolo: one whose webhook never came (it
  // died with the server that was sending it) is accounted for by the reconciliation's review item.
  const reviewed = new Set((await sql<{ reference: string }[]>`select distinct reference from review_items`).map((row) => row.reference));
  const seen = new Map<string, string>();
  const missing: Acknowledged[] = [];
  const doubled: Acknowledged[] = [];
  for (const a of acknowledged) {
    if (a.reference !== undefined && found.get(a.reference) !== 1 && !(a.kind === "transferIn" && !found.has(a.reference) && reviewed.has(a.reference)))
      missing.push(a);
    if (a.transactionId !== undefined && !foundIds.has(a.transactionId)) missing.push(a);
    const id = a.reference ?? `#${a.transactionId}`;
    // Two acknowledgements of different operations naming one record: one of them was not done.
    const first = seen.get(id);
    if (first !== undefined && first !== a.key) doubled.push(a);
    seen.set(id, a.key);
  }
  // Keys the clients sent more than once (after a SIGKILL) made one record each.
  const keyed = acknowledged.filter((a) => !a.key.startsWith("fund-") && a.kind !== "transferIn").map((a) => a.key);
  const sameKey = keyed.length
    ? await sql`select idempotency_key, count(*)::int as n from transactions where idempotency_key in ${sql(keyed)} and status <> 'failed'
        group by idempotency_key having count(*) > 1`
    : [];
  results.push({
    name: "every acknowledged operation exists exactly once",
    ok: missing.length === 0 && doubled.length === 0 && sameKey.length === 0,
    detail:
      missing.length + doubled.length + sameKey.length === 0
        ? `${acknowledged.length} acknowledged operations found once each`
        : `${missing.length} missing ${sample(missing)}; ${doubled.length} doubled ${sample(doubled)}; ${sameKey.length} keys with two records ${sample(sameKey)}`,
  });
  return results;
}

const naira = (kobo: string) => `₦${(Number(BigInt(kobo)) / 100).toLocaleString("en-NG", { minimumFractionDigits: 2 })}`;
