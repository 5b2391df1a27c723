// Paystack wire types (https://paystack.com/docs/api): the JSON shapes on the wire, checked with
// zod, and the signature of webhooks. Amounts are kobo. Wire facts: docs/providers.md (shared docs).
import { createHmac } from "node:crypto";
import { plainText } from "@kolo/domain";
import { z } from "zod";
import type { PayoutTransfer, TransferIn } from "../banking";
import type { ChargeStatus, VerifiedCharge } from "../payment-gateway";

/** Envelope of every Paystack answer: `{status, message, data}`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ status: z.boolean(), message: z.string(), data: data.optional().nullable() });

/**
 * A page of `GET /transaction` or `GET /transfer` (Paystack "List Transactions", "List Transfers"):
 * `data` the items, `meta {total, skipped, perPage, page, pageCount}`.
 */
export const listPage = <T extends z.ZodType>(item: T) =>
  z.object({
    status: z.literal(true),
    message: z.string(),
    data: z.array(item),
    meta: z.object({
      total: z.number().int(),
      skipped: z.number().int(),
      perPage: z.coerce.number().int(),
      page: z.coerce.number().int(),
      pageCount: z.number().int(),
    }),
  });

/** `from`/`to`/`perPage`/`page` of the list endpoints; perPage at most 100 (docs/providers.md). */
export const listQuery = z.object({
  perPage: z.coerce.number().int().min(1).max(100).default(50),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  status: z.string().max(20).optional(),
});

export const initializeData = z.object({ authorization_url: z.string(), access_code: z.string(), reference: z.string() });

/** The transaction object in verify answers and in webhook `data`; no string may carry control characters (they reach the database). */
export const paystackTransaction = z.object({
  reference: plainText(),
  status: plainText(),
  amount: z.union([z.number().int(), z.string().regex(/^\d+$/)]),
  currency: plainText(),
  fees: z
    .union([z.number().int(), z.string().regex(/^\d+$/)])
    .nullable()
    .optional(),
  paid_at: plainText().nullable().optional(),
  channel: plainText().nullable().optional(),
  gateway_response: plainText().nullable().optional(),
});

/** `POST /customer` data. */
export const paystackCustomer = z.object({ customer_code: plainText() });

/** `POST /dedicated_account` data (docs/providers.md "Dedicated accounts"). */
export const paystackDedicatedAccount = z.object({
  bank: z.object({ name: plainText(), id: z.number().int().optional(), slug: plainText().optional() }),
  account_name: plainText(),
  account_number: z.string().regex(/^\d{10}$/),
  assigned: z.boolean().optional(),
  active: z.boolean(),
  currency: plainText().optional(),
});

const optionalText = plainText().nullable().optional();

/**
 * A `charge.success` webhook's data for a transfer into a dedicated account (channel
 * `dedicated_nuban`): the transaction object with `customer` and the `authorization` object
 * naming the receiving account and the sender (each sender field optional: docs/providers.md).
 */
export const paystackTransferIn = paystackTransaction.extend({
  channel: z.literal("dedicated_nuban"),
  customer: z.object({ customer_code: optionalText }).loose().nullable().optional(),
  authorization: z
    .object({
      receiver_bank_account_number: optionalText,
      receiver_bank: optionalText,
      sender_name: optionalText,
      sender_bank: optionalText,
      sender_bank_account_number: optionalText,
      narration: optionalText,
    })
    .loose(),
});

/** Maps a dedicated-account charge to a TransferIn (kobo as bigint; missing sender fields null). */
export function toTransferIn(data: z.infer<typeof paystackTransferIn>): TransferIn {
  const a = data.authorization;
  return {
    reference: data.reference,
    amountKobo: BigInt(data.amount),
    currency: data.currency,
    feesKobo: data.fees === null || data.fees === undefined ? null : BigInt(data.fees),
    paidAt: data.paid_at ?? null,
    customerCode: data.customer?.customer_code ?? null,
    accountNumber: a.receiver_bank_account_number ?? null,
    senderName: a.sender_name ?? null,
    senderBank: a.sender_bank ?? null,
    senderAccountNumber: a.sender_bank_account_number ?? null,
    narration: a.narration ?? null,
  };
}

/** Maps a Paystack transaction object to a VerifiedCharge (kobo as bigint). */
export function toVerifiedCharge(data: z.infer<typeof paystackTransaction>): VerifiedCharge {
  return {
    reference: data.reference,
    status: data.status as ChargeStatus,
    amountKobo: BigInt(data.amount),
    currency: data.currency,
    feesKobo: data.fees === null || data.fees === undefined ? null : BigInt(data.fees),
    paidAt: data.paid_at ?? null,
    channel: data.channel ?? null,
    gatewayResponse: data.gateway_response ?? null,
  };
}

/** HMAC-SHA512 hex of `rawBody` with `secretKey`: Paystack's x-paystack-signature. */
export function paystackSignature(rawBody: Buffer | string, secretKey: string): string {
  return createHmac("sha512", secretKey).update(rawBody).digest("hex");
}

const kobo = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]);

/** `GET /bank` list entry. */
export const paystackBank = z.object({
  id: z.number().int(),
  name: plainText(),
  slug: plainText(),
  code: plainText(),
  longcode: plainText().nullable().optional(),
  type: plainText().nullable().optional(),
  currency: plainText().nullable().optional(),
  active: z.boolean(),
});

/** `GET /bank/resolve` data. */
export const paystackResolvedAccount = z.object({ account_number: plainText(), account_name: plainText(), bank_id: z.number().int().optional() });

/** `GET /bank/resolve_bvn/{bvn}` data. */
export const paystackBvn = z.object({ first_name: plainText(), last_name: plainText(), dob: plainText(), mobile: plainText(), bvn: plainText().optional() });

/** `POST /transferrecipient` data. */
export const paystackRecipient = z.object({
  recipient_code: plainText(),
  details: z.object({ account_number: plainText(), account_name: plainText().nullable(), bank_code: plainText(), bank_name: plainText() }),
});

/** The transfer object: `POST /transfer` and `GET /transfer/verify` data, and transfer webhooks' `data`. */
export const paystackTransfer = z.object({
  reference: plainText(),
  transfer_code: plainText(),
  status: plainText(),
  amount: kobo,
  /** Webhooks carry the recipient object here (docs/providers.md: `data.recipient.recipient_code`). */
  recipient: z.union([z.object({ recipient_code: plainText() }).loose(), z.number(), z.string()]).optional(),
  /** The bank's NIP session: `{provider, id}`, both null until the transfer reaches the bank (Paystack's transfer object and webhooks). */
  session: z.object({ provider: plainText().nullable().optional(), id: plainText().nullable().optional() }).loose().nullable().optional(),
});

/** Maps a Paystack transfer object to a PayoutTransfer (kobo as bigint). */
export function toPayoutTransfer(data: z.infer<typeof paystackTransfer>): PayoutTransfer {
  return {
    reference: data.reference,
    transferCode: data.transfer_code,
    status: data.status,
    amountKobo: BigInt(data.amount),
    ...(data.session?.id ? { sessionId: data.session.id } : {}),
  };
}

/**
 * A Paystack refund object (`POST /refund`, `GET /refund/:id`): `transaction` is the charge's id or
 * an object carrying its reference (docs/providers.md "Paystack refunds").
 */
export const paystackRefund = z.object({
  id: z.union([z.number(), plainText()]),
  transaction: z.union([z.number(), plainText(), z.object({ reference: plainText() }).loose()]),
  amount: kobo,
  status: plainText(),
});

/**
 * The `data` of the refund webhooks (`refund.pending`, `refund.processing`, `refund.processed`,
 * `refund.failed`): `{refund_reference?, transaction_reference, amount, status}`.
 */
export const paystackRefundEvent = z.object({
  refund_reference: plainText().nullable().optional(),
  transaction_reference: plainText(),
  amount: kobo,
  status: plainText(),
});
