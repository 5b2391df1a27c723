import { z } from "zod";
import { emailSchema } from "./auth";
import { DomainError } from "./errors";
import { koboToNaira } from "./money";
import { positiveNairaAmount } from "./money-schema";
import { transactionPinInput } from "./transaction-pin";
import { LINK_SLUG_PATTERN } from "./payment-link-slug";
import { DB_INT_MAX, plainText } from "./text";

/**
 * Payment links (docs/product.md "Payment links"; DECISIONS "Merchant tools"): a merchant's public
 * page /l/{slug} that anyone pays, by card as a guest or from a Kolo wallet. Amounts inside are
 * kobo (bigint); naira on the wire.
 */

/** A link without a fixed amount and without a minimum lets the payer choose from ₦100, the card top-up minimum. */
export const LINK_DEFAULT_MIN_KOBO = 10_000n;
/** One link payment is at most ₦1,000,000, the card top-up maximum (the gateway checkout's bound for Kolo). */
export const LINK_MAX_KOBO = 100_000_000n;

export const LINK_MESSAGES = {
  notFound: "Could not find this payment link",
  inactive: "This payment link is no longer active",
  expired: "This payment link has expired",
  full: "This payment link has received all the payments it accepts",
  fixedAmount: "This link must be paid at its amount",
  belowMinimum: "The amount is below this link's minimum",
  aboveMaximum: "Amount is too large",
  bothAmounts: "Give a fixed amount or a minimum amount, not both",
  expiryPast: "The expiry must be in the future",
  titleRequired: "Title is required",
  nameRequired: "Please enter your name",
  created: "Payment link created",
  deactivated: "Payment link deactivated",
} as const;

const linkNaira = positiveNairaAmount("Amount must be positive").refine((kobo) => kobo <= LINK_MAX_KOBO, LINK_MESSAGES.aboveMaximum);

const expiresAt = z.iso
  .datetime({ offset: true, error: "Please enter a valid date and time" })
  .transform((value) => new Date(value))
  .refine((date) => date.getTime() > Date.now(), LINK_MESSAGES.expiryPast);

const maxPayments = z.number().int().min(1, "At least 1 payment").max(1_000_000);

/**
 * POST /api/merchants/me/links body: {title, description, amount?, minAmount?, maxPayments?,
 * expiresAt?} (naira; an ISO time with offset). `amount` fixes the price; without it the payer
 * chooses at least `minAmount` (default ₦100). Both: VALIDATION 'Give a fixed amount or a minimum
 * amount, not both'. An expiry in the past is refused.
 */
export const createPaymentLinkSchema = z
  .object({
    title: plainText({ error: LINK_MESSAGES.titleRequired }).trim().min(2, LINK_MESSAGES.titleRequired).max(100),
    description: plainText().trim().max(500).default(""),
    amount: linkNaira.optional(),
    minAmount: linkNaira.optional(),
    maxPayments: maxPayments.optional(),
    expiresAt: expiresAt.optional(),
  })
  .refine((input) => input.amount === undefined || input.minAmount === undefined, { message: LINK_MESSAGES.bothAmounts, path: ["minAmount"] });

/**
 * PATCH /api/merchants/me/links/{id} body: any of {title, description, active, maxPayments (null:
 * no limit), expiresAt (null: never)}. The amounts of a link never change: payers saw them.
 */
export const updatePaymentLinkSchema = z.object({
  id: z.number().int().positive().max(DB_INT_MAX),
  title: plainText({ error: LINK_MESSAGES.titleRequired }).trim().min(2, LINK_MESSAGES.titleRequired).max(100).optional(),
  description: plainText().trim().max(500).optional(),
  active: z.boolean().optional(),
  maxPayments: maxPayments.nullable().optional(),
  expiresAt: expiresAt.nullable().optional(),
});

export const linkSlugSchema = z.object({ slug: z.string().regex(LINK_SLUG_PATTERN, LINK_MESSAGES.notFound) });

/**
 * POST /api/links/{slug}/pay body: `{channel: "card", name, email, amount?}` (a guest checkout) or
 * `{channel: "wallet", amount?, idempotencyKey?, transactionPin?}` (signed in). `amount` in naira,
 * kobo after parsing; a fixed-amount link takes none or its own amount.
 */
export const linkPaymentSchema = z.discriminatedUnion("channel", [
  z.object({
    slug: linkSlugSchema.shape.slug,
    channel: z.literal("card"),
    name: plainText({ error: LINK_MESSAGES.nameRequired }).trim().min(2, LINK_MESSAGES.nameRequired).max(100),
    email: emailSchema,
    amount: linkNaira.optional(),
  }),
  z.object({
    slug: linkSlugSchema.shape.slug,
    channel: z.literal("wallet"),
    amount: linkNaira.optional(),
    idempotencyKey: plainText().trim().min(8).max(200).optional(),
    ...transactionPinInput,
  }),
]);

/** What a payment link must be to take a payment (the row as stored, kobo). */
export interface PayableLink {
  active: boolean;
  amount: bigint | null;
  minAmount: bigint | null;
  maxPayments: number | null;
  expiresAt: Date | null;
}

/** Why a link takes no payment at `now`, or null when it does: inactive, then expired. `taken` counts the payments and held checkouts. */
export function linkClosedReason(link: PayableLink, now: Date, taken: number): string | null {
  if (!link.active) return LINK_MESSAGES.inactive;
  if (link.expiresAt !== null && link.expiresAt.getTime() <= now.getTime()) return LINK_MESSAGES.expired;
  if (link.maxPayments !== null && taken >= link.maxPayments) return LINK_MESSAGES.full;
  return null;
}

/**
 * The amount (kobo) one payment of `link` takes at `now` with `taken` payments already counted
 * (completed ones and card checkouts still open): RULE_VIOLATION 'This payment link is no longer
 * active' / 'has expired' / 'has received all the payments it accepts'; for a fixed link no amount
 * or exactly its amount ('This link must be paid at its amount'); otherwise an amount of at least
 * the minimum ('The amount is below this link's minimum' {minAmount: naira}).
 */
export function linkPaymentAmount(link: PayableLink, requestedKobo: bigint | undefined, now: Date, taken: number): bigint {
  const closed = linkClosedReason(link, now, taken);
  if (closed !== null) throw new DomainError("RULE_VIOLATION", closed);
  if (link.amount !== null) {
    if (requestedKobo !== undefined && requestedKobo !== link.amount) {
      throw new DomainError("VALIDATION", LINK_MESSAGES.fixedAmount, { amount: [LINK_MESSAGES.fixedAmount] });
    }
    return link.amount;
  }
  const minimum = link.minAmount ?? LINK_DEFAULT_MIN_KOBO;
  if (requestedKobo === undefined || requestedKobo < minimum) {
    throw new DomainError("VALIDATION", LINK_MESSAGES.belowMinimum, { amount: [LINK_MESSAGES.belowMinimum], minAmount: koboToNaira(minimum) });
  }
  return requestedKobo;
}
