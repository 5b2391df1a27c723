// Beneficiaries (docs/product.md "Transfers to any bank account"): saved ones, and the recent
// accounts a user paid by number (read from their bank-transfer records).
import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type BeneficiaryRow, beneficiaries } from "../schema";

export async function listBeneficiaries(db: DbOrTx, userId: number): Promise<BeneficiaryRow[]> {
  return db.select().from(beneficiaries).where(eq(beneficiaries.userId, userId)).orderBy(desc(beneficiaries.id));
}

/**
 * Saves a beneficiary once per user, bank and number, at most `max` per user (counted under a
 * per-user advisory lock). Answers the row (the existing one for a repeat), or "too-many".
 */
export async function saveBeneficiary(
  db: DbOrTx,
  row: { userId: number; bankName: string; bankCode: string; accountNumber: string; accountName: string },
  max: number,
): Promise<BeneficiaryRow | "too-many"> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('beneficiaries'), ${row.userId}::integer)`);
    const [existing] = await tx
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.userId, row.userId), eq(beneficiaries.bankCode, row.bankCode), eq(beneficiaries.accountNumber, row.accountNumber)));
    if (existing) return existing;
    const [counted] = (await tx.execute(sql`select count(*)::int as n from beneficiaries where user_id = ${row.userId}`)) as unknown as { n: number }[];
    if ((counted?.n ?? 0) >= max) return "too-many";
    const [saved] = await tx.insert(beneficiaries).values(row).returning();
    return saved!;
  });
}

/** Deletes one of the user's beneficiaries; false when it is not theirs. */
export async function deleteBeneficiary(db: DbOrTx, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(beneficiaries)
    .where(and(eq(beneficiaries.id, id), eq(beneficiaries.userId, userId)))
    .returning({ id: beneficiaries.id });
  return rows.length === 1;
}

/** A recent account the user paid by number: bank, number and name as the payout recorded them, newest first. */
export interface RecentRecipient {
  bankName: string;
  bankCode: string;
  accountNumber: string;
  accountName: string;
  lastPaidAt: Date;
}

/** The last `limit` distinct accounts the user paid by number (bank transfers not to a saved account of their own). */
export async function recentBankRecipients(db: DbOrTx, userId: number, limit: number): Promise<RecentRecipient[]> {
  const rows = (await db.execute(sql`
    select distinct on (metadata->>'bankCode', metadata->>'accountNumber')
      metadata->>'bankName' as "bankName", metadata->>'bankCode' as "bankCode",
      metadata->>'accountNumber' as "accountNumber", metadata->>'accountName' as "accountName", created_at as "lastPaidAt"
    from transactions
    where sender_id = ${userId} and type = 'transfer' and metadata->>'channel' = 'bank_transfer'
      and not (metadata ? 'bankAccountId') and metadata ? 'bankCode'
    order by metadata->>'bankCode', metadata->>'accountNumber', id desc`)) as unknown as (Omit<RecentRecipient, "lastPaidAt"> & {
    lastPaidAt: string | Date;
  })[];
  return rows
    .map((row) => ({ ...row, lastPaidAt: new Date(row.lastPaidAt) }))
    .sort((a, b) => b.lastPaidAt.getTime() - a.lastPaidAt.getTime())
    .slice(0, limit);
}
