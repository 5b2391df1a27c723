import { z } from "zod";
import { PHONE_MESSAGE, normaliseNigerianPhone, plainText } from "./text";

/**
 * BVN and bank-account verification (docs/product.md#verification-and-limits; docs/decisions.md "Identity
 * verification"). Texts the spec gives are word for word; the others are Kolo's.
 */
export const VERIFICATION_MESSAGES = {
  missing: "Missing Information",
  bvn: "BVN must be 11 digits",
  dateOfBirth: "Date of birth must be in YYYY-MM-DD format",
  phone: PHONE_MESSAGE,
  bvnVerified: "BVN verified successfully",
  bankVerified: "Bank account verified successfully",
  alreadyBvnVerified: "BVN already verified",
  alreadyFullyVerified: "Account already fully verified",
  bvnFirst: "Please verify your BVN first",
  bvnNotFound: "BVN not found",
  /**
   * Which rule a BVN record failed, checked in this order (docs/product.md#verification-and-limits):
   * the profile name, then the date of birth, then the phone. Each still counts as a failed attempt.
   */
  nameMismatch: "The name on your Kolo profile must match the name on your BVN",
  dateOfBirthMismatch: "The date of birth does not match the one on your BVN",
  phoneMismatch: "The phone number does not match the one on your BVN",
  bvnTaken: "BVN already linked to another account",
  bankNameMismatch: "Bank account name does not match the name on your BVN",
  bankAccountNotFound: "Bank account not found",
  blocked: "Maximum verification attempts reached. You can reset your attempts 24 hours after the last failed attempt.",
  unavailable: "Verification service unavailable. Please try again later.",
  reset: "Verification attempts reset",
} as const;

/** Failed BVN attempts before further attempts are blocked (docs/product.md#verification-and-limits). */
export const MAX_BVN_ATTEMPTS = 3;
/** A block can be reset this long after the last failed attempt (docs/decisions.md). */
export const BVN_RESET_AFTER_MS = 24 * 60 * 60 * 1000;

/** A required field: absent or blank is 'Missing Information'. */
const required = () => plainText({ error: VERIFICATION_MESSAGES.missing }).trim().min(1, { error: VERIFICATION_MESSAGES.missing });

/** A real calendar date written YYYY-MM-DD. */
const isCalendarDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/**
 * POST /api/verification/bvn {bvn, dateOfBirth, phoneNumber}: every field required ('Missing
 * Information'); 11 digits; YYYY-MM-DD (a real date); a Nigerian phone, parsed to `0` + 10 digits.
 */
export const bvnVerificationSchema = z.object({
  bvn: required().pipe(z.string().regex(/^\d{11}$/, { error: VERIFICATION_MESSAGES.bvn })),
  dateOfBirth: required().pipe(
    z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: VERIFICATION_MESSAGES.dateOfBirth })
      .refine(isCalendarDate, { error: VERIFICATION_MESSAGES.dateOfBirth }),
  ),
  phoneNumber: required().transform((value, ctx) => {
    const phone = normaliseNigerianPhone(value);
    if (phone === undefined) {
      ctx.addIssue({ code: "custom", message: PHONE_MESSAGE });
      return z.NEVER;
    }
    return phone;
  }),
});
export type BvnVerificationInput = z.infer<typeof bvnVerificationSchema>;

/** Milliseconds until a blocked user may reset (0 when allowed now or never failed). */
export function msUntilReset(lastFailedAt: Date | null, now: Date): number {
  if (!lastFailedAt) return 0;
  return Math.max(0, lastFailedAt.getTime() + BVN_RESET_AFTER_MS - now.getTime());
}

/** "5 hours 3 minutes", "1 hour", "1 minute": the wait before a reset, rounded up to minutes. */
export function formatWait(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [];
  if (hours) parts.push(`${hours} hour${hours === 1 ? "" : "s"}`);
  if (rest) parts.push(`${rest} minute${rest === 1 ? "" : "s"}`);
  return parts.join(" ");
}
