// Identity verification (docs/product.md#verification-and-limits; docs/decisions.md "Identity
// verification"): BVN to level 1, then a saved bank account to level 2, with the 3-attempt block
// and its 24-hour reset. The BVN is only ever held in memory for the provider call: stored as an
// HMAC-SHA256 with the server's key plus its last 4 digits, never logged or returned.
import { createHmac } from "node:crypto";
import {
  type Database,
  type schema,
  claimBvnAttempt,
  findBankAccount,
  getUserVerification,
  recordBvnFailure,
  releaseBvnAttempt,
  resetBvnAttempts,
  storeVerifiedBankAccount,
  storeVerifiedBvn,
} from "@kolo/db";
import {
  type BvnVerificationInput,
  DAILY_LIMIT_KOBO,
  DomainError,
  MAX_BVN_ATTEMPTS,
  VERIFICATION_MESSAGES,
  formatWait,
  msUntilReset,
  nameWithin,
  normaliseNigerianPhone,
  toVerificationLevel,
} from "@kolo/domain";
import { type BvnRecord, PaymentGatewayError } from "@kolo/providers";
import { requestAccountNumber } from "../banking/dedicated-account";
import type { Services } from "../services";

/** The keyed hash a BVN is stored as: hex HMAC-SHA256 with `key` (BVN_HASH_KEY). */
export const bvnHash = (bvn: string, key: string) => createHmac("sha256", key).update(bvn, "utf8").digest("hex");

const now = (services: Services) => services.now?.() ?? new Date();

export type VerificationStatusName = "unverified" | "partially_verified" | "fully_verified" | "blocked";

/** GET /api/verification/status: both of the spec's views (docs/product.md#verification-and-limits), plus the attempt figures. */
export interface VerificationStatusView {
  verificationLevel: 0 | 1 | 2;
  bvnVerified: boolean;
  bankAccountVerified: boolean;
  level: 0 | 1 | 2;
  bankVerified: boolean;
  verificationDetails: {
    verificationAttempts: number;
    verificationStatus: VerificationStatusName;
    maxAttempts: number;
    /** Last 4 digits of the verified BVN, else null. */
    bvnLast4: string | null;
    /** ISO time from which reset-attempts succeeds, when blocked; else null. */
    resetAvailableAt: string | null;
  };
}

/** The user's verification status (works whatever feature_verification says). */
export async function verificationStatus(db: Database, services: Services, user: schema.User): Promise<VerificationStatusView> {
  const row = await getUserVerification(db, user.id);
  const level = toVerificationLevel(user.verificationLevel);
  const blocked = level === 0 && row.failedAttempts >= MAX_BVN_ATTEMPTS;
  const wait = blocked ? msUntilReset(row.lastFailedAt, now(services)) : 0;
  return {
    verificationLevel: level,
    bvnVerified: row.bvnVerifiedAt !== null,
    bankAccountVerified: level === 2,
    level,
    bankVerified: level === 2,
    verificationDetails: {
      verificationAttempts: row.failedAttempts,
      verificationStatus: blocked ? "blocked" : level === 2 ? "fully_verified" : level === 1 ? "partially_verified" : "unverified",
      maxAttempts: MAX_BVN_ATTEMPTS,
      bvnLast4: row.bvnLast4,
      resetAvailableAt: blocked && row.lastFailedAt ? new Date(now(services).getTime() + wait).toISOString() : null,
    },
  };
}

/** GET /api/verification/transaction-limit: {currentLimit (kobo per day; naira on the wire), currentLevel} (docs/decisions.md). */
export function transactionLimit(user: schema.User): { currentLimit: bigint; currentLevel: 0 | 1 | 2 } {
  const level = toVerificationLevel(user.verificationLevel);
  return { currentLimit: DAILY_LIMIT_KOBO[level], currentLevel: level };
}

const unavailable = () => new DomainError("SERVICE_UNAVAILABLE", VERIFICATION_MESSAGES.unavailable);

const bvnNameOf = (record: BvnRecord) => `${record.firstName} ${record.lastName}`;

/**
 * The first rule the BVN record fails for this user, as its own sentence, or null when it belongs
 * to the user: every part of the profile name within the BVN's name (nameWithin), then the same
 * date of birth, then the same mobile once normalised (docs/decisions/security.md "Identity names").
 */
function mismatchOf(record: BvnRecord, user: schema.User, input: BvnVerificationInput): string | null {
  if (!nameWithin(user.name, bvnNameOf(record))) return VERIFICATION_MESSAGES.nameMismatch;
  if (record.dateOfBirth !== input.dateOfBirth) return VERIFICATION_MESSAGES.dateOfBirthMismatch;
  if (normaliseNigerianPhone(record.mobile) !== input.phoneNumber) return VERIFICATION_MESSAGES.phoneMismatch;
  return null;
}

/**
 * POST /api/verification/bvn. Refuses an already verified BVN (400), a blocked user (429 with the
 * time left). Claims an attempt first (parallel calls never exceed 3), then asks the provider:
 * an outage gives the attempt back and answers 503 'Verification service unavailable. Please try
 * again later.'; 'BVN not found', a mismatch (its rule's sentence, mismatchOf: 'The name on your Kolo
 * profile must match the name on your BVN' first) or a BVN on another account count as failed (400,
 * details {verificationAttempts, attemptsRemaining}). Success stores the keyed hash, the last 4
 * and the BVN's name, raises the user to level 1 and requests the user's account number
 * (banking/dedicated-account.ts).
 */
export async function verifyBvn(db: Database, services: Services, user: schema.User, input: BvnVerificationInput) {
  const current = await getUserVerification(db, user.id);
  if (current.bvnVerifiedAt !== null || user.verificationLevel >= 1) throw new DomainError("RULE_VIOLATION", VERIFICATION_MESSAGES.alreadyBvnVerified);
  const claimed = await claimBvnAttempt(db, user.id, MAX_BVN_ATTEMPTS);
  if (!claimed) throw blockedError(current.lastFailedAt, now(services));

  let record: BvnRecord;
  try {
    record = await services.banking.resolveBvn(input.bvn);
  } catch (error) {
    if (error instanceof PaymentGatewayError && error.status === 404) return fail(db, services, user.id, VERIFICATION_MESSAGES.bvnNotFound);
    await releaseBvnAttempt(db, user.id);
    services.log.warn({ err: error instanceof Error ? error.message : "unknown", userId: user.id }, "BVN provider call failed");
    throw unavailable();
  }
  const mismatch = mismatchOf(record, user, input);
  if (mismatch !== null) return fail(db, services, user.id, mismatch);

  const stored = await storeVerifiedBvn(db, user.id, {
    bvnHash: bvnHash(input.bvn, services.bvnHashKey),
    bvnLast4: input.bvn.slice(-4),
    bvnName: bvnNameOf(record),
    at: now(services),
  });
  if (!stored) return fail(db, services, user.id, VERIFICATION_MESSAGES.bvnTaken);
  // Level 1 earns an account number for transfers in, assigned in the background.
  await requestAccountNumber(db, services, user.id);
  return { success: true as const, message: VERIFICATION_MESSAGES.bvnVerified, verificationLevel: 1 as const };
}

async function fail(db: Database, services: Services, userId: number, message: string): Promise<never> {
  const attempts = await recordBvnFailure(db, userId, now(services));
  throw new DomainError("RULE_VIOLATION", message, { verificationAttempts: attempts, attemptsRemaining: Math.max(0, MAX_BVN_ATTEMPTS - attempts) });
}

function blockedError(lastFailedAt: Date | null, at: Date) {
  const wait = msUntilReset(lastFailedAt, at);
  return new DomainError("RATE_LIMITED", VERIFICATION_MESSAGES.blocked, {
    verificationAttempts: MAX_BVN_ATTEMPTS,
    retryAfterSeconds: Math.ceil(wait / 1000),
    timeLeft: wait > 0 ? formatWait(wait) : null,
  });
}

/**
 * POST /api/verification/bank-account/{id}: needs level 1 (400 'Please verify your BVN first');
 * the account must be the user's (404); its name is resolved again through the provider (503 on
 * an outage) and every part of it must be within the BVN's name (nameWithin; a BVN verified before
 * the name was kept is compared with the profile name, which passed that BVN's check) (400 'Bank
 * account name does not match the name on your BVN'). Success marks the account verified and
 * raises the user to level 2.
 */
export async function verifyBankAccount(db: Database, services: Services, user: schema.User, bankAccountId: number) {
  if (user.verificationLevel >= 2) throw new DomainError("RULE_VIOLATION", VERIFICATION_MESSAGES.alreadyFullyVerified);
  if (user.verificationLevel < 1) throw new DomainError("RULE_VIOLATION", VERIFICATION_MESSAGES.bvnFirst);
  const account = await findBankAccount(db, user.id, bankAccountId);
  if (!account) throw new DomainError("NOT_FOUND", VERIFICATION_MESSAGES.bankAccountNotFound);
  let accountName: string;
  try {
    accountName = (await services.banking.resolveAccount(account.accountNumber, account.bankCode)).accountName;
  } catch (error) {
    if (error instanceof PaymentGatewayError && (error.status === 422 || error.status === 400)) {
      throw new DomainError("RULE_VIOLATION", VERIFICATION_MESSAGES.bankNameMismatch);
    }
    services.log.warn({ err: error instanceof Error ? error.message : "unknown", userId: user.id }, "Bank account verification provider call failed");
    throw unavailable();
  }
  const bvnName = (await getUserVerification(db, user.id)).bvnName ?? user.name;
  if (!nameWithin(accountName, bvnName)) throw new DomainError("RULE_VIOLATION", VERIFICATION_MESSAGES.bankNameMismatch);
  await storeVerifiedBankAccount(db, user.id, account.id, now(services));
  return { success: true as const, message: VERIFICATION_MESSAGES.bankVerified, verificationLevel: 2 as const };
}

/**
 * POST /api/verification/reset-attempts: clears the failed attempts once 24 hours have passed
 * since the last failed one (429 with the time left before). An admin may reset any user's at
 * any time (`targetUserId`).
 */
export async function resetAttempts(db: Database, services: Services, user: schema.User, targetUserId?: number): Promise<{ message: string }> {
  if (targetUserId !== undefined && targetUserId !== user.id) {
    if (user.role !== "admin") throw new DomainError("FORBIDDEN", "Admin access required");
    await resetBvnAttempts(db, targetUserId);
    return { message: VERIFICATION_MESSAGES.reset };
  }
  const row = await getUserVerification(db, user.id);
  const wait = user.role === "admin" ? 0 : msUntilReset(row.lastFailedAt, now(services));
  if (wait > 0) {
    throw new DomainError("RATE_LIMITED", `You can reset your verification attempts in ${formatWait(wait)}.`, {
      retryAfterSeconds: Math.ceil(wait / 1000),
      timeLeft: formatWait(wait),
    });
  }
  await resetBvnAttempts(db, user.id);
  return { message: VERIFICATION_MESSAGES.reset };
}
