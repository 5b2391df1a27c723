// Password reset by e-mail (docs/product.md#accounts-and-sessions): a link valid for 30 minutes and
// usable once; the answer to a request is the same whether or not the e-mail has an account; a reset
// ends every session of the user.
import { createHash, randomBytes } from "node:crypto";
import {
  type Database,
  consumePasswordResetToken,
  deleteUserSessions,
  findUserByEmail,
  insertPasswordResetToken,
  lockUserById,
  setPasswordAfterReset,
} from "@kolo/db";
import { DomainError, PASSWORD_RESET_LIFETIME_MS, PASSWORD_RESET_MESSAGES } from "@kolo/domain";
import type { Services } from "../services";
import { hashPassword } from "./password";

const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Sends a reset link to `email` when it names an active or locked account (a suspended account is
 * sent nothing: support decides). Answers nothing that tells whether the account exists; the link
 * is `${publicUrl}/reset-password?token=…` with a 256-bit token, of which only the hash is stored.
 */
export async function requestPasswordReset(db: Database, services: Pick<Services, "mailer" | "publicUrl" | "now">, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user || user.status === "suspended") return;
  const token = randomBytes(32).toString("base64url");
  const now = services.now?.() ?? new Date();
  await insertPasswordResetToken(db, { userId: user.id, tokenHash: tokenHash(token), expiresAt: new Date(now.getTime() + PASSWORD_RESET_LIFETIME_MS) });
  const link = new URL(`/reset-password?token=${token}`, services.publicUrl).toString();
  await services.mailer.send({
    to: user.email,
    subject: PASSWORD_RESET_MESSAGES.subject,
    text:
      `Hello ${user.name},\n\nSomeone asked to reset the password of your Kolo account. Open this link within 30 minutes to choose a new one:\n\n${link}\n\n` +
      "If it was not you, ignore this e-mail: your password stays as it is.\n\nKolo",
  });
}

/**
 * Sets a new password with a reset link's token: the link is used up, every session of the user
 * ends, and a locked account is unlocked (the e-mail proves it is theirs; a suspended one stays
 * suspended). Errors: VALIDATION 'This reset link is invalid or has expired. Ask for a new one.'
 * for an unknown, used or expired token.
 */
export async function resetPassword(db: Database, params: { token: string; password: string; now?: Date }): Promise<void> {
  const passwordHash = await hashPassword(params.password);
  const reset = await db.transaction(async (tx) => {
    const link = await consumePasswordResetToken(tx, tokenHash(params.token), params.now ?? new Date());
    if (!link) return false;
    const user = await lockUserById(tx, link.userId);
    if (!user) return false;
    await setPasswordAfterReset(tx, user, passwordHash);
    await deleteUserSessions(tx, user.id);
    return true;
  });
  if (!reset) throw new DomainError("VALIDATION", PASSWORD_RESET_MESSAGES.invalidLink, { token: [PASSWORD_RESET_MESSAGES.invalidLink] });
}
