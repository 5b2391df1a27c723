// What the user changes from /settings (docs/product.md "Settings"): the profile (the name until the
// BVN is verified, the phone), the password, and the daily limit for money out the user sets
// (docs/product.md "Limits the user sets"; ../DECISIONS "Fraud controls": CBN circular on fraud in
// instant payments, customers can set limits lower than their tier's).
import { type Database, deleteOtherUserSessions, setOwnDailyLimit, setPasswordHash, type schema, updateUserProfile } from "@kolo/db";
import {
  DAILY_LIMIT_KOBO,
  DomainError,
  OWN_LIMIT_MESSAGES,
  PROFILE_MESSAGES,
  changeOwnDailyLimit,
  effectiveDailyLimitKobo,
  settleOwnDailyLimit,
  toVerificationLevel,
} from "@kolo/domain";
import type { Services } from "../services";
import { hashPassword } from "./password";
import { checkPasswordCounted } from "./password-attempts";

const nowOf = (services: Pick<Services, "now">) => services.now?.() ?? new Date();

/** GET /api/auth/limits, kobo inside (naira on the wire): the limit in force, the level's, and a raise waiting. */
export interface OwnLimitsView {
  /** The limit money out is checked against today: the user's own, or the level's when none is set. */
  dailyLimit: bigint;
  levelLimit: bigint;
  pending: { dailyLimit: bigint; effectiveAt: Date } | null;
}

function viewOf(user: Pick<schema.User, "verificationLevel" | "ownDailyLimit" | "pendingDailyLimit" | "pendingDailyLimitAt">, now: Date): OwnLimitsView {
  const state = settleOwnDailyLimit(user, now);
  return {
    dailyLimit: effectiveDailyLimitKobo(user.verificationLevel, state.ownDailyLimit),
    levelLimit: DAILY_LIMIT_KOBO[toVerificationLevel(user.verificationLevel)],
    pending:
      state.pendingDailyLimit !== null && state.pendingDailyLimitAt !== null
        ? { dailyLimit: state.pendingDailyLimit, effectiveAt: state.pendingDailyLimitAt }
        : null,
  };
}

/** GET /api/auth/limits: the user's limits at the services' clock (a raise whose 24 hours have passed is in force). */
export function ownLimits(services: Pick<Services, "now">, user: schema.User): OwnLimitsView {
  return viewOf(user, nowOf(services));
}

/**
 * PATCH /api/auth/limits {dailyLimit (kobo)}: at or below the limit in force it applies at once
 * (any pending raise is dropped); above it, it waits 24 hours as `pending` (changeOwnDailyLimit).
 * Errors: VALIDATION 'Daily limit must be between ₦0 and ₦{level's limit}'. -> {message, ...OwnLimitsView}.
 */
export async function changeOwnLimit(db: Database, services: Pick<Services, "now">, user: schema.User, dailyLimitKobo: bigint) {
  const now = nowOf(services);
  const next = changeOwnDailyLimit(user, user.verificationLevel, dailyLimitKobo, now);
  const saved = (await setOwnDailyLimit(db, user.id, next)) ?? { ...user, ...next };
  return { message: next.pendingDailyLimit === null ? OWN_LIMIT_MESSAGES.lowered : OWN_LIMIT_MESSAGES.raised, ...viewOf(saved, now) };
}

/** DELETE /api/auth/limits/pending: drops a raise not yet in force (nothing to drop answers the same). -> {message, ...OwnLimitsView}. */
export async function cancelPendingOwnLimit(db: Database, services: Pick<Services, "now">, user: schema.User) {
  const now = nowOf(services);
  const settled = settleOwnDailyLimit(user, now);
  const saved = (await setOwnDailyLimit(db, user.id, { ownDailyLimit: settled.ownDailyLimit, pendingDailyLimit: null, pendingDailyLimitAt: null })) ?? user;
  return { message: OWN_LIMIT_MESSAGES.cancelled, ...viewOf(saved, now) };
}

/**
 * PATCH /api/auth/profile {name?, phone?} -> the updated user row. The name is refused once the
 * BVN is verified (level 1 or more): CONFLICT 'Your name cannot be changed after your BVN is
 * verified', nothing changed (the check and the write are one statement, updateUserProfile).
 */
export async function updateProfile(db: Database, user: schema.User, input: { name?: string; phone?: string }): Promise<schema.User> {
  const values = {
    ...(input.name !== undefined && input.name !== user.name ? { name: input.name } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
  };
  const updated = await updateUserProfile(db, user.id, values);
  if (!updated) throw new DomainError("CONFLICT", PROFILE_MESSAGES.nameLocked, { name: [PROFILE_MESSAGES.nameLocked] });
  return updated;
}

/**
 * POST /api/auth/password {currentPassword, newPassword}: the current password is checked on the
 * sign-in counter (checkPasswordCounted: 5 wrong in a row lock the account), then the new one is
 * stored and every other session of the user ends; this one stays. Errors: RULE_VIOLATION
 * 'Current password is incorrect' {currentPassword}; VALIDATION 'The new password must be
 * different from the current one'; checkPasswordCounted's 429 and ACCOUNT_LOCKED.
 */
export async function changePassword(db: Database, user: schema.User, sessionId: string, input: { currentPassword: string; newPassword: string }) {
  if (input.currentPassword === input.newPassword) {
    throw new DomainError("VALIDATION", PROFILE_MESSAGES.samePassword, { newPassword: [PROFILE_MESSAGES.samePassword] });
  }
  if (!(await checkPasswordCounted(db, user, input.currentPassword))) {
    throw new DomainError("RULE_VIOLATION", PROFILE_MESSAGES.wrongPassword, { currentPassword: [PROFILE_MESSAGES.wrongPassword] });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await deleteOtherUserSessions(tx, user.id, sessionId);
  });
  return { message: PROFILE_MESSAGES.passwordChanged };
}
