// The admin console's transaction list and the locks an admin move takes (docs/money-integrity.md
// "Admin moves"). Money never moves here: moves go through the outcome functions in packages/api.
import { type SQL, and, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import { containsPattern } from "./admin-users";
import { UnknownCursorError, afterCursor } from "./transactions";
import { type Hold, type TransactionRecord, holds, transactionCounts, transactions, users } from "../schema";

export interface AdminTransactionRow extends TransactionRecord {
  senderName: string | null;
  senderEmail: string | null;
  recipientName: string | null;
  recipientEmail: string | null;
}

const sender = alias(users, "sender");
const recipient = alias(users, "recipient");

function transactionsWithParties(db: DbOrTx) {
  return db
    .select({
      transaction: transactions,
      senderName: sender.name,
      senderEmail: sender.email,
      recipientName: recipient.name,
      recipientEmail: recipient.email,
    })
    .from(transactions)
    .leftJoin(sender, eq(sender.id, transactions.senderId))
    .leftJoin(recipient, eq(recipient.id, transactions.recipientId));
}

type PartiesRow = Awaited<ReturnType<ReturnType<typeof transactionsWithParties>["execute"]>>[number];
const flatten = (row: PartiesRow): AdminTransactionRow => ({
  ...row.transaction,
  senderName: row.senderName,
  senderEmail: row.senderEmail,
  recipientName: row.recipientName,
  recipientEmail: row.recipientEmail,
});

export type AdminTransactionStatusFilter = "all" | "pending" | "processing" | "completed" | "failed";

/**
 * The per-status counts of every transaction record, summed over the slot rows of
 * transaction_counts (kept by a trigger at each commit; drizzle/0052_transaction_counts.sql):
 * 16 rows read, whatever the table's size. `all` includes the reversed.
 */
export async function transactionStatusCounts(db: DbOrTx): Promise<Record<AdminTransactionStatusFilter, number>> {
  const [row] = await db
    .select({
      pending: sql<string>`coalesce(sum(${transactionCounts.pending}), 0)`,
      processing: sql<string>`coalesce(sum(${transactionCounts.processing}), 0)`,
      completed: sql<string>`coalesce(sum(${transactionCounts.completed}), 0)`,
      failed: sql<string>`coalesce(sum(${transactionCounts.failed}), 0)`,
      reversed: sql<string>`coalesce(sum(${transactionCounts.reversed}), 0)`,
    })
    .from(transactionCounts);
  const [pending, processing, completed, failed, reversed] = [row?.pending, row?.processing, row?.completed, row?.failed, row?.reversed].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { all: pending + processing + completed + failed + reversed, pending, processing, completed, failed };
}

/**
 * One page of every user's transactions, newest first (created_at desc, id desc), with the
 * sender's and recipient's name and e-mail, and the count per status tab
 * (docs/product.md#admin-console; server pagination; docs/performance.md "Flat reads").
 * - `cursor`, when given, is the id of the last row of the previous page (the answer's
 *   `nextCursor`): the page is the rows after it, read by keyset, and `page` is not used; else
 *   `page` skips (page - 1) × limit rows. `nextCursor`: the last row's id when the page is full,
 *   else null. UnknownCursorError when no transaction has that id.
 * - `reference`, when given, keeps the rows whose reference contains it, ignoring case (its `%`,
 *   `_` and `\` taken literally), in the rows and the counts alike: those counts are counted;
 *   without it they come from the maintained counts (transactionStatusCounts). A whole reference
 *   keeps its one transaction, found by the unique index (referenceCondition).
 */
export async function listAdminTransactions(
  db: DbOrTx,
  params: { page: number; limit: number; status: AdminTransactionStatusFilter; reference?: string; cursor?: number },
): Promise<{
  rows: AdminTransactionRow[];
  total: number;
  counts: Record<AdminTransactionStatusFilter, number>;
  nextCursor: number | null;
}> {
  const byReference = params.reference ? await referenceCondition(db, params.reference) : undefined;
  if (params.cursor !== undefined && !(await findTransactionById(db, params.cursor))) throw new UnknownCursorError();
  const where: SQL | undefined = and(
    byReference,
    params.status === "all" ? undefined : eq(transactions.status, params.status),
    params.cursor === undefined ? undefined : afterCursor(params.cursor),
  );
  const [rows, counts] = await Promise.all([
    transactionsWithParties(db)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(params.limit)
      .offset(params.cursor === undefined ? (params.page - 1) * params.limit : 0),
    byReference ? countByStatus(db, byReference) : transactionStatusCounts(db),
  ]);
  const last = rows.length === params.limit ? rows.at(-1) : undefined;
  return { rows: rows.map(flatten), total: counts[params.status], counts, nextCursor: last ? last.transaction.id : null };
}

/**
 * The condition of a reference search: the transaction whose whole reference it is (as typed, in
 * capitals or in small letters: one probe of transactions_reference_unique each) when there is
 * one, else the references containing it, ignoring case, which reads the whole table
 * (docs/decisions/support-and-admin.md "Transactions are searched by reference").
 */
async function referenceCondition(db: DbOrTx, reference: string): Promise<SQL> {
  const spellings = [...new Set([reference, reference.toUpperCase(), reference.toLowerCase()])];
  const exact = await db.select({ id: transactions.id }).from(transactions).where(inArray(transactions.reference, spellings));
  return exact.length > 0
    ? inArray(
        transactions.id,
        exact.map((row) => row.id),
      )
    : ilike(transactions.reference, containsPattern(reference));
}

/** The counts per status tab of the records matching `where` (a reference search: counted, not maintained). */
async function countByStatus(db: DbOrTx, where: SQL): Promise<Record<AdminTransactionStatusFilter, number>> {
  const byStatus = await db.select({ status: transactions.status, n: count() }).from(transactions).where(where).groupBy(transactions.status);
  const counts: Record<AdminTransactionStatusFilter, number> = { all: 0, pending: 0, processing: 0, completed: 0, failed: 0 };
  for (const { status, n } of byStatus) {
    counts.all += n;
    if (status in counts) counts[status as AdminTransactionStatusFilter] += n;
  }
  return counts;
}

/** One user's transactions (as sender or recipient), newest first, with the parties' names (the History dialog). */
export async function listAdminUserTransactions(db: DbOrTx, userId: number, limit = 100): Promise<AdminTransactionRow[]> {
  const rows = await transactionsWithParties(db)
    .where(or(eq(transactions.senderId, userId), eq(transactions.recipientId, userId)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
  return rows.map(flatten);
}

/** The transaction with this id; `forUpdate` locks it until the caller's transaction ends (an admin move). */
export async function findTransactionById(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}): Promise<TransactionRecord | undefined> {
  const query = db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/**
 * The hold of a transaction record, locked until the caller's transaction ends: the hold keyed on
 * the record's reference (how payouts and purchases make them), else one pointing at the record.
 */
export async function lockHoldForTransaction(db: DbOrTx, record: Pick<TransactionRecord, "id" | "reference">): Promise<Hold | undefined> {
  const [byReference] = await db.select().from(holds).where(eq(holds.reference, record.reference)).limit(1).for("update");
  if (byReference) return byReference;
  const [byRecord] = await db.select().from(holds).where(eq(holds.transactionId, record.id)).orderBy(desc(holds.id)).limit(1).for("update");
  return byRecord;
}
