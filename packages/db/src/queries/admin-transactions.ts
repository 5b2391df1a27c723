// The admin console's transaction list and the locks an admin move takes (docs/money-integrity.md
// "Admin moves"). Money never moves here: moves go through the outcome functions in packages/api.
import { type SQL, and, count, desc, eq, ilike, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import { containsPattern } from "./admin-users";
import { type Hold, type TransactionRecord, holds, transactions, users } from "../schema";

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
 * One page of every user's transactions, newest first, with the sender's and recipient's name
 * and e-mail, and the count per status tab (docs/product.md#admin-console; server pagination).
 * `reference`, when given, keeps the rows whose reference contains it, ignoring case (its `%`, `_` and `\`
 * taken literally), in the rows and the counts alike.
 */
export async function listAdminTransactions(
  db: DbOrTx,
  params: { page: number; limit: number; status: AdminTransactionStatusFilter; reference?: string },
): Promise<{ rows: AdminTransactionRow[]; total: number; counts: Record<AdminTransactionStatusFilter, number> }> {
  const byReference: SQL | undefined = params.reference ? ilike(transactions.reference, containsPattern(params.reference)) : undefined;
  const where: SQL | undefined = and(byReference, params.status === "all" ? undefined : eq(transactions.status, params.status));
  const [rows, byStatus] = await Promise.all([
    transactionsWithParties(db)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(params.limit)
      .offset((params.page - 1) * params.limit),
    db.select({ status: transactions.status, n: count() }).from(transactions).where(byReference).groupBy(transactions.status),
  ]);
  const counts: Record<AdminTransactionStatusFilter, number> = { all: 0, pending: 0, processing: 0, completed: 0, failed: 0 };
  for (const { status, n } of byStatus) {
    counts.all += n;
    if (status in counts) counts[status as AdminTransactionStatusFilter] += n;
  }
  return { rows: rows.map(flatten), total: counts[params.status], counts };
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
