import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../client";
import { type BankAccountRow, bankAccounts } from "../schema";

/** The user's saved bank accounts, oldest first. */
export function listBankAccounts(db: DbOrTx, userId: number): Promise<BankAccountRow[]> {
  return db.select().from(bankAccounts).where(eq(bankAccounts.userId, userId)).orderBy(asc(bankAccounts.id));
}

/** One of the user's saved accounts, or undefined (another user's account is not found either). */
export async function findBankAccount(db: DbOrTx, userId: number, id: number): Promise<BankAccountRow | undefined> {
  const [row] = await db
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)));
  return row;
}

export type SaveBankAccountResult = { saved: BankAccountRow } | { refused: "duplicate" | "limit" };

/**
 * Saves an account unless the user already has this bank and number ("duplicate") or already has
 * `max` accounts ("limit"). A per-user transaction-scoped advisory lock makes the count and the
 * insert one step, so parallel adds never pass the limit.
 */
export function saveBankAccount(
  db: Database,
  values: { userId: number; bankName: string; bankCode: string; accountNumber: string; accountName: string },
  max: number,
): Promise<SaveBankAccountResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(8001, ${values.userId})`);
    const [existing] = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.userId, values.userId), eq(bankAccounts.bankCode, values.bankCode), eq(bankAccounts.accountNumber, values.accountNumber)));
    if (existing) return { refused: "duplicate" };
    const [owned] = await tx.select({ n: count() }).from(bankAccounts).where(eq(bankAccounts.userId, values.userId));
    if ((owned?.n ?? 0) >= max) return { refused: "limit" };
    const [saved] = await tx.insert(bankAccounts).values(values).returning();
    return { saved: saved! };
  });
}

/**
 * One of the user's accounts, locked FOR SHARE until the caller's transaction ends: a payout
 * accepted in that transaction keeps the account from being deleted under it (the delete's
 * FOR UPDATE waits, then sees the payout). Undefined when it is not theirs.
 */
export async function findBankAccountForPayout(tx: DbOrTx, userId: number, id: number): Promise<BankAccountRow | undefined> {
  const [row] = await tx
    .select()
    .from(bankAccounts)
    .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)))
    .for("share");
  return row;
}

/**
 * Deletes one of the user's accounts unless a payout to it (a `transfer` record with this
 * `metadata.bankAccountId`) is still pending or processing (docs/decisions.md). The account
 * row is locked first, so a payout being accepted for it either committed before (and is seen)
 * or finds the account gone.
 */
export function deleteBankAccountUnlessPayoutInFlight(db: Database, userId: number, id: number): Promise<"deleted" | "not-found" | "payout-in-flight"> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: bankAccounts.id })
      .from(bankAccounts)
      .where(and(eq(bankAccounts.id, id), eq(bankAccounts.userId, userId)))
      .for("update");
    if (!row) return "not-found";
    const inFlight = (await tx.execute(sql`
      select 1 from transactions
      where sender_id = ${userId} and type = 'transfer' and status in ('pending', 'processing')
        and metadata->>'bankAccountId' = ${String(id)}
      limit 1`)) as unknown as unknown[];
    if (inFlight.length > 0) return "payout-in-flight";
    await tx.delete(bankAccounts).where(eq(bankAccounts.id, id));
    return "deleted";
  });
}
