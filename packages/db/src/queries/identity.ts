import { and, eq, lt, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../client";
import { isUniqueViolation } from "../errors";
import { type UserVerificationRow, bankAccounts, userVerifications, users } from "../schema";

/** The user's verification row, created empty on first use. */
export async function getUserVerification(db: DbOrTx, userId: number): Promise<UserVerificationRow> {
  await db.insert(userVerifications).values({ userId }).onConflictDoNothing();
  const [row] = await db.select().from(userVerifications).where(eq(userVerifications.userId, userId));
  return row!;
}

/**
 * Claims one BVN attempt before the provider is asked, so parallel requests can never make more
 * than `max` attempts: one atomic UPDATE adds one while fewer than `max` are counted. Answers the
 * row (the count includes this claim) or undefined when the user is blocked.
 */
export async function claimBvnAttempt(db: DbOrTx, userId: number, max: number): Promise<UserVerificationRow | undefined> {
  await db.insert(userVerifications).values({ userId }).onConflictDoNothing();
  const [row] = await db
    .update(userVerifications)
    .set({ failedAttempts: sql`${userVerifications.failedAttempts} + 1`, updatedAt: sql`now()` })
    .where(and(eq(userVerifications.userId, userId), lt(userVerifications.failedAttempts, max)))
    .returning();
  return row;
}

/** Gives back a claimed attempt that did not count (provider outage). */
export async function releaseBvnAttempt(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(userVerifications)
    .set({ failedAttempts: sql`greatest(${userVerifications.failedAttempts} - 1, 0)`, updatedAt: sql`now()` })
    .where(eq(userVerifications.userId, userId));
}

/** Confirms a claimed attempt as failed at `at` (starts the 24-hour wait). Answers the attempts counted. */
export async function recordBvnFailure(db: DbOrTx, userId: number, at: Date): Promise<number> {
  const [row] = await db
    .update(userVerifications)
    .set({ lastFailedAt: at, updatedAt: sql`now()` })
    .where(eq(userVerifications.userId, userId))
    .returning({ failedAttempts: userVerifications.failedAttempts });
  return row?.failedAttempts ?? 0;
}

/**
 * Stores a verified BVN (keyed hash + last 4) and raises the user to level 1, in one transaction.
 * Answers false when another account already holds this BVN (the unique hash), leaving the
 * user's row untouched.
 */
export async function storeVerifiedBvn(
  db: Database,
  userId: number,
  values: { bvnHash: string; bvnLast4: string; bvnName: string; at: Date },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ userId: userVerifications.userId }).from(userVerifications).where(eq(userVerifications.bvnHash, values.bvnHash));
    if (taken && taken.userId !== userId) return false;
    try {
      // A savepoint: two accounts verifying the same BVN at once, the unique index decides.
      await tx.transaction(async (savepoint) => {
        await savepoint
          .update(userVerifications)
          .set({
            bvnHash: values.bvnHash,
            bvnLast4: values.bvnLast4,
            bvnName: values.bvnName,
            bvnVerifiedAt: values.at,
            // the claimed attempt was not a failure
            failedAttempts: sql`greatest(${userVerifications.failedAttempts} - 1, 0)`,
            updatedAt: sql`now()`,
          })
          .where(eq(userVerifications.userId, userId));
      });
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
    await tx
      .update(users)
      .set({ verificationLevel: sql`greatest(${users.verificationLevel}, 1)`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    return true;
  });
}

/** Marks the user's bank account verified and raises the user to level 2, in one transaction. */
export async function storeVerifiedBankAccount(db: Database, userId: number, bankAccountId: number, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(bankAccounts)
      .set({ isVerified: true })
      .where(and(eq(bankAccounts.id, bankAccountId), eq(bankAccounts.userId, userId)));
    await tx.update(userVerifications).set({ bankAccountVerifiedAt: at, updatedAt: sql`now()` }).where(eq(userVerifications.userId, userId));
    await tx.update(users).set({ verificationLevel: 2, updatedAt: sql`now()` }).where(eq(users.id, userId));
  });
}

/** Clears the failed-attempt count (reset-attempts). */
export async function resetBvnAttempts(db: DbOrTx, userId: number): Promise<void> {
  await db.insert(userVerifications).values({ userId }).onConflictDoNothing();
  await db.update(userVerifications).set({ failedAttempts: 0, lastFailedAt: null, updatedAt: sql`now()` }).where(eq(userVerifications.userId, userId));
}
