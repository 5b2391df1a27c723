// The account's password checked outside sign-in (the PIN reset) on sign-in's own counter
// (docs/decisions.md "Per-user caps"): each check is claimed before the password is compared, a
// wrong one counts towards the lock of personal and merchant accounts (5 in a row) or the admin
// throttle, and a right one starts the count again, exactly as POST /api/auth/login does.
import { type Database, adminLoginWaitSeconds, afterFailedLogin, claimLoginAttempt, deleteUserSessions, recordSuccessfulLogin, type schema } from "@kolo/db";
import { DomainError, MAX_FAILED_LOGINS, MESSAGES, MFA_MESSAGES } from "@kolo/domain";
import { verifyPassword } from "./password";

/** The admin throttle's refusal: 429 with the wait (docs/decisions.md "Security, second round"). */
export async function adminThrottled(db: Database, userId: number): Promise<DomainError> {
  const wait = Math.max(1, await adminLoginWaitSeconds(db, userId));
  const time = wait >= 60 ? `${Math.ceil(wait / 60)} minute${wait > 60 ? "s" : ""}` : `${wait} second${wait === 1 ? "" : "s"}`;
  return new DomainError("RATE_LIMITED", MFA_MESSAGES.loginThrottled.replace("{time}", time), { retryAfterSeconds: wait });
}

/**
 * Whether `password` is `user`'s, counted as a sign-in attempt. Answers true (the count starts
 * again) or false (counted; the 5th wrong one in a row locks a personal or merchant account and
 * ends its sessions; an admin's next check waits 2^(failures-1) s). Errors, with nothing
 * compared: RATE_LIMITED (429) 'Too many failed sign-in attempts. Try again in {time}.' while
 * an admin's throttle runs, or 'Too many sign-in attempts at once…' while the last permitted
 * attempts are being checked; ACCOUNT_LOCKED 'Account locked' once the account is locked.
 */
export async function checkPasswordCounted(db: Database, user: schema.User, password: string): Promise<boolean> {
  const claimed = await claimLoginAttempt(db, user.email, MAX_FAILED_LOGINS);
  if (!claimed) {
    if (user.role === "admin") throw await adminThrottled(db, user.id);
    throw new DomainError("RATE_LIMITED", MESSAGES.loginAttemptsInFlight);
  }
  if (!(await verifyPassword(claimed.passwordHash, password))) {
    if ((await afterFailedLogin(db, claimed.id, MAX_FAILED_LOGINS)) === "locked") await deleteUserSessions(db, claimed.id);
    return false;
  }
  if (!(await recordSuccessfulLogin(db, claimed.id))) throw new DomainError("ACCOUNT_LOCKED", MESSAGES.accountLocked);
  return true;
}
