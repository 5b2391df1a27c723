// The approvals queue (docs/admin-security.md "Approvals"): privileged acts that wait for a second
// admin, and the approval threshold of admin credits and debits.
import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import { type AdminApproval, type ApprovalKind, type ApprovalPayload, adminApprovals, adminLimits, transactions, users } from "../schema";

/** The approval threshold of admin credits and debits, kobo (seeded at ₦100,000). */
export async function adjustmentApprovalThresholdKobo(db: DbOrTx): Promise<bigint> {
  const [row] = await db.select({ value: adminLimits.valueKobo }).from(adminLimits).where(eq(adminLimits.key, "adjustment_approval_threshold"));
  return row?.value ?? 10_000_000n;
}

/** Sets the approval threshold (kobo); answers the value before. */
export async function setAdjustmentApprovalThresholdKobo(tx: DbOrTx, valueKobo: bigint): Promise<bigint> {
  const before = await adjustmentApprovalThresholdKobo(tx);
  await tx
    .insert(adminLimits)
    .values({ key: "adjustment_approval_threshold", valueKobo, description: "Admin credits and debits at or above this amount need a second admin's approval" })
    .onConflictDoUpdate({ target: adminLimits.key, set: { valueKobo, updatedAt: new Date() } });
  return before;
}

/**
 * Kobo that `adminId` credited or debited to `userId`'s wallet alone (no approval) since `since`:
 * over the last 24 hours by the database clock: the adjustment records (`other`, metadata adminId and
 * direction, no approvalId) either way.
 */
export async function unapprovedAdjustmentsKobo(tx: DbOrTx, params: { adminId: number; userId: number }): Promise<bigint> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
    .from(transactions)
    .where(
      and(
        eq(transactions.type, "other"),
        // Either index by user and time serves this (an adjustment names the user on one side only).
        sql`(${transactions.senderId} = ${params.userId} or ${transactions.recipientId} = ${params.userId})`,
        sql`${transactions.createdAt} >= now() - interval '24 hours'`,
        sql`${transactions.metadata}->>'adminId' = ${String(params.adminId)}`,
        sql`${transactions.metadata} ? 'direction'`,
        sql`not ${transactions.metadata} ? 'approvalId'`,
      ),
    );
  return BigInt(row?.total ?? "0");
}

export interface NewApproval {
  kind: ApprovalKind;
  userId: number | null;
  amount: bigint | null;
  summary: string;
  payload: ApprovalPayload;
  createdBy: number;
  idempotencyKey: string | null;
}

/** Inserts a pending approval; undefined when the creator already used this idempotency key. */
export async function insertApprovalOnce(tx: DbOrTx, values: NewApproval): Promise<AdminApproval | undefined> {
  const [row] = await tx.insert(adminApprovals).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findApprovalByKey(tx: DbOrTx, createdBy: number, idempotencyKey: string): Promise<AdminApproval | undefined> {
  const [row] = await tx
    .select()
    .from(adminApprovals)
    .where(and(eq(adminApprovals.createdBy, createdBy), eq(adminApprovals.idempotencyKey, idempotencyKey)));
  return row;
}

/** The approval, locked for the rest of `tx` (one decision at a time). */
export async function lockApproval(tx: DbOrTx, id: number): Promise<AdminApproval | undefined> {
  const [row] = await tx.select().from(adminApprovals).where(eq(adminApprovals.id, id)).for("update");
  return row;
}

/** Records a decision on a pending approval. */
export async function decideApprovalRow(
  tx: DbOrTx,
  id: number,
  values: { status: "approved" | "rejected"; decidedBy: number; note: string | null; transactionId: number | null },
): Promise<AdminApproval> {
  const [row] = await tx
    .update(adminApprovals)
    .set({ ...values, decidedAt: new Date() })
    .where(and(eq(adminApprovals.id, id), eq(adminApprovals.status, "pending")))
    .returning();
  return row!;
}

/**
 * True when `adminId` may decide approvals: an admin whose role was granted 24 h or more ago (null:
 * from the start), by the database clock.
 */
export async function adminRoleSettled(tx: DbOrTx, adminId: number): Promise<boolean> {
  const [row] = await tx
    .select({ settled: sql<boolean>`${users.roleGrantedAt} is null or ${users.roleGrantedAt} <= now() - interval '24 hours'` })
    .from(users)
    .where(eq(users.id, adminId));
  return row?.settled ?? false;
}

export interface AdminApprovalWithNames extends AdminApproval {
  userName: string | null;
  createdByName: string;
}

/**
 * Approvals with `status` (of `kind` when given), newest first, `limit` from `(page - 1) * limit`,
 * with the subject's and the requester's names, and their total.
 */
export async function listApprovals(
  db: DbOrTx,
  params: { status: "pending" | "approved" | "rejected"; kind?: ApprovalKind; page: number; limit: number },
): Promise<{ rows: AdminApprovalWithNames[]; total: number }> {
  const creators = alias(users, "creators");
  const where = and(eq(adminApprovals.status, params.status), params.kind ? eq(adminApprovals.kind, params.kind) : undefined);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ approval: adminApprovals, userName: users.name, createdByName: creators.name })
      .from(adminApprovals)
      .leftJoin(users, eq(users.id, adminApprovals.userId))
      .innerJoin(creators, eq(creators.id, adminApprovals.createdBy))
      .where(where)
      .orderBy(desc(adminApprovals.createdAt), desc(adminApprovals.id))
      .limit(params.limit)
      .offset((params.page - 1) * params.limit),
    db.select({ total: count() }).from(adminApprovals).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row.approval, userName: row.userName, createdByName: row.createdByName })), total: totals?.total ?? 0 };
}

/** The pending approvals of setting `key` (payload key: 'fraud_controls', 'adjustment_approval_threshold'), oldest first. */
export async function pendingSettingApprovals(db: DbOrTx, key: string): Promise<AdminApproval[]> {
  return db
    .select()
    .from(adminApprovals)
    .where(and(eq(adminApprovals.kind, "setting"), eq(adminApprovals.status, "pending"), sql`${adminApprovals.payload}->>'key' = ${key}`))
    .orderBy(adminApprovals.id);
}
