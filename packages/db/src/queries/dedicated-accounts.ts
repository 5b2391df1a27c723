// Users' own account numbers (Paystack dedicated virtual accounts; docs/product.md#wallet-and-top-ups).
// The row is written by the assignment job (packages/api/src/banking/dedicated-account.ts) and
// read when a transfer into a number arrives.
import { eq, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type DedicatedAccountRow, dedicatedAccounts } from "../schema";

/** The user's dedicated account row, if one was ever asked for. */
export async function findDedicatedAccount(db: DbOrTx, userId: number): Promise<DedicatedAccountRow | undefined> {
  const [row] = await db.select().from(dedicatedAccounts).where(eq(dedicatedAccounts.userId, userId));
  return row;
}

/**
 * Records that `userId` is owed an account number: a 'pending' row, or a 'failed' one moved back
 * to 'pending' (asked again). Answers the row as it now stands; an 'active' row is left alone.
 */
export async function requestDedicatedAccount(db: DbOrTx, userId: number): Promise<DedicatedAccountRow> {
  const [row] = await db
    .insert(dedicatedAccounts)
    .values({ userId })
    .onConflictDoUpdate({
      target: dedicatedAccounts.userId,
      set: { status: sql`case when ${dedicatedAccounts.status} = 'failed' then 'pending' else ${dedicatedAccounts.status} end`, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error("dedicated_accounts upsert returned no row");
  return row;
}

/** Keeps the provider's customer code ("CUS_…") for the user, so a retry reuses it. */
export async function saveDedicatedAccountCustomer(db: DbOrTx, userId: number, customerCode: string): Promise<void> {
  await db.update(dedicatedAccounts).set({ customerCode, updatedAt: new Date() }).where(eq(dedicatedAccounts.userId, userId));
}

/** Stores the assigned number and makes the row 'active'. */
export async function activateDedicatedAccount(
  db: DbOrTx,
  userId: number,
  account: { accountNumber: string; accountName: string; bankName: string },
): Promise<DedicatedAccountRow | undefined> {
  const [row] = await db
    .update(dedicatedAccounts)
    .set({ ...account, status: "active", lastError: null, updatedAt: new Date() })
    .where(eq(dedicatedAccounts.userId, userId))
    .returning();
  return row;
}

/** Counts a failed assignment attempt with its error; `final` marks the row 'failed' (the job gave up). */
export async function recordDedicatedAccountFailure(db: DbOrTx, userId: number, error: string, final: boolean): Promise<void> {
  await db
    .update(dedicatedAccounts)
    .set({
      attempts: sql`${dedicatedAccounts.attempts} + 1`,
      lastError: error.slice(0, 500),
      ...(final ? { status: "failed" as const } : {}),
      updatedAt: new Date(),
    })
    .where(eq(dedicatedAccounts.userId, userId));
}

/**
 * The active dedicated account a transfer into `accountNumber` for Paystack's customer
 * `customerCode` belongs to. When both are given they must name the same account; undefined when
 * nothing matches or they disagree (the credit then waits in the review queue).
 */
export async function findDedicatedAccountOwner(
  db: DbOrTx,
  match: { accountNumber: string | null; customerCode: string | null },
): Promise<DedicatedAccountRow | undefined> {
  if (!match.accountNumber && !match.customerCode) return undefined;
  const rows = await db
    .select()
    .from(dedicatedAccounts)
    .where(
      or(
        match.accountNumber ? eq(dedicatedAccounts.accountNumber, match.accountNumber) : undefined,
        match.customerCode ? eq(dedicatedAccounts.customerCode, match.customerCode) : undefined,
      ),
    );
  const [row] = rows;
  if (!row || rows.length > 1 || row.status !== "active") return undefined;
  if (match.accountNumber && row.accountNumber !== match.accountNumber) return undefined;
  if (match.customerCode && row.customerCode !== match.customerCode) return undefined;
  return row;
}
