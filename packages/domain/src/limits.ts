import { DomainError } from "./errors";
import { formatKobo } from "./money";
import { DAILY_LIMIT_KOBO, toVerificationLevel } from "./verification";

/**
 * Limits (docs/decisions.md). Amounts in kobo. Outgoing money is everything leaving the user's
 * control: transfers, payments and purchases; top-ups are incoming and never count.
 */
export const TOPUP_MIN_KOBO = 10_000n; // ₦100
export const TOPUP_MAX_KOBO = 100_000_000n; // ₦1,000,000
export const DAILY_LIMIT_EXCEEDED = "Daily limit exceeded";

/** Top-up bounds: BAD_REQUEST with the field message when the amount (kobo) is outside ₦100–₦1,000,000. */
export function assertTopUpAmount(amountKobo: bigint): void {
  if (amountKobo < TOPUP_MIN_KOBO) throw new DomainError("VALIDATION", "Minimum top-up amount is ₦100", { amount: ["Minimum top-up amount is ₦100"] });
  if (amountKobo > TOPUP_MAX_KOBO)
    throw new DomainError("VALIDATION", "Maximum top-up amount is ₦1,000,000", { amount: ["Maximum top-up amount is ₦1,000,000"] });
}

/** What is left of today's allowance (kobo, never negative). */
export function remainingDailyAllowance(level: number, spentTodayKobo: bigint): bigint {
  const remaining = DAILY_LIMIT_KOBO[toVerificationLevel(level)] - spentTodayKobo;
  return remaining > 0n ? remaining : 0n;
}

/**
 * Refuses an outgoing `amountKobo` (fees included) that would take today's total past the
 * level's limit: BAD_REQUEST 'Daily limit exceeded', details {remainingAllowance, dailyLimit} in kobo (naira on the wire: wireErrorDetails).
 */
export function assertWithinDailyLimit(level: number, spentTodayKobo: bigint, amountKobo: bigint): void {
  const remaining = remainingDailyAllowance(level, spentTodayKobo);
  if (amountKobo > remaining) {
    throw new DomainError("DAILY_LIMIT_EXCEEDED", DAILY_LIMIT_EXCEEDED, {
      remainingAllowance: remaining,
      dailyLimit: DAILY_LIMIT_KOBO[toVerificationLevel(level)],
    });
  }
}

/**
 * Limits the user sets (docs/product.md "Limits the user sets"; ../DECISIONS "Fraud controls"): a
 * daily limit for money out between ₦0 and the level's limit. Lowering takes effect at once;
 * raising waits OWN_LIMIT_RAISE_DELAY_MS, pending and cancellable, so whoever holds a stolen phone
 * cannot raise it and drain the wallet. Amounts in kobo; null: no own limit (the level's applies).
 */
export interface OwnDailyLimitState {
  ownDailyLimit: bigint | null;
  pendingDailyLimit: bigint | null;
  pendingDailyLimitAt: Date | null;
}

/** How long a raised own limit waits before it applies: 24 hours. */
export const OWN_LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

export const OWN_LIMIT_MESSAGES = {
  range: (levelLimit: string) => `Daily limit must be between ₦0 and ${levelLimit}`,
  lowered: "Daily limit updated",
  raised: "Your new daily limit takes effect in 24 hours",
  cancelled: "Pending daily limit cancelled",
} as const;

/** 'Daily limit must be between ₦0 and ₦50,000': the refusal of a limit above the level's (kobo). */
export const ownLimitRangeMessage = (levelLimitKobo: bigint) => OWN_LIMIT_MESSAGES.range(formatKobo(levelLimitKobo).replace(/\.00$/, ""));

/** The own limit in force at `now` (kobo), a pending raise counted once its time has come; null when none was set. */
export function ownDailyLimitAt(state: OwnDailyLimitState, now: Date): bigint | null {
  if (state.pendingDailyLimit !== null && state.pendingDailyLimitAt !== null && state.pendingDailyLimitAt.getTime() <= now.getTime()) {
    return state.pendingDailyLimit;
  }
  return state.ownDailyLimit;
}

/** The state with a pending raise whose time has come made the own limit (what is stored after a read). */
export function settleOwnDailyLimit(state: OwnDailyLimitState, now: Date): OwnDailyLimitState {
  const pendingDue = state.pendingDailyLimitAt !== null && state.pendingDailyLimitAt.getTime() <= now.getTime();
  if (!pendingDue) return state;
  return { ownDailyLimit: state.pendingDailyLimit, pendingDailyLimit: null, pendingDailyLimitAt: null };
}

/** The limit money out is checked against (kobo): the level's, or the user's own when lower. */
export function effectiveDailyLimitKobo(level: number, ownLimitKobo: bigint | null | undefined): bigint {
  const levelLimit = DAILY_LIMIT_KOBO[toVerificationLevel(level)];
  return ownLimitKobo !== null && ownLimitKobo !== undefined && ownLimitKobo < levelLimit ? ownLimitKobo : levelLimit;
}

/**
 * A new own limit `requestedKobo` for a user at `level`: VALIDATION {dailyLimit} outside ₦0 to the
 * level's limit. At or below the limit in force it applies now and drops any pending raise;
 * above it, it becomes pending until now + 24 h (a new raise restarts the wait). Returns the new state.
 */
export function changeOwnDailyLimit(state: OwnDailyLimitState, level: number, requestedKobo: bigint, now: Date): OwnDailyLimitState {
  const levelLimit = DAILY_LIMIT_KOBO[toVerificationLevel(level)];
  if (requestedKobo < 0n || requestedKobo > levelLimit) {
    const message = ownLimitRangeMessage(levelLimit);
    throw new DomainError("VALIDATION", message, { dailyLimit: [message] });
  }
  const settled = settleOwnDailyLimit(state, now);
  const inForce = effectiveDailyLimitKobo(level, settled.ownDailyLimit);
  if (requestedKobo <= inForce) return { ownDailyLimit: requestedKobo, pendingDailyLimit: null, pendingDailyLimitAt: null };
  return { ownDailyLimit: settled.ownDailyLimit, pendingDailyLimit: requestedKobo, pendingDailyLimitAt: new Date(now.getTime() + OWN_LIMIT_RAISE_DELAY_MS) };
}
