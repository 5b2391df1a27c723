// The daily reconciliation's reads and writes (docs/money-integrity.md "Daily reconciliation"):
// the day's Kolo records to compare with the providers', the system accounts' movements, and the
// runs with their exceptions. The comparison itself is in packages/api (money/reconciliation.ts).
import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import {
  type ReconciliationException,
  type ReconciliationRun,
  type TransactionRecord,
  reconciliationExceptions,
  reconciliationRuns,
  reviewItems,
  transactions,
} from "../schema";

/**
 * Kolo's records of `types` created in [from, to), plus those of the same types whose reference is
 * in `references` (a provider record of the day whose Kolo record was made earlier or later; any
 * number of them: they travel as one parameter). Each record once, in no particular order.
 * Two reads, merged here: the day's from `transactions_created_idx`, the named ones from the unique
 * index on `reference`. As one `day OR reference in (…)` no index could serve it: at ten million
 * records the read failed the day's run (docs/performance.md "At scale").
 */
export async function recordsForReconciliation(
  db: DbOrTx,
  params: { types: TransactionRecord["type"][]; from: Date; to: Date; references: string[] },
): Promise<TransactionRecord[]> {
  const ofTypes = inArray(transactions.type, params.types);
  const inDay = await db
    .select()
    .from(transactions)
    .where(and(ofTypes, gte(transactions.createdAt, params.from), lt(transactions.createdAt, params.to)));
  if (params.references.length === 0) return inDay;
  // The references as one JSON parameter: a day holds 100,000 provider records and more, past the
  // 65,535 bind parameters one statement may carry (an IN list takes one each).
  const named = await db
    .select()
    .from(transactions)
    .where(and(ofTypes, sql`${transactions.reference} = any(array(select jsonb_array_elements_text(${JSON.stringify(params.references)}::jsonb)))`));
  const byId = new Map(inDay.map((record) => [record.id, record]));
  for (const record of named) byId.set(record.id, record);
  return [...byId.values()];
}

/** Kobo each system account moved in [from, to): the sum of its postings, by account code. */
export async function systemAccountMovements(db: DbOrTx, range: { from: Date; to: Date }): Promise<Record<string, bigint>> {
  const rows = (await db.execute(sql`
    select a.code, coalesce(sum(p.amount), 0)::text as total from ledger_accounts a
    left join postings p on p.account_id = a.id and p.created_at >= ${range.from.toISOString()}::timestamptz and p.created_at < ${range.to.toISOString()}::timestamptz
    where a.kind = 'system' group by a.code order by a.code`)) as unknown as { code: string; total: string }[];
  return Object.fromEntries(rows.map((r) => [r.code, BigInt(r.total)]));
}

/** Starts a run of the Lagos day `day` (YYYY-MM-DD), state running. */
export async function createReconciliationRun(db: DbOrTx, params: { day: string; triggeredBy: number | null }): Promise<ReconciliationRun> {
  const [row] = await db.insert(reconciliationRuns).values({ day: params.day, triggeredBy: params.triggeredBy }).returning();
  return row!;
}

/** Ends a run: completed with its counts, totals and ledger verification, or failed with the error. */
export async function finishReconciliationRun(
  db: DbOrTx,
  id: number,
  result:
    | {
        state: "completed";
        counts: NonNullable<ReconciliationRun["counts"]>;
        totals: Record<string, string>;
        ledgerOk: boolean;
        ledgerFirstBroken: string | null;
        ledgerHeadsDigest: string;
      }
    | { state: "failed"; error: string },
): Promise<ReconciliationRun> {
  const [row] = await db
    .update(reconciliationRuns)
    .set({ ...result, finishedAt: new Date() })
    .where(eq(reconciliationRuns.id, id))
    .returning();
  return row!;
}

/** Stores a run's exceptions. */
export async function insertReconciliationExceptions(db: DbOrTx, rows: Omit<ReconciliationException, "id">[]): Promise<void> {
  if (rows.length > 0) await db.insert(reconciliationExceptions).values(rows);
}

/** The newest runs first, at most `limit`. */
export async function listReconciliationRuns(db: DbOrTx, limit = 60): Promise<ReconciliationRun[]> {
  return db.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.startedAt), desc(reconciliationRuns.id)).limit(limit);
}

/** One run and its exceptions (in the order found), or undefined. */
export async function findReconciliationRun(db: DbOrTx, id: number): Promise<{ run: ReconciliationRun; exceptions: ReconciliationException[] } | undefined> {
  const [run] = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, id));
  if (!run) return undefined;
  const exceptions = await db.select().from(reconciliationExceptions).where(eq(reconciliationExceptions.runId, id)).orderBy(reconciliationExceptions.id);
  return { run, exceptions };
}

/** The review item with `key`, open or resolved (a rerun links its exception to the item the first run opened). */
export async function findReviewItemByKey(db: DbOrTx, key: string) {
  const [row] = await db.select().from(reviewItems).where(eq(reviewItems.key, key));
  return row;
}
