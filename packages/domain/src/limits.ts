import { DomainError } from "./errors";
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
