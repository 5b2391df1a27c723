import { OUTGOING_TRANSACTION_TYPES } from "@kolo/domain";
import { and, desc, eq, gte, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type NewTransactionRecord, type TransactionRecord, transactions } from "../schema";

export async function insertTransaction(db: DbOrTx, values: NewTransactionRecord): Promise<TransactionRecord> {
  const [row] = await db.insert(transactions).values(values).returning();
  if (!row) throw new Error("Transaction insert returned nothing");
  return row;
}

/** The record with this reference; `forUpdate` locks the row until the caller's transaction ends. */
export async function findTransactionByReference(db: DbOrTx, reference: string, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(transactions).where(eq(transactions.reference, reference)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** The sender's record made under this idempotency key, if any. */
export async function findTransactionByIdempotencyKey(db: DbOrTx, senderId: number, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.senderId, senderId), eq(transactions.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row;
}

/** Kobo (amount + fee) the user has sent out since `since` in anything not failed or reversed. */
export async function sumOutgoingSince(db: DbOrTx, userId: number, since: Date): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${transactions.amount} + ${transactions.fee}), 0)` })
    .from(transactions)
    .where(
      and(
        eq(transactions.senderId, userId),
        inArray(transactions.type, [...OUTGOING_TRANSACTION_TYPES]),
        inArray(transactions.status, ["pending", "processing", "completed"]),
        gte(transactions.createdAt, since),
      ),
    );
  return BigInt(row?.total ?? 0);
}

/** The user's records as sender or recipient, newest first (at most `limit`). */
export async function listUserTransactions(db: DbOrTx, userId: number, limit = 500): Promise<TransactionRecord[]> {
  return db
    .select()
    .from(transactions)
    .where(or(eq(transactions.senderId, userId), eq(transactions.recipientId, userId)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
}

/** Sets the status (and optionally the journal entry) and merges `metadata` into the record's. */
export async function updateTransaction(
  db: DbOrTx,
  id: number,
  changes: { status: TransactionRecord["status"]; journalEntryId?: number; metadata?: Record<string, unknown> },
): Promise<TransactionRecord> {
  const [row] = await db
    .update(transactions)
    .set({
      status: changes.status,
      journalEntryId: changes.journalEntryId,
      metadata: sql`${transactions.metadata} || ${JSON.stringify(changes.metadata ?? {})}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(transactions.id, id))
    .returning();
  if (!row) throw new Error(`Transaction ${id} not found`);
  return row;
}
