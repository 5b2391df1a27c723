// The review queue's reads and writes (docs/money-integrity.md "Review queue"). Opening an item
// never moves money; resolving one records who closed it and how. The money moves of a
// resolution (complete, fail, credit) go through the ledger kit in packages/api, in the same
// database transaction as resolveReviewItem and its audit record.
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type ReviewItem, holds, reviewItems, users } from "../schema";

export type ReviewKind = "topup" | "payout" | "purchase" | "credit_unmatched" | "fraud";
export type ReviewCause = "stuck" | "contradiction" | "late_success" | "forced" | "reconciliation" | "unmatched" | "fraud";
export type ReviewResolution = "complete" | "fail" | "credit" | "dismiss" | "release" | "reject";

export interface OpenReviewItemInput {
  /** Names the problem, so that finding it again opens nothing new, e.g. `stuck:payout:{reference}`. */
  key: string;
  kind: ReviewKind;
  cause: ReviewCause;
  reference: string;
  transactionId?: number | null;
  userId?: number | null;
  /** Kobo. */
  amountKobo: bigint;
  reason: string;
  providerStatus?: string | null;
}

/**
 * Opens a review item unless one with the same `key` exists (open or resolved): answers the new
 * row, or null when the problem was already in the queue. Call it in the transaction that found
 * the problem, so a rolled-back finding leaves no item.
 */
export async function openReviewItem(tx: DbOrTx, input: OpenReviewItemInput): Promise<ReviewItem | null> {
  const [row] = await tx
    .insert(reviewItems)
    .values({
      key: input.key,
      kind: input.kind,
      cause: input.cause,
      reference: input.reference,
      transactionId: input.transactionId ?? null,
      userId: input.userId ?? null,
      amount: input.amountKobo,
      reason: input.reason.slice(0, 1000),
      providerStatus: input.providerStatus?.slice(0, 500) ?? null,
    })
    .onConflictDoNothing({ target: reviewItems.key })
    .returning();
  return row ?? null;
}

export interface ReviewItemRow extends ReviewItem {
  /** Kobo still held for the reference (amount + fee of an open hold), 0 when none. */
  heldKobo: bigint;
  /** The name of the user the item concerns, when there is one. */
  userName: string | null;
}

/**
 * One page of the queue: open items newest first, or resolved ones most recently resolved first,
 * each with the money still held under its reference. Answers the rows and the total.
 */
export async function listReviewItems(
  db: DbOrTx,
  params: { status: "open" | "resolved"; page: number; limit: number },
): Promise<{ rows: ReviewItemRow[]; total: number }> {
  const where = eq(reviewItems.status, params.status);
  const order = params.status === "open" ? [desc(reviewItems.createdAt), desc(reviewItems.id)] : [desc(reviewItems.resolvedAt), desc(reviewItems.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select({ item: reviewItems, heldKobo: sql<string>`coalesce(${holds.amount} + ${holds.fee}, 0)::text`, userName: users.name })
      .from(reviewItems)
      .leftJoin(holds, and(eq(holds.reference, reviewItems.reference), eq(holds.status, "held")))
      .leftJoin(users, eq(users.id, reviewItems.userId))
      .where(where)
      .orderBy(...order)
      .limit(params.limit)
      .offset((params.page - 1) * params.limit),
    db.select({ total: count() }).from(reviewItems).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.item, heldKobo: BigInt(r.heldKobo), userName: r.userName })), total: totals?.total ?? 0 };
}

/** Number of open review items (the admin dashboard's figure). */
export async function countOpenReviewItems(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: count() }).from(reviewItems).where(eq(reviewItems.status, "open"));
  return row?.total ?? 0;
}

/** One review item by id; `forUpdate` locks it until the caller's transaction ends. */
export async function findReviewItem(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}): Promise<ReviewItem | undefined> {
  const query = db.select().from(reviewItems).where(eq(reviewItems.id, id));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/**
 * Locks the open review items about `reference`, in id order (so two admins resolving items of one
 * reference take the locks in the same order), until the caller's transaction ends. Answers them.
 */
export async function lockOpenReviewItemsFor(tx: DbOrTx, reference: string): Promise<ReviewItem[]> {
  return tx
    .select()
    .from(reviewItems)
    .where(and(eq(reviewItems.reference, reference), eq(reviewItems.status, "open")))
    .orderBy(asc(reviewItems.id))
    .for("update");
}

/** Open review items about `reference` (e.g. to resolve them when the record is settled by an admin). */
export async function listOpenReviewItemsFor(db: DbOrTx, reference: string): Promise<ReviewItem[]> {
  return db
    .select()
    .from(reviewItems)
    .where(and(eq(reviewItems.reference, reference), eq(reviewItems.status, "open")));
}

/**
 * Marks an open item resolved by `adminId` with `resolution` and `note`. Answers the row, or
 * undefined when it was not open (already resolved by someone else: the caller answers a conflict).
 */
export async function resolveReviewItem(
  tx: DbOrTx,
  id: number,
  params: { adminId: number; resolution: ReviewResolution; note: string; at?: Date },
): Promise<ReviewItem | undefined> {
  const [row] = await tx
    .update(reviewItems)
    .set({ status: "resolved", resolution: params.resolution, note: params.note, resolvedBy: params.adminId, resolvedAt: params.at ?? new Date() })
    .where(and(eq(reviewItems.id, id), eq(reviewItems.status, "open")))
    .returning();
  return row;
}
