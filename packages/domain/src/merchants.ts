import { transactionPinInput } from "./transaction-pin";
import { z } from "zod";
import { INVOICE_TOKEN_PATTERN } from "./payment-link";
import { DomainError } from "./errors";
import { bankCodeSchema, accountNumberSchema } from "./banking";
import { nairaCodec, positiveNairaAmount } from "./money-schema";
import { DB_INT_MAX, plainText } from "./text";

/**
 * Merchants, merchant payments and invoices (docs/product.md#merchants-and-invoices "Merchant
 * payment"; docs/product.md#merchants-and-invoices; docs/decisions.md "Merchants
 * and invoices"). Amounts inside are kobo (bigint); on the wire naira.
 */

/** Merchant and invoice payments are free (docs/product.md#merchants-and-invoices: the fee is displayed as 0; docs/decisions.md). */
export const MERCHANT_PAYMENT_FEE_KOBO = 0n;

/** Texts of the spec (word for word) and the server's own refusals. */
export const MERCHANT_MESSAGES = {
  created: "Merchant Account Created",
  createdDescription: "Your merchant account has been set up successfully",
  createFailed: "Failed to create merchant account",
  /** A user creates at most one merchant account (docs/decisions.md). */
  alreadyExists: "You already have a merchant account",
  noMerchant: "Merchant account not found",
  merchantRequiredForInvoice: "Merchant account required to create invoices",
  merchantNotFound: "Could not find merchant details",
  /** The merchant's owner is suspended or locked: the money would land where nobody can use it. */
  merchantNotAvailable: "Merchant not available",
  merchantNotFoundHint: "Could not find merchant details. The QR code may be invalid.",
  invoiceNotFound: "Could not find invoice details",
  invoiceAlreadyPaid: "Invoice already paid",
  /** Invoices (docs/decisions.md "Security, second round"): cancelled by their merchant; overdue stays payable. */
  invoiceCancelled: "This invoice was cancelled",
  invoiceCancelledNow: "Invoice cancelled",
  invoiceNotCancellable: "Only an unpaid invoice can be cancelled",
  invoiceOverdue: "Overdue",
  /** Without allowPartialPayment only the exact remaining amount is accepted (docs/decisions.md). */
  invoiceExactAmount: "This invoice must be paid in full",
  /** A part may not exceed what remains (docs/decisions.md). */
  invoiceOverpay: "Amount exceeds the amount due on this invoice",
  payOwnMerchant: "You cannot pay your own merchant account",
  paymentSuccess: "Payment Successful",
  paymentFailed: "Unable to process your payment. Please try again.",
  withdrawSuccess: "Withdrawal Successful",
  nothingToWithdraw: "Your merchant balance is empty",
  invoiceCreated: "Invoice Created",
  invoiceCreatedDescription: "Your invoice has been created successfully",
  invoiceCreateFailed: "Failed to create invoice. Please try again.",
  idempotencyKeyReused: "This idempotency key was already used for a different payment",
  /** Refunds (docs/product.md "Refunds"; docs/decisions.md "Merchant tools"). */
  paymentNotFound: "Payment not found",
  notRefundable: "Only a completed payment can be refunded",
  refundTooMuch: "Refunds cannot exceed what is left of this payment",
  refundReasonRequired: "Please give a reason for the refund",
  refundSuccess: "Refund Successful",
  refundPending: "Refund sent to the card; it completes when the bank confirms",
  refundRefusedByGateway: "The card refund was refused. Please try again later.",
  /** Settlement (docs/product.md "Settlement"). */
  settingsSaved: "Settings saved",
  noSettlementAccount: "Add a settlement bank account first",
  payoutAccepted: "Payout started to your settlement account",
} as const;

const idempotencyKey = plainText().trim().min(8).max(200).optional();

/** POST /api/merchants body (docs/product.md#merchants-and-invoices): {name, description, category}. */
export const createMerchantSchema = z.object({
  name: plainText().trim().min(2, "Business name must be at least 2 characters").max(100),
  description: plainText().trim().max(500).default(""),
  category: plainText().trim().min(1, "Category is required").max(50),
});

/** POST /api/payments/merchant body (docs/product.md#merchants-and-invoices): {merchantId, amount (naira)} -> amount in kobo. */
export const merchantPaymentSchema = z.object({
  merchantId: z.number().int().positive().max(DB_INT_MAX),
  amount: positiveNairaAmount("Invalid Amount"),
  idempotencyKey,
  ...transactionPinInput,
});

/**
 * POST /api/payments/invoice/{invoiceId} (docs/product.md#merchants-and-invoices: empty body; docs/decisions.md: an optional
 * `amount` pays part of an invoice that allows it). Amount in kobo after parsing.
 */
export const invoicePaymentSchema = z.object({
  invoiceId: z.number().int().positive().max(DB_INT_MAX),
  amount: positiveNairaAmount("Invalid Amount").optional(),
  idempotencyKey,
  ...transactionPinInput,
});

/** POST /api/payments/invoice/by-token/{token}: the invoice's payment-link token instead of its id. */
export const invoiceTokenPaymentSchema = z.object({
  token: z.string().regex(INVOICE_TOKEN_PATTERN, MERCHANT_MESSAGES.invoiceNotFound),
  amount: positiveNairaAmount("Invalid Amount").optional(),
  idempotencyKey,
  ...transactionPinInput,
});

/** GET /api/invoices/by-token/{token}. */
export const invoiceTokenSchema = z.object({ token: z.string().regex(INVOICE_TOKEN_PATTERN, MERCHANT_MESSAGES.invoiceNotFound) });

/**
 * Whether an invoice is overdue on the Lagos day `today` (YYYY-MM-DD): a due date before today and
 * not paid or cancelled. An overdue invoice stays payable until its merchant cancels it.
 */
export const isInvoiceOverdue = (invoice: { dueDate: string | null; status: string }, today: string): boolean =>
  invoice.dueDate !== null && invoice.dueDate < today && invoice.status !== "paid" && invoice.status !== "cancelled";

/** POST /api/merchants/withdraw: the whole merchant balance, or `amount` naira of it. */
export const merchantWithdrawSchema = z.object({
  amount: positiveNairaAmount("Invalid Amount").optional(),
  idempotencyKey,
});

const optionalDate = z
  .union([plainText().trim(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === "") return undefined;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
      ctx.addIssue({ code: "custom", message: "Please enter a valid date" });
      return z.NEVER;
    }
    return value;
  });

/**
 * POST /api/invoices body (docs/product.md#merchants-and-invoices): customerName at
 * least 2 characters ('Customer name is required'), customerEmail optional (valid or empty),
 * amount positive ('Amount must be positive', -> kobo), description optional, dueDate optional
 * (YYYY-MM-DD), the three flags default false. `merchantId` is accepted and ignored: the
 * invoice belongs to the caller's own merchant account.
 */
export const createInvoiceSchema = z.object({
  customerName: plainText({ error: "Customer name is required" }).trim().min(2, "Customer name is required").max(100),
  customerEmail: z
    .union([
      plainText()
        .trim()
        .toLowerCase()
        .pipe(z.union([z.literal(""), z.email({ error: "Please enter a valid email" })])),
      z.null(),
    ])
    .optional()
    .transform((value) => (value ? value : undefined)),
  amount: positiveNairaAmount("Amount must be positive"),
  description: plainText().trim().max(500).optional(),
  dueDate: optionalDate,
  allowPartialPayment: z.boolean().default(false),
  sendReminder: z.boolean().default(false),
  generatePaymentLink: z.boolean().default(false),
  merchantId: z.number().int().positive().max(DB_INT_MAX).optional(),
});

/** An invoice's state (docs/decisions.md): unpaid until paid in full; partially_paid after a part. */
export const INVOICE_STATUSES = ["unpaid", "partially_paid", "paid"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The status of an invoice of `amountKobo` once `paidKobo` of it is paid. */
export function invoiceStatusFor(amountKobo: bigint, paidKobo: bigint): InvoiceStatus {
  if (paidKobo <= 0n) return "unpaid";
  return paidKobo >= amountKobo ? "paid" : "partially_paid";
}

/**
 * How much a payment of an invoice takes (docs/decisions.md), kobo. A paid
 * invoice refuses ('Invoice already paid'); without allowPartialPayment only the exact remaining
 * amount is accepted (no amount = the remaining amount); with it any positive part of what
 * remains (no amount = all of it). More than what remains is refused. Throws DomainError
 * RULE_VIOLATION with MERCHANT_MESSAGES texts.
 */
export function invoicePaymentAmount(
  invoice: { amountKobo: bigint; paidKobo: bigint; allowPartialPayment: boolean },
  requestedKobo?: bigint,
): { payKobo: bigint; status: InvoiceStatus } {
  const remaining = invoice.amountKobo - invoice.paidKobo;
  if (remaining <= 0n) throw new DomainError("RULE_VIOLATION", MERCHANT_MESSAGES.invoiceAlreadyPaid);
  const pay = requestedKobo ?? remaining;
  if (pay <= 0n) throw new DomainError("VALIDATION", "Invalid Amount");
  if (pay > remaining) throw new DomainError("RULE_VIOLATION", MERCHANT_MESSAGES.invoiceOverpay, { remaining: Number(remaining) / 100 });
  if (!invoice.allowPartialPayment && pay !== remaining) {
    throw new DomainError("RULE_VIOLATION", MERCHANT_MESSAGES.invoiceExactAmount, { remaining: Number(remaining) / 100 });
  }
  return { payKobo: pay, status: invoiceStatusFor(invoice.amountKobo, invoice.paidKobo + pay) };
}

/** A reason for a refund: what the payer is told (1 to 200 characters). */
const refundReason = plainText({ error: MERCHANT_MESSAGES.refundReasonRequired }).trim().min(1, { error: MERCHANT_MESSAGES.refundReasonRequired }).max(200);

/**
 * POST /api/merchants/me/payments/{reference}/refunds body (docs/product.md "Refunds"): {amount
 * (naira, -> kobo), reason, idempotencyKey?}. Money leaves the merchant balance: the owner's PIN.
 */
export const refundSchema = z.object({
  reference: plainText().trim().min(1).max(100),
  amount: positiveNairaAmount("Invalid Amount"),
  reason: refundReason,
  idempotencyKey,
  ...transactionPinInput,
});
export type RefundInput = z.output<typeof refundSchema>;

/** The most a merchant keeps back from automatic settlement: ₦10,000,000 (a typo guard), kobo. */
export const MAX_SETTLEMENT_FLOAT_KOBO = 1_000_000_000n;

/**
 * PATCH /api/merchants/me/settings body (docs/product.md "Settlement"): any of the business name,
 * the settlement account (bank code and number: the name is resolved on the server), the float
 * (naira, -> kobo, 0 to ₦10,000,000) and the automatic settlement switch. Nothing given changes nothing.
 */
export const merchantSettingsSchema = z.object({
  businessName: plainText().trim().min(2, "Business name must be at least 2 characters").max(100).optional(),
  settlementAccount: z
    .object({
      bankCode: bankCodeSchema,
      accountNumber: accountNumberSchema,
    })
    .optional(),
  settlementFloat: z
    .number({ error: "Please enter a valid amount" })
    .refine((value) => Number.isFinite(value) && value >= 0, { message: "The float cannot be negative" })
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, { message: "Amount can have at most 2 decimals" })
    .transform((value) => z.decode(nairaCodec, value))
    .refine((kobo) => kobo <= MAX_SETTLEMENT_FLOAT_KOBO, { message: "The float can be at most ₦10,000,000" })
    .optional(),
  autoSettle: z.boolean().optional(),
});
export type MerchantSettingsInput = z.output<typeof merchantSettingsSchema>;

/** POST /api/merchants/me/payouts body: {amount (naira, at least ₦100, -> kobo), idempotencyKey?} to the settlement account. */
export const merchantPayoutSchema = z.object({
  amount: positiveNairaAmount("Invalid Amount").refine((kobo) => kobo >= 10_000n, { message: "Minimum withdrawal amount is ₦100" }),
  idempotencyKey,
  ...transactionPinInput,
});
