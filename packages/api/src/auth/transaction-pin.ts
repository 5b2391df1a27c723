// The transaction PIN (docs/product.md "Transaction PIN"): set once, asked on every debit once set,
// 5 wrong PINs lock payments (not sign-in) for 30 minutes; changed with the current PIN, reset with
// the password and a 6-digit code sent by e-mail. Stored as argon2id (auth/password.ts).
import { createHash, randomInt } from "node:crypto";
import {
  type Database,
  type schema,
  claimPinAttempt,
  claimPinResetAttempt,
  clearPinAttempts,
  findTransactionPin,
  insertTransactionPin,
  recordPinResetCodeRequest,
  replaceTransactionPin,
  storePinResetCode,
} from "@kolo/db";
import {
  DomainError,
  MAX_PIN_ATTEMPTS,
  MAX_PIN_RESET_CODE_ATTEMPTS,
  PIN_LOCK_MS,
  PIN_RESET_CODE_LIFETIME_MS,
  TRANSACTION_PIN_MESSAGES as M,
  formatWait,
} from "@kolo/domain";
import type { Services } from "../services";
import { enforceUserLimit } from "../user-limits";
import { hashPassword, verifyPassword } from "./password";
import { checkPasswordCounted } from "./password-attempts";

type PinServices = Pick<Services, "now">;
const nowOf = (services: PinServices) => services.now?.() ?? new Date();
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** GET /api/auth/transaction-pin: whether a PIN is set and whether payments are locked. */
export interface TransactionPinStatus {
  isSet: boolean;
  locked: boolean;
  /** ISO time the lock ends, or null. */
  lockedUntil: string | null;
  attemptsRemaining: number;
}

export async function transactionPinStatus(db: Database, services: PinServices, userId: number): Promise<TransactionPinStatus> {
  const row = await findTransactionPin(db, userId);
  const now = nowOf(services);
  const locked = !!row?.lockedUntil && row.lockedUntil > now;
  const counted = row && (!row.lockedUntil || locked) ? row.failedAttempts : 0;
  return { isSet: !!row, locked, lockedUntil: locked ? row.lockedUntil!.toISOString() : null, attemptsRemaining: Math.max(0, MAX_PIN_ATTEMPTS - counted) };
}

const lockedError = (until: Date, now: Date) => {
  const wait = Math.max(0, until.getTime() - now.getTime());
  return new DomainError("PIN_LOCKED", M.locked, { retryAfterSeconds: Math.ceil(wait / 1000), lockedUntil: until.toISOString(), timeLeft: formatWait(wait) });
};

/**
 * Checks `pin` against the user's PIN, counting the try first (claimPinAttempt), so parallel tries
 * never check more than MAX_PIN_ATTEMPTS. Errors (all 403): PIN_LOCKED 'Too many incorrect PINs.
 * Payments are locked for 30 minutes.' {retryAfterSeconds, lockedUntil, timeLeft}; PIN_INCORRECT
 * 'Incorrect PIN' {attemptsRemaining} (0 on the try that locks). A right PIN clears the count.
 */
async function verifyPin(db: Database, services: PinServices, row: schema.TransactionPinRow, pin: string): Promise<void> {
  const now = nowOf(services);
  const lockUntil = new Date(now.getTime() + PIN_LOCK_MS);
  const counted = await claimPinAttempt(db, row.userId, { max: MAX_PIN_ATTEMPTS, now, lockUntil });
  if (counted === null) {
    const current = await findTransactionPin(db, row.userId);
    throw lockedError(current?.lockedUntil ?? lockUntil, now);
  }
  if (await verifyPassword(row.pinHash, pin)) {
    await clearPinAttempts(db, row.userId, now);
    return;
  }
  const attemptsRemaining = Math.max(0, MAX_PIN_ATTEMPTS - counted);
  throw new DomainError("PIN_INCORRECT", M.incorrect, { attemptsRemaining, ...(attemptsRemaining === 0 ? { lockedUntil: lockUntil.toISOString() } : {}) });
}

/**
 * The rule every debit runs before anything else (trpc.ts pinProcedure): a user without a PIN
 * passes (outside clients of the product's API keep working; the web app asks to set one); a user
 * with one must send it: PIN_REQUIRED 'Transaction PIN required' (403) without it, else verifyPin's
 * errors. A locked user is refused before the PIN is looked at.
 */
export async function requireTransactionPin(db: Database, services: PinServices, userId: number, pin: string | undefined): Promise<void> {
  const row = await findTransactionPin(db, userId);
  if (!row) return;
  const now = nowOf(services);
  if (row.lockedUntil && row.lockedUntil > now) throw lockedError(row.lockedUntil, now);
  if (pin === undefined) throw new DomainError("PIN_REQUIRED", M.required);
  await verifyPin(db, services, row, pin);
}

/** POST /api/auth/transaction-pin {pin}: the first PIN (weak ones refused by the schema). CONFLICT when one is set. */
export async function setTransactionPin(db: Database, userId: number, pin: string): Promise<{ message: string }> {
  if (!(await insertTransactionPin(db, userId, await hashPassword(pin)))) throw new DomainError("CONFLICT", M.alreadySet);
  return { message: M.set };
}

/**
 * PATCH /api/auth/transaction-pin {currentPin, pin}: the current PIN is checked like a payment's
 * (a wrong one counts towards the lock). RULE_VIOLATION 'Set a transaction PIN first' without one.
 */
export async function changeTransactionPin(db: Database, services: PinServices, userId: number, input: { currentPin: string; pin: string }) {
  const row = await findTransactionPin(db, userId);
  if (!row) throw new DomainError("RULE_VIOLATION", M.notSet);
  await requireTransactionPin(db, services, userId, input.currentPin);
  await replaceTransactionPin(db, userId, await hashPassword(input.pin), nowOf(services));
  return { message: M.changed };
}

/**
 * POST /api/auth/transaction-pin/reset-code: e-mails a 6-digit code (valid 15 minutes, 5 tries,
 * once; a new code replaces the last). At most 3 codes an hour per user (USER_LIMITS
 * `pin_reset_code`, docs/decisions.md "Per-user caps"): RATE_LIMITED (429) 'Too many requests'
 * {retryAfterSeconds}. RULE_VIOLATION without a PIN.
 */
export async function sendPinResetCode(
  db: Database,
  services: Pick<Services, "now" | "mailer" | "userLimits">,
  user: schema.User,
): Promise<{ message: string }> {
  if (!(await findTransactionPin(db, user.id))) throw new DomainError("RULE_VIOLATION", M.notSet);
  const now = nowOf(services);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db.transaction(async (tx) => {
    await enforceUserLimit(tx, user.id, "pin_reset_code", { limits: services.userLimits, now });
    await recordPinResetCodeRequest(tx, user.id, now);
    await storePinResetCode(tx, user.id, sha256(`${user.id}:${code}`), new Date(now.getTime() + PIN_RESET_CODE_LIFETIME_MS));
  });
  await services.mailer.send({
    to: user.email,
    subject: M.resetSubject,
    text:
      `Hello ${user.name},\n\nYour code to reset your Kolo transaction PIN is ${code}. It is valid for 15 minutes.\n\n` +
      "If you did not ask for it, change your password: someone may be using your account.\n\nKolo",
  });
  return { message: M.codeSent };
}

/** The one refusal of a reset whose password, code or both are wrong (or whose code is spent): nothing tells which. */
const wrongPasswordOrCode = () => new DomainError("RULE_VIOLATION", M.wrongPasswordOrCode, { code: [M.wrongPasswordOrCode] });

/**
 * POST /api/auth/transaction-pin/reset {password, code, pin}: the try is counted against the code
 * first (5 per code), then the password is checked on the sign-in counter (checkPasswordCounted:
 * a wrong one counts towards the account's sign-in lock or throttle, docs/decisions.md "Per-user
 * caps"), then the code. A wrong password, a wrong code and a spent code all answer
 * RULE_VIOLATION 'Incorrect password or code. If the code has expired, ask for a new one.'; also
 * checkPasswordCounted's errors. Success sets the new PIN and ends any payment lock.
 */
export async function resetTransactionPin(db: Database, services: PinServices, user: schema.User, input: { password: string; code: string; pin: string }) {
  const now = nowOf(services);
  const live = await claimPinResetAttempt(db, user.id, MAX_PIN_RESET_CODE_ATTEMPTS, now);
  if (!live) throw wrongPasswordOrCode();
  const passwordRight = await checkPasswordCounted(db, user, input.password);
  if (!passwordRight || live.resetCodeHash !== sha256(`${user.id}:${input.code}`)) throw wrongPasswordOrCode();
  await replaceTransactionPin(db, user.id, await hashPassword(input.pin), now, { reset: true });
  return { message: M.reset };
}
