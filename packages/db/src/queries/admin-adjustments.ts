// Four eyes on large admin credits and debits (docs/admin-security.md): the approval threshold and
// the adjustments that wait for a second admin.
import { and, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import { type AdminAdjustment, adminAdjustments, adminLimits, users } from "../schema";

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

/** Inserts a pending adjustment; undefined when the creator already used this idempotency key. */
export async function insertAdminAdjustmentOnce(
  tx: DbOrTx,
  values: { userId: number; type: "credit" | "debit"; amount: bigint; description: string; createdBy: number; idempotencyKey: string | null },
): Promise<AdminAdjustment | undefined> {
  const [row] = await tx.insert(adminAdjustments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findAdminAdjustmentByKey(tx: DbOrTx, createdBy: number, idempotencyKey: string): Promise<AdminAdjustment | undefined> {
  const [row] = await tx
    .select()
    .from(adminAdjustments)
    .where(and(eq(adminAdjustments.createdBy, createdBy), eq(adminAdjustments.idempotencyKey, idempotencyKey)));
  return row;
}

/** The adjustment, locked for the rest of `tx` (one decision at a time). */
export async function lockAdminAdjustment(tx: DbOrTx, id: number): Promise<AdminAdjustment | undefined> {
  const [row] = await tx.select().from(adminAdjustments).where(eq(adminAdjustments.id, id)).for("update");
  return row;
}

/** Records a decision on a pending adjustment. */
export async function decideAdminAdjustment(
  tx: DbOrTx,
  id: number,
  values: { status: "approved" | "rejected"; decidedBy: number; transactionId: number | null },
): Promise<AdminAdjustment> {
  const [row] = await tx
    .update(adminAdjustments)
    .set({ ...values, decidedAt: new Date() })
    .where(and(eq(adminAdjustments.id, id), eq(adminAdjustments.status, "pending")))
    .returning();
  return row!;
}

export interface AdminAdjustmentWithNames extends AdminAdjustment {
  userName: string;
  createdByName: string;
}

/** Adjustments with `status`, newest first (at most 100), with the user's and the creator's names. */
export async function listAdminAdjustments(db: DbOrTx, status: "pending" | "approved" | "rejected"): Promise<AdminAdjustmentWithNames[]> {
  const creators = alias(users, "creators");
  const rows = await db
    .select({ adjustment: adminAdjustments, userName: users.name, createdByName: creators.name })
    .from(adminAdjustments)
    .innerJoin(users, eq(users.id, adminAdjustments.userId))
    .innerJoin(creators, eq(creators.id, adminAdjustments.createdBy))
    .where(eq(adminAdjustments.status, status))
    .orderBy(desc(adminAdjustments.createdAt), desc(adminAdjustments.id))
    .limit(100);
  return rows.map((row) => ({ ...row.adjustment, userName: row.userName, createdByName: row.createdByName }));
}
