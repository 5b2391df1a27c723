import { parseMetadataPatch } from "@kolo/domain";
import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type TransactionRecord, transactions } from "../schema";

/**
 * Top-ups still `pending` that were started before `startedBefore`, oldest first, at most `limit`;
 * only `userId`'s when given (unpaid checkouts expire).
 */
export async function listStalePendingTopUps(db: DbOrTx, params: { startedBefore: Date; userId?: number; limit: number }): Promise<TransactionRecord[]> {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.type, "topup"),
        eq(transactions.status, "pending"),
        lt(transactions.createdAt, params.startedBefore),
        params.userId === undefined ? undefined : eq(transactions.recipientId, params.userId),
      ),
    )
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .limit(params.limit);
}

/**
 * Marks the top-up `id` failed with `reason` (metadata.failureReason) only if it is still a pending
 * top-up: a settlement that completed or failed it first wins (the update re-checks the status
 * under the row lock). Answers the updated record, or undefined when it was no longer pending.
 */
export async function failPendingTopUp(db: DbOrTx, id: number, reason: string): Promise<TransactionRecord | undefined> {
  const patch = parseMetadataPatch("topup", { failureReason: reason });
  const [row] = await db
    .update(transactions)
    .set({
      status: "failed",
      metadata: sql`${transactions.metadata} || ${JSON.stringify(patch)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(transactions.id, id), eq(transactions.type, "topup"), eq(transactions.status, "pending")))
    .returning();
  return row;
}
