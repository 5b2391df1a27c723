// Fraud controls (docs/product.md "Fraud controls", after the CBN circular on fraud in instant
// payments of 12 March 2026): trusted devices, the first-day cap's window and freezing the account.
// The money-out guard (assertMoneyOutAllowed) runs in trpc.ts moneyOutProcedure, the one procedure
// builder every money-out route is made with.
import { createHash, randomInt } from "node:crypto";
import {
  type Database,
  type DbOrTx,
  claimSecurityCodeAttempt,
  deleteOtherUserSessions,
  deleteSecurityCode,
  deleteUserDevice,
  deleteUserSessions,
  deviceTrustedAt,
  findUserByEmail,
  listUserDevices,
  markDeviceTrusted,
  openFirstDayCap,
  type SecurityCodePurpose,
  type schema,
  setUserFrozen,
  storeSecurityCode,
} from "@kolo/db";
import { DomainError, FIRST_DAY_CAP_MS, FRAUD_MESSAGES as M, MAX_SECURITY_CODE_ATTEMPTS, MESSAGES, SECURITY_CODE_LIFETIME_MS } from "@kolo/domain";
import type { Services } from "../services";
import { TOO_MANY_REQUESTS } from "../user-limits";
import { verifyAgainstDummy } from "./password";
import { checkPasswordCounted } from "./password-attempts";

type FraudServices = Pick<Services, "mailer" | "now">;

const nowOf = (services: Pick<Services, "now">) => services.now?.() ?? new Date();
const hashCode = (userId: number, purpose: SecurityCodePurpose, code: string) => createHash("sha256").update(`${userId}:${purpose}:${code}`).digest("hex");

/**
 * The money-out guard (docs/product.md "Fraud controls"): FORBIDDEN ACCOUNT_FROZEN while the
 * account is frozen; FORBIDDEN DEVICE_NOT_TRUSTED when the session's device is not trusted yet. A
 * session without a device (opened before devices were tracked) passes.
 */
export async function assertMoneyOutAllowed(db: Database, user: schema.User, session: schema.Session): Promise<void> {
  if (user.frozenAt !== null) throw new DomainError("ACCOUNT_FROZEN", M.frozen);
  if (session.deviceId === null) return;
  if ((await deviceTrustedAt(db, session.deviceId)) === null) throw new DomainError("DEVICE_NOT_TRUSTED", M.deviceNotTrusted);
}

/** Opens (or extends) the user's first-day cap window for 24 hours from `now` (openFirstDayCap). */
export const startFirstDayCap = (db: DbOrTx, userId: number, now: Date) => openFirstDayCap(db, userId, now, new Date(now.getTime() + FIRST_DAY_CAP_MS));

/**
 * GET /api/auth/devices: the user's devices, first seen first: {id, name (from the user agent,
 * 'Unknown browser' when none), firstSeen, lastSeen, trustedSince (null: not trusted), current
 * (the device of this session)}.
 */
export async function listDevices(db: Database, user: schema.User, session: schema.Session) {
  const rows = await listUserDevices(db, user.id);
  return {
    devices: rows.map((row) => ({
      id: row.id,
      name: row.name ?? "Unknown browser",
      firstSeen: row.createdAt,
      lastSeen: row.lastSeenAt,
      trustedSince: row.trustedAt,
      current: row.id === session.deviceId,
    })),
  };
}

/**
 * DELETE /api/auth/devices/{id}: forgets the device and ends its sessions (ON DELETE CASCADE);
 * a browser coming back is a new, untrusted device. NOT_FOUND 'Device not found' for another
 * user's or an unknown id.
 */
export async function removeDevice(db: Database, user: schema.User, deviceId: number): Promise<{ message: string }> {
  if (!(await deleteUserDevice(db, user.id, deviceId))) throw new DomainError("NOT_FOUND", M.deviceNotFound);
  return { message: M.deviceRemoved };
}

/** One code a minute per user and purpose (storeSecurityCode). */
const CODE_INTERVAL_MS = 60_000;

/**
 * Makes a 6-digit code for `purpose`, stores its hash (10 minutes, 5 tries) and e-mails it.
 * RATE_LIMITED (429) 'Too many requests' {retryAfterSeconds: 60, an upper bound} within a minute of the previous code.
 */
async function sendCode(db: Database, services: FraudServices, user: schema.User, purpose: SecurityCodePurpose, deviceId: number | null) {
  const now = nowOf(services);
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const stored = await storeSecurityCode(db, {
    userId: user.id,
    purpose,
    deviceId,
    codeHash: hashCode(user.id, purpose, code),
    expiresAt: new Date(now.getTime() + SECURITY_CODE_LIFETIME_MS),
    now,
    minIntervalMs: CODE_INTERVAL_MS,
  });
  if (!stored) throw new DomainError("RATE_LIMITED", TOO_MANY_REQUESTS, { retryAfterSeconds: CODE_INTERVAL_MS / 1000 });
  const what = purpose === "device" ? "confirm this device for payments" : "unfreeze your account";
  await services.mailer.send({
    to: user.email,
    subject: purpose === "device" ? M.deviceCodeSubject : M.unfreezeCodeSubject,
    text:
      `Hello ${user.name},\n\nYour Kolo code to ${what} is ${code}. It is valid for 10 minutes.\n\n` +
      "If you did not ask for it, freeze your account in Kolo and change your password.\n\nKolo",
  });
  return { message: M.codeSent };
}

/**
 * Counts a try of `code` against the user's live code of `purpose`; RULE_VIOLATION 'Incorrect or
 * expired code…' {code} when there is none (expired, 5 tries spent) or it differs. Answers its device.
 */
async function checkCode(db: Database, services: FraudServices, user: schema.User, purpose: SecurityCodePurpose, code: string) {
  const live = await claimSecurityCodeAttempt(db, { userId: user.id, purpose, max: MAX_SECURITY_CODE_ATTEMPTS, now: nowOf(services) });
  if (!live || live.codeHash !== hashCode(user.id, purpose, code)) throw new DomainError("RULE_VIOLATION", M.wrongCode, { code: [M.wrongCode] });
  return live;
}

/** The session's device, refusing RULE_VIOLATION 'This device is already trusted' when there is nothing to confirm. */
async function untrustedDevice(db: Database, session: schema.Session): Promise<number> {
  if (session.deviceId === null || (await deviceTrustedAt(db, session.deviceId)) !== null) throw new DomainError("RULE_VIOLATION", M.alreadyTrusted);
  return session.deviceId;
}

/** POST /api/auth/devices/current/code: e-mails a code that trusts this session's device. Errors: see untrustedDevice. */
export async function sendDeviceCode(db: Database, services: FraudServices, user: schema.User, session: schema.Session) {
  return sendCode(db, services, user, "device", await untrustedDevice(db, session));
}

/**
 * POST /api/auth/devices/current/trust {code}: trusts this session's device and opens the
 * first-day cap for 24 hours. Errors: RULE_VIOLATION already trusted, or a wrong/expired code
 * (also one sent for another device).
 */
export async function trustCurrentDevice(db: Database, services: FraudServices, user: schema.User, session: schema.Session, code: string) {
  const deviceId = await untrustedDevice(db, session);
  const live = await checkCode(db, services, user, "device", code);
  if (live.deviceId !== deviceId) throw new DomainError("RULE_VIOLATION", M.wrongCode, { code: [M.wrongCode] });
  const now = nowOf(services);
  await db.transaction(async (tx) => {
    await markDeviceTrusted(tx, deviceId, now);
    await deleteSecurityCode(tx, user.id, "device");
    await startFirstDayCap(tx, user.id, now);
  });
  return { message: M.deviceTrusted };
}

/**
 * POST /api/auth/freeze (signed in): freezes the account (no money out) and ends every other
 * session. Repeatable: an account already frozen answers the same.
 */
export async function freezeAccount(db: Database, services: Pick<Services, "now">, user: schema.User, session: schema.Session) {
  await db.transaction(async (tx) => {
    await setUserFrozen(tx, user.id, nowOf(services));
    await deleteOtherUserSessions(tx, user.id, session.id);
  });
  return { message: M.freezeDone };
}

/**
 * POST /api/auth/freeze/password {email, password} (signed out, for a phone already stolen):
 * freezes the account and ends all its sessions. The password is checked on the sign-in counter
 * (checkPasswordCounted). Errors: UNAUTHORIZED 'Invalid email or password'; those of checkPasswordCounted.
 */
export async function freezeWithPassword(db: Database, services: Pick<Services, "now">, input: { email: string; password: string }) {
  const user = await findUserByEmail(db, input.email);
  if (!user) {
    await verifyAgainstDummy(input.password);
    throw new DomainError("INVALID_CREDENTIALS", MESSAGES.invalidCredentials);
  }
  if (!(await checkPasswordCounted(db, user, input.password))) throw new DomainError("INVALID_CREDENTIALS", MESSAGES.invalidCredentials);
  await db.transaction(async (tx) => {
    await setUserFrozen(tx, user.id, nowOf(services));
    await deleteUserSessions(tx, user.id);
  });
  return { message: M.freezeDone };
}

/**
 * POST /api/auth/unfreeze {password, code?}: with the password alone e-mails a code; with both
 * unfreezes and opens the first-day cap for 24 hours. Errors: RULE_VIOLATION 'Your account is not
 * frozen'; RULE_VIOLATION 'Incorrect password' {password} (counted towards the sign-in lock);
 * RULE_VIOLATION wrong or expired code {code}.
 */
export async function unfreezeAccount(db: Database, services: FraudServices, user: schema.User, input: { password: string; code?: string }) {
  if (user.frozenAt === null) throw new DomainError("RULE_VIOLATION", M.notFrozen);
  if (!(await checkPasswordCounted(db, user, input.password))) {
    throw new DomainError("RULE_VIOLATION", M.wrongPassword, { password: [M.wrongPassword] });
  }
  if (input.code === undefined) return sendCode(db, services, user, "unfreeze", null);
  await checkCode(db, services, user, "unfreeze", input.code);
  const now = nowOf(services);
  await db.transaction(async (tx) => {
    await setUserFrozen(tx, user.id, null);
    await deleteSecurityCode(tx, user.id, "unfreeze");
    await startFirstDayCap(tx, user.id, now);
  });
  return { message: M.unfrozen };
}
