// Transaction PINs (docs/product.md "Transaction PIN"): every wrong-PIN count and lock is one
// conditional UPDATE, so parallel tries can never check more PINs than the limit allows.
import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type TransactionPinRow, transactionPins } from "../schema";

export async function findTransactionPin(db: DbOrTx, userId: number): Promise<TransactionPinRow | undefined> {
  const [row] = await db.select().from(transactionPins).where(eq(transactionPins.userId, userId));
  return row;
}

/** Stores the first PIN hash; false when the user already has one. */
export async function insertTransactionPin(db: DbOrTx, userId: number, pinHash: string): Promise<boolean> {
  const rows = await db.insert(transactionPins).values({ userId, pinHash }).onConflictDoNothing().returning({ userId: transactionPins.userId });
  return rows.length === 1;
}

/**
 * Claims one PIN try before the PIN is checked: counts it, unless `max` tries are already counted
 * and the lock they set has not ended (an ended lock starts the count again). The try that reaches
 * `max` sets the lock to `lockUntil` at once (a right PIN then clears it: clearPinAttempts), so a
 * crash between the claim and the check can never leave the count full without a lock that ends.
 * Answers the tries counted with this one, or null when payments are locked (or no PIN is set).
 */
export async function claimPinAttempt(db: DbOrTx, userId: number, params: { max: number; now: Date; lockUntil: Date }): Promise<number | null> {
  const { max, now, lockUntil } = params;
  // Times as ISO text with a cast: postgres.js does not serialise a Date inside a raw sql fragment.
  const at = sql`${now.toISOString()}::timestamptz`;
  const lockEnded = sql`(${transactionPins.lockedUntil} is not null and ${transactionPins.lockedUntil} <= ${at})`;
  const counted = sql`case when ${lockEnded} then 1 else ${transactionPins.failedAttempts} + 1 end`;
  const [row] = await db
    .update(transactionPins)
    .set({
      failedAttempts: counted,
      lockedUntil: sql`case when ${counted} >= ${max} then ${lockUntil.toISOString()}::timestamptz else null end`,
      updatedAt: now,
    })
    .where(and(eq(transactionPins.userId, userId), sql`(${transactionPins.failedAttempts} < ${max} or ${lockEnded})`))
    .returning({ failedAttempts: transactionPins.failedAttempts });
  return row?.failedAttempts ?? null;
}

/** A right PIN: the count starts again and any lock ends. */
export async function clearPinAttempts(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db.update(transactionPins).set({ failedAttempts: 0, lockedUntil: null, updatedAt: now }).where(eq(transactionPins.userId, userId));
}

/** Replaces the PIN hash; the count, lock and reset code are cleared. `reset`: a reset by e-mailed code, stamped `resetAt` (fraud monitoring). */
export async function replaceTransactionPin(db: DbOrTx, userId: number, pinHash: string, now: Date, options: { reset?: boolean } = {}): Promise<void> {
  await db
    .update(transactionPins)
    .set({
      pinHash,
      failedAttempts: 0,
      lockedUntil: null,
      resetCodeHash: null,
      resetCodeExpiresAt: null,
      resetCodeAttempts: 0,
      updatedAt: now,
      ...(options.reset ? { resetAt: now } : {}),
    })
    .where(eq(transactionPins.userId, userId));
}

/** Stores a new PIN-reset code (its SHA-256), replacing any earlier one. */
export async function storePinResetCode(db: DbOrTx, userId: number, codeHash: string, expiresAt: Date): Promise<void> {
  await db
    .update(transactionPins)
    .set({ resetCodeHash: codeHash, resetCodeExpiresAt: expiresAt, resetCodeAttempts: 0, updatedAt: new Date() })
    .where(eq(transactionPins.userId, userId));
}

/**
 * Claims one try of the live PIN-reset code: answers the row as it was (its code hash) when a code
 * is live (not expired, fewer than `max` tries), else null.
 */
export async function claimPinResetAttempt(db: DbOrTx, userId: number, max: number, now: Date): Promise<{ resetCodeHash: string } | null> {
  const [row] = await db
    .update(transactionPins)
    .set({ resetCodeAttempts: sql`${transactionPins.resetCodeAttempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(transactionPins.userId, userId),
        sql`${transactionPins.resetCodeHash} is not null and ${transactionPins.resetCodeExpiresAt} > ${now.toISOString()}::timestamptz and ${transactionPins.resetCodeAttempts} < ${max}`,
      ),
    )
    .returning({ resetCodeHash: transactionPins.resetCodeHash });
  return row?.resetCodeHash ? { resetCodeHash: row.resetCodeHash } : null;
}
