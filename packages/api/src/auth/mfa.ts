// The admin second factor (docs/admin-security.md): TOTP per RFC 6238 with @oslojs/otp (6 digits,
// 30 s steps, one step either side), each step's code accepted once; 10 one-time recovery codes
// stored as SHA-256; 5 wrong codes in 15 minutes stop codes being checked until the window ends.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import {
  type Database,
  acceptTotpStep,
  confirmTotpEnrolment,
  countUnusedRecoveryCodes,
  lockUserForMfa,
  markSessionMfaVerified,
  recordMfaFailure,
  resetMfaFailures,
  type schema,
  setPendingTotpSecret,
  useRecoveryCode,
} from "@kolo/db";
import {
  DomainError,
  MFA_MAX_FAILURES,
  MFA_MESSAGES,
  MFA_RECOVERY_CODE_COUNT,
  MFA_WINDOW_MS,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  formatWait,
} from "@kolo/domain";
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";

/**
 * The development-only TOTP secret (base32) of the demo admins: seeded only outside production,
 * printed by `npm start` with the demo sign-ins, given in the README. Tools and tests compute
 * codes from it.
 */
export const DEV_TOTP_SECRET_BASE32 = "JBSWY3DPEHPK3PXP";
export const devTotpSecret = (): Buffer => Buffer.from(decodeBase32IgnorePadding(DEV_TOTP_SECRET_BASE32));

const ISSUER = "Kolo";

/** The 30 s step `at` falls in (RFC 6238 T). */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code of `secret` for the step `at` falls in: what an authenticator app shows (tests, tools). */
export const totpCode = (secret: Uint8Array, at: Date = new Date()): string => generateHOTP(secret, BigInt(totpStep(at)), TOTP_DIGITS);

/**
 * The step whose code `code` is, among the steps around `at` (one either side) later than
 * `lastStep`; null when none. Compared in constant time.
 */
export function matchTotpStep(secret: Uint8Array, code: string, at: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const now = totpStep(at);
  let matched: number | null = null;
  for (const step of [now - 1, now, now + 1]) {
    const expected = generateHOTP(secret, BigInt(step), TOTP_DIGITS);
    if (timingSafeEqual(Buffer.from(expected), Buffer.from(code)) && (lastStep === null || step > lastStep) && matched === null) matched = step;
  }
  return matched;
}

const recoveryHash = (code: string) => createHash("sha256").update(code.replace("-", "").toLowerCase()).digest("hex");

/** 10 random recovery codes as `xxxxx-xxxxx` (base32 lower case, 50 bits each). */
function newRecoveryCodes(): string[] {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  return Array.from({ length: MFA_RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => alphabet[byte % 32]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/**
 * Starts (or restarts) enrolment for an admin not yet enrolled -> {secret (base32), otpauthUri}
 * for the QR code. Errors: FORBIDDEN for non-admins, RULE_VIOLATION once enrolled.
 */
export async function startTotpEnrolment(db: Database, user: schema.User): Promise<{ secret: string; otpauthUri: string }> {
  if (user.role !== "admin") throw new DomainError("FORBIDDEN", MFA_MESSAGES.adminsOnly);
  if (user.totpSecret) throw new DomainError("RULE_VIOLATION", MFA_MESSAGES.alreadyEnrolled);
  const secret = randomBytes(20);
  await setPendingTotpSecret(db, user.id, secret);
  return { secret: encodeBase32UpperCaseNoPadding(secret), otpauthUri: createTOTPKeyURI(ISSUER, user.email, secret, TOTP_PERIOD_SECONDS, TOTP_DIGITS) };
}

/**
 * POST /api/auth/mfa {code}: completes the admin sign-in on `sessionId`. The code is a TOTP code of
 * the enrolled secret (a step not accepted before), or an unused recovery code; an admin still
 * enrolling confirms the pending secret with its code, which also creates the recovery codes
 * (answered once, here). A right code marks the session verified (it is an admin session from
 * now on). Errors: RATE_LIMITED 'Too many wrong codes. Try again in {time}.' after 5 wrong codes
 * in 15 minutes (not checked until the window ends); UNAUTHENTICATED 'Invalid code' for a wrong,
 * replayed or spent code (counted); RULE_VIOLATION when enrolment was never started.
 */
export async function completeSecondFactor(
  db: Database,
  params: { user: schema.User; sessionId: string; code: string; now: Date },
): Promise<{ recoveryCodes: string[] | null; recoveryCodesLeft: number }> {
  const { user, now } = params;
  if (user.role !== "admin") throw new DomainError("FORBIDDEN", MFA_MESSAGES.adminsOnly);
  const outcome = await db.transaction(async (tx) => {
    const row = await lockUserForMfa(tx, user.id);
    if (!row) throw new DomainError("UNAUTHENTICATED", MFA_MESSAGES.invalidCode);
    const windowEnds = row.mfaWindowStartedAt ? row.mfaWindowStartedAt.getTime() + MFA_WINDOW_MS : 0;
    if (row.mfaFailures >= MFA_MAX_FAILURES && windowEnds > now.getTime()) {
      throw new DomainError("RATE_LIMITED", MFA_MESSAGES.throttled.replace("{time}", formatWait(windowEnds - now.getTime())), {
        retryAfterSeconds: Math.ceil((windowEnds - now.getTime()) / 1000),
      });
    }
    if (!row.totpSecret) {
      if (!row.totpPendingSecret) throw new DomainError("RULE_VIOLATION", MFA_MESSAGES.notEnrolling);
      const step = matchTotpStep(row.totpPendingSecret, params.code, now, null);
      if (step === null) return "wrong" as const;
      const recoveryCodes = newRecoveryCodes();
      await confirmTotpEnrolment(tx, user.id, { secret: row.totpPendingSecret, step, codeHashes: recoveryCodes.map(recoveryHash) });
      await resetMfaFailures(tx, user.id);
      await markSessionMfaVerified(tx, params.sessionId);
      return { recoveryCodes };
    }
    const step = matchTotpStep(row.totpSecret, params.code, now, row.totpLastStep ?? null);
    if (step !== null) await acceptTotpStep(tx, user.id, step);
    else if (!/^\d{6}$/.test(params.code) && (await useRecoveryCode(tx, user.id, recoveryHash(params.code)))) {
      // a recovery code, now spent
    } else return "wrong" as const;
    await resetMfaFailures(tx, user.id);
    await markSessionMfaVerified(tx, params.sessionId);
    return { recoveryCodes: null };
  });
  if (outcome === "wrong") {
    // Counted outside the code check's transaction, so the refusal cannot roll the count back.
    await recordMfaFailure(db, user.id, now, MFA_WINDOW_MS);
    throw new DomainError("UNAUTHENTICATED", MFA_MESSAGES.invalidCode);
  }
  return { recoveryCodes: outcome.recoveryCodes, recoveryCodesLeft: await countUnusedRecoveryCodes(db, user.id) };
}
