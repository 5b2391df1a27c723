import { transactionPinInput } from "./transaction-pin";
import { z } from "zod";
import { positiveNairaAmount } from "./money-schema";
import { DB_INT_MAX, nigerianPhoneSchema, normaliseNigerianPhone, plainText } from "./text";

/** Messages of user-to-user transfers (docs/product.md#qr-codes-and-p2p-transfers). */
export const TRANSFER_MESSAGES = {
  recipientNotFound: "Recipient not found",
  toSelf: "You cannot transfer money to yourself",
  invalidEmail: "Please enter a valid email",
  success: "Transfer Successful",
  idempotencyKeyReused: "This idempotency key was already used for a different transfer",
  /** A recipient given by e-mail or phone, resolved before sending. */
  sendTo: (name: string) => `Send to ${name}`,
  invalidRecipient: "Please enter a valid email or Nigerian phone number",
} as const;

/** The longest narration a transfer takes, in characters (docs/decisions/web.md "Transfer narration"). */
export const NARRATION_MAX_LENGTH = 100;

/**
 * A transfer's narration as typed (a form's field): plain text (no control characters), trimmed, at
 * most NARRATION_MAX_LENGTH characters; blank -> undefined. Errors: CONTROL_CHARACTERS_MESSAGE, or
 * 'Narration must be at most 100 characters'.
 */
export const narrationText = plainText()
  .trim()
  .max(NARRATION_MAX_LENGTH, { error: `Narration must be at most ${NARRATION_MAX_LENGTH} characters` })
  .transform((value) => (value ? value : undefined));

/**
 * A transfer's optional narration on the wire (docs/product.md: P2P and bank transfers): absent, ""
 * or narrationText, so outside clients that send nothing keep working.
 */
export const narrationSchema = narrationText.optional();

/** POST /api/transfer/p2p body (docs/product.md#qr-codes-and-p2p-transfers): {recipientEmail, amount (naira)} -> amount in kobo. */
export const p2pTransferSchema = z.object({
  recipientEmail: plainText({ error: TRANSFER_MESSAGES.invalidEmail })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: TRANSFER_MESSAGES.invalidEmail })),
  amount: positiveNairaAmount("Amount must be positive"),
  /** Client-generated; a repeat with the same key answers the first result and posts nothing. */
  idempotencyKey: plainText().trim().min(8).max(200).optional(),
  /** Optional note shown on both receipts (narrationSchema). */
  narration: narrationSchema,
  ...transactionPinInput,
});

/**
 * POST /api/transfer/p2p as the procedure takes it: the spec's body, or, for a scanned P2P code
 * (docs/product.md#qr-codes-and-p2p-transfers: /transfer?userId&amount), `recipientId` instead of `recipientEmail`; the
 * server then resolves the recipient by id (the payer never sees the e-mail). With both, the id
 * wins. With neither: VALIDATION 'Please enter a valid email' (transfers router).
 */
export const p2pTransferRequestSchema = p2pTransferSchema.extend({
  recipientEmail: p2pTransferSchema.shape.recipientEmail.optional(),
  recipientId: z.number({ error: TRANSFER_MESSAGES.recipientNotFound }).int().positive().max(DB_INT_MAX).optional(),
  /** A Kolo user's Nigerian phone number (`+234`, `234` or `0` + 10 digits), resolved on the server. */
  recipientPhone: nigerianPhoneSchema.optional(),
});

/**
 * What a payer typed to name a Kolo user: an e-mail (lower-cased) or a Nigerian phone number
 * (normalised to `0` + 10 digits); null when it is neither.
 */
export function parseRecipient(text: string): { email: string } | { phone: string } | null {
  const trimmed = text.trim();
  const email = z.email().safeParse(trimmed.toLowerCase());
  if (email.success) return { email: email.data };
  const phone = normaliseNigerianPhone(trimmed);
  return phone !== undefined ? { phone } : null;
}

/** GET /api/users/lookup?recipient=…: an e-mail or a phone number to the recipient's name. */
export const recipientQuerySchema = z.object({
  recipient: plainText({ error: TRANSFER_MESSAGES.invalidRecipient })
    .trim()
    .min(1, { error: TRANSFER_MESSAGES.invalidRecipient })
    .max(254, { error: TRANSFER_MESSAGES.invalidRecipient })
    .refine((text) => parseRecipient(text) !== null, { error: TRANSFER_MESSAGES.invalidRecipient }),
});

/** {id} of the user a scanned P2P code names (GET /api/users/{id}). */
export const recipientLookupSchema = z.object({ id: z.number().int().positive().max(DB_INT_MAX) });

/** Top-up messages that are not the spec's. */
export const TOPUP_MESSAGES = {
  idempotencyKeyReused: "This idempotency key was already used for a different top-up",
  initiationFailed: "Failed to initiate top-up",
} as const;

/**
 * POST /api/wallet/topup body: {amount (naira), idempotencyKey?} -> amount in kobo. Bounds in
 * assertTopUpAmount. A repeat with the same key answers the first {authorizationUrl, reference}.
 */
export const topUpSchema = z.object({
  amount: positiveNairaAmount("Please enter a valid amount"),
  idempotencyKey: z.string().trim().min(8).max(200).optional(),
});
