/**
 * Verification levels and the daily outgoing limit (docs/product.md#verification-and-limits; docs/decisions.md).
 * Level 0 ₦50,000, level 1 ₦200,000, level 2 ₦1,000,000 per calendar day in Africa/Lagos.
 */
export type VerificationLevel = 0 | 1 | 2;

export const VERIFICATION_TITLES: Record<VerificationLevel, string> = {
  0: "Unverified Account",
  1: "Partially Verified",
  2: "Fully Verified",
};

export const VERIFICATION_PROGRESS: Record<VerificationLevel, number> = { 0: 0, 1: 50, 2: 100 };

/** Daily outgoing limit in kobo by level. */
export const DAILY_LIMIT_KOBO: Record<VerificationLevel, bigint> = {
  0: 5_000_000n,
  1: 20_000_000n,
  2: 100_000_000n,
};

export function toVerificationLevel(level: number): VerificationLevel {
  return level >= 2 ? 2 : level === 1 ? 1 : 0;
}
