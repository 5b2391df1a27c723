// Password-reset links and the sandbox mailbox (docs/product.md#accounts-and-sessions,
// docs/providers.md "E-mail").
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type PasswordResetToken, type SandboxMailRow, passwordResetTokens, sandboxMail } from "../schema";

/** Stores a reset link's token hash for `userId`, valid until `expiresAt`. */
export async function insertPasswordResetToken(db: DbOrTx, row: { userId: number; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResetTokens).values(row);
}

/**
 * Marks the unused, unexpired link with this token hash used, and answers it; undefined when there
 * is none (unknown, used or expired). One statement: two resets racing with one link, one wins.
 */
export async function consumePasswordResetToken(db: DbOrTx, tokenHash: string, now: Date): Promise<PasswordResetToken | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning();
  return row;
}

/** Keeps a message in the sandbox mailbox. */
export async function insertSandboxMail(
  db: DbOrTx,
  message: { to: string; subject: string; text: string; html: string | null; links: string[] },
): Promise<void> {
  await db.insert(sandboxMail).values(message);
}

/** The sandbox mailbox, newest first (at most `limit` messages). */
export async function listSandboxMail(db: DbOrTx, limit = 200): Promise<SandboxMailRow[]> {
  return db.select().from(sandboxMail).orderBy(desc(sandboxMail.createdAt), desc(sandboxMail.id)).limit(limit);
}
