// The admin second factor's rows (docs/admin-security.md): the TOTP secret and its last accepted
// step on the user, one-time recovery codes (SHA-256 only), wrong-code counting, and the session
// flag that makes a session admin. Rules live in @kolo/api's auth/mfa.ts.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type User, mfaRecoveryCodes, sessions, users } from "../schema";

/** The user row locked for the rest of `tx` (one code check at a time per admin: no replay race). */
export async function lockUserForMfa(tx: DbOrTx, userId: number): Promise<User | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  return row;
}

/** Keeps a secret shown at enrolment until a code from it confirms it. */
export async function setPendingTotpSecret(db: DbOrTx, userId: number, secret: Buffer): Promise<void> {
  await db.update(users).set({ totpPendingSecret: secret, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * Makes `secret` the user's TOTP secret with `step` as the last accepted step, and replaces their
 * recovery codes with `codeHashes` (hex SHA-256). In the caller's transaction.
 */
export async function confirmTotpEnrolment(tx: DbOrTx, userId: number, values: { secret: Buffer; step: number; codeHashes: string[] }): Promise<void> {
  await tx
    .update(users)
    .set({ totpSecret: values.secret, totpPendingSecret: null, totpLastStep: values.step, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  if (values.codeHashes.length) await tx.insert(mfaRecoveryCodes).values(values.codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Records the step of an accepted code: codes of this step and earlier are refused from now on. */
export async function acceptTotpStep(tx: DbOrTx, userId: number, step: number): Promise<void> {
  await tx.update(users).set({ totpLastStep: step }).where(eq(users.id, userId));
}

/** Spends the unused recovery code with this hash; false when there is none (unknown or used). */
export async function useRecoveryCode(tx: DbOrTx, userId: number, codeHash: string): Promise<boolean> {
  const rows = await tx
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, codeHash), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
}

/** Unused recovery codes of the user. */
export async function countUnusedRecoveryCodes(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/**
 * Counts one wrong code at `now`: a window older than `windowMs` starts again at 1. Answers the
 * count and when the window started.
 */
export async function recordMfaFailure(db: DbOrTx, userId: number, now: Date, windowMs: number): Promise<{ failures: number; windowStartedAt: Date }> {
  // ISO strings: postgres.js binds a Date inside a raw sql fragment as text it cannot encode.
  const windowStart = new Date(now.getTime() - windowMs).toISOString();
  const at = now.toISOString();
  const [row] = await db
    .update(users)
    .set({
      mfaFailures: sql`case when ${users.mfaWindowStartedAt} is null or ${users.mfaWindowStartedAt} <= ${windowStart}::timestamptz then 1 else ${users.mfaFailures} + 1 end`,
      mfaWindowStartedAt: sql`case when ${users.mfaWindowStartedAt} is null or ${users.mfaWindowStartedAt} <= ${windowStart}::timestamptz then ${at}::timestamptz else ${users.mfaWindowStartedAt} end`,
    })
    .where(eq(users.id, userId))
    .returning({ failures: users.mfaFailures, windowStartedAt: users.mfaWindowStartedAt });
  return { failures: row!.failures, windowStartedAt: row!.windowStartedAt! };
}

/** A right code: the wrong-code count starts again. */
export async function resetMfaFailures(db: DbOrTx, userId: number): Promise<void> {
  await db.update(users).set({ mfaFailures: 0, mfaWindowStartedAt: null }).where(eq(users.id, userId));
}

/** The session has passed the second factor: from now on it is an admin session. */
export async function markSessionMfaVerified(db: DbOrTx, sessionId: string): Promise<void> {
  await db.update(sessions).set({ mfaVerified: true }).where(eq(sessions.id, sessionId));
}
