import { z } from "zod";
import { fraudReviewMetadataSchema } from "./fraud-monitoring";

/**
 * The typed `metadata` of a transaction record, one schema per transaction type (docs/product.md,
 * docs/product.md; docs/decisions.md, "Merchants and invoices", "Airtime and data"). Amounts here
 * are kobo like the record's `amount` and `fee` columns (docs/decisions/money-and-ledger.md "No stored
 * amount in naira"; the wire's names for the kobo fields are in packages/api/src/money/view.ts).
 * Every writer validates through parseTransactionMetadata / parseMetadataPatch, so a record can
 * never carry a field its type does not define.
 */
const text = z.string().max(500);

export const topUpMetadataSchema = z.strictObject({
  gateway: z.literal("paystack"),
  /** The gateway's checkout page for this reference (a repeated start answers it again). */
  authorizationUrl: z.url().max(2000).optional(),
  /** The client's idempotency key for the start of this top-up. */
  idempotencyKey: text.optional(),
  paidAt: text.nullable().optional(),
  /** How the money came: the gateway's channel for a card top-up ('card'), 'bank_transfer' for a transfer into the user's account number. */
  channel: text.nullable().optional(),
  /** A bank transfer's sender, as the sending bank reported it (each may be missing: docs/providers.md). */
  senderName: text.optional(),
  senderBank: text.optional(),
  senderAccountNumber: text.optional(),
  narration: text.optional(),
  /** The user's account number (NUBAN) the transfer was sent to. */
  accountNumber: text.optional(),
  /** The gateway's own charge, kobo (the business's cost); `gatewayFee` in naira on the wire. */
  gatewayFeeKobo: z.number().int().nonnegative().optional(),
  gatewayResponse: text.nullable().optional(),
  failureReason: text.optional(),
  /** What the gateway reported paid when it differs from the record, kobo; `reportedAmount` in naira on the wire. */
  reportedAmountKobo: z.number().int().optional(),
  reportedCurrency: text.optional(),
  /** Set when the gateway's success came after Kolo had ended the top-up (docs/money-integrity.md): credited once anyway. */
  lateSuccess: z
    .strictObject({ previousStatus: z.enum(["pending", "processing", "failed", "reversed"]), previousReason: text.optional(), at: text })
    .optional(),
  /** Set when an admin's review credit paid this reference (docs/money-integrity.md "Review queue"): the one credit it gets. */
  reviewCredit: z.strictObject({ reviewItemId: z.number().int().positive(), adminId: z.number().int().positive(), at: text }).optional(),
});

/** Names only: both parties read it, and an e-mail is its owner's sign-in name (docs/decisions.md "Security, second round"). */
export const p2pMetadataSchema = z.strictObject({
  senderName: text,
  recipientName: text,
  /** The sender's optional narration (narrationSchema), shown on both receipts. */
  note: text.optional(),
  /** Held by fraud monitoring before money left (docs/product.md "Fraud controls"). */
  fraudReview: fraudReviewMetadataSchema.optional(),
});

/** Withdrawals and bank transfers: both type `transfer` (docs/decisions.md). */
export const payoutMetadataSchema = z.strictObject({
  /** `merchant_settlement`: a merchant balance paid to the merchant's settlement account (docs/product.md "Settlement"). */
  channel: z.enum(["withdrawal", "bank_transfer", "merchant_settlement"]),
  /** A merchant settlement: the merchant paid out, and whether the daily automatic settlement started it. */
  merchantId: z.number().int().positive().optional(),
  automatic: z.boolean().optional(),
  bankName: text,
  bankCode: text.optional(),
  /** Full NUBAN; screens show the last 4. */
  accountNumber: z.string().regex(/^\d{10}$/),
  accountName: text,
  /** The fee in kobo, as the record's `fee` column (docs/decisions/money-and-ledger.md "No stored amount in naira"). */
  feeKobo: z.number().int().nonnegative(),
  recipientCode: text.optional(),
  providerReference: text.optional(),
  failureReason: text.optional(),
  /** The reason sent to the bank with the payout: the user's `note` when given, else the description. */
  narration: text.optional(),
  /** The sender's optional narration (narrationSchema), shown on the receipt. */
  note: text.optional(),
  /** The saved bank account paid out to (a delete is refused while the payout is in flight). */
  bankAccountId: z.number().int().positive().optional(),
  /** The provider's transfer code ("TRF_…") once it queued the payout. */
  transferCode: text.optional(),
  /** The bank's NIP session id, once the provider reports one (Paystack's transfer `session.id`): shown on the receipt. */
  sessionId: text.optional(),
  /** The provider's last reported transfer status (e.g. 'pending', 'otp'). */
  providerStatus: text.optional(),
  /** Set when the provider's answers contradict each other or requery gave up after 24 h: an admin must look. */
  needsReview: z.boolean().optional(),
  reviewReason: text.optional(),
  /** ISO time the owner was e-mailed that the payout failed or was reversed (once: money/payout-notice.ts). */
  endNoticeAt: text.optional() /** Held by fraud monitoring before money left (docs/product.md "Fraud controls"). */,
  fraudReview: fraudReviewMetadataSchema.optional(),
});

export const paymentMetadataSchema = z.strictObject({
  merchantId: z.number().int().positive(),
  merchantName: text,
  invoiceId: z.number().int().positive().optional(),
  /**
   * How the payment was made (a scanned QR, an invoice, a payment link from a wallet, a card paid
   * through the gateway by a guest), a merchant moving its balance to the owner's wallet, or a refund
   * of one of the merchant's payments. The view merchant_payments counts the first four as sales.
   */
  channel: z.enum(["qr", "invoice", "link", "card", "merchant_withdrawal", "refund"]).optional(),
  payerName: text.optional(),
  /** The payment link paid (channels 'link' and 'card'). */
  linkId: z.number().int().positive().optional(),
  /** A guest card payer's e-mail (receipts and refund notices go there; the guest's key among the merchant's customers). */
  payerEmail: text.optional(),
  /** Card payments: the gateway's checkout page, and what it reported once paid. */
  authorizationUrl: z.url().max(2000).optional(),
  paidAt: text.nullable().optional(),
  gatewayFeeKobo: z.number().int().nonnegative().optional(),
  gatewayResponse: text.nullable().optional(),
  /** ISO time the payer's receipt was e-mailed (once). */
  receiptSentAt: text.optional(),
  /** A refund: the reference of the payment it gives back, and the merchant's reason. */
  refundOf: text.optional(),
  refundReason: text.optional(),
  /** A refund: where the money went back (`wallet`: the payer's Kolo wallet; `card`: through the card gateway). */
  refundTo: z.enum(["wallet", "card"]).optional(),
  /** A card refund: the gateway's refund id and last status, and why it failed. */
  providerRefundId: text.optional(),
  providerStatus: text.optional(),
  failureReason: text.optional(),
  /** A wallet payment (qr, invoice, link) held by fraud monitoring before money left (docs/product.md "Fraud controls"). */
  fraudReview: fraudReviewMetadataSchema.optional(),
});

/**
 * Airtime, data, electricity and cable TV (docs/decisions.md); the phone as sent to VTpass (11 to 13 digits:
 * its sandbox numbers are 12). Electricity adds the meter, its verified holder, and on delivery the
 * token (prepaid) and units.
 */
export const purchaseMetadataSchema = z.strictObject({
  phoneNumber: z.string().regex(/^\d{11,13}$/),
  /** The network's name (airtime, data), the disco's (electricity) or the cable provider's (DStv, GOtv, StarTimes). */
  network: text,
  variationCode: text.optional(),
  planName: text.optional(),
  /** Electricity: the disco's VTpass serviceID, the meter, its type and the verified holder. */
  disco: text.optional(),
  meterNumber: z
    .string()
    .regex(/^\d{11,13}$/)
    .optional(),
  meterType: z.enum(["prepaid", "postpaid"]).optional(),
  customerName: text.optional(),
  customerAddress: text.optional(),
  /** Cable TV: the smartcard, renew or change (the bouquet is variationCode and planName), the due date as verified. */
  smartcardNumber: z
    .string()
    .regex(/^\d{10,11}$/)
    .optional(),
  subscriptionType: z.enum(["renew", "change"]).optional(),
  dueDate: text.optional(),
  /** Electricity, once delivered: the prepaid token ('4224-8751-…') and the units ('32.6 kWh'). */
  token: text.optional(),
  units: text.optional(),
  /** VTpass request_id: the retry key. */
  requestId: text,
  providerTransactionId: text.optional(),
  failureReason: text.optional(),
  /** Set when requery gave up after 24 h and an admin must look. */
  needsReview: z.boolean().optional(),
  /** Held by fraud monitoring before money left (docs/product.md "Fraud controls"). */
  fraudReview: fraudReviewMetadataSchema.optional(),
});

export const otherMetadataSchema = z.strictObject({
  /** Admin adjustments: who did it and why. */
  adminId: z.number().int().positive().optional(),
  reason: text.optional(),
  direction: z.enum(["credit", "debit"]).optional(),
  /** An adjustment a second admin approved (docs/admin-security.md "Approvals"): the approval it carried out. */
  approvalId: z.number().int().positive().optional(),
  /** A fraud claim's refund from its lien (docs/product.md "Fraud claims"): the claim it settled. */
  claimId: z.number().int().positive().optional(),
});

export const TRANSACTION_METADATA_SCHEMAS = {
  topup: topUpMetadataSchema,
  p2p: p2pMetadataSchema,
  transfer: payoutMetadataSchema,
  payment: paymentMetadataSchema,
  airtime: purchaseMetadataSchema,
  data: purchaseMetadataSchema,
  electricity: purchaseMetadataSchema,
  cable: purchaseMetadataSchema,
  other: otherMetadataSchema,
} as const;

export type TransactionType = keyof typeof TRANSACTION_METADATA_SCHEMAS;
export type TransactionMetadataMap = { [K in TransactionType]: z.infer<(typeof TRANSACTION_METADATA_SCHEMAS)[K]> };
/** The metadata of any record; narrow on the record's `type` to read a type's fields. */
export type TransactionMetadata = TransactionMetadataMap[TransactionType];

/**
 * Validates the metadata of a new record of `type`. Throws Error (a programming fault: the server
 * writes metadata, clients never do) naming the offending field.
 */
export function parseTransactionMetadata<T extends TransactionType>(type: T, metadata: unknown): TransactionMetadataMap[T] {
  const parsed = TRANSACTION_METADATA_SCHEMAS[type].safeParse(metadata);
  if (!parsed.success) throw new Error(`Invalid ${type} metadata: ${z.prettifyError(parsed.error)}`);
  return parsed.data as TransactionMetadataMap[T];
}

/** Validates fields to merge into an existing record's metadata (any subset of the type's fields). */
export function parseMetadataPatch<T extends TransactionType>(type: T, patch: unknown): Partial<TransactionMetadataMap[T]> {
  const parsed = TRANSACTION_METADATA_SCHEMAS[type].partial().safeParse(patch);
  if (!parsed.success) throw new Error(`Invalid ${type} metadata patch: ${z.prettifyError(parsed.error)}`);
  return parsed.data as Partial<TransactionMetadataMap[T]>;
}
