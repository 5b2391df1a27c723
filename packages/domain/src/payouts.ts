import { transactionPinInput } from "./transaction-pin";
import { BANKING_MESSAGES, accountNumberSchema, bankCodeSchema } from "./banking";
import { z } from "zod";
import { DomainError } from "./errors";
import { nairaCodec, positiveNairaAmount } from "./money-schema";
import { plainText } from "./text";
import { narrationSchema } from "./transfers";
import { PAYOUT_MESSAGES, type PayoutStatus } from "./payout-messages";

export { PAYOUT_MESSAGES, PAYOUT_STATUSES, type PayoutStatus } from "./payout-messages";

/**
 * Payouts: withdrawals (/withdraw, POST /api/wallet/withdraw) and bank transfers (/transfer/bank,
 * POST /api/transfer/bank). Both pay out to a saved bank account through the payout provider and
 * share the fee, the minimum and the statuses (docs/product.md#banking-and-withdrawals; docs/decisions.md, "Banking").
 * Amounts inside are kobo (bigint); the wire carries naira.
 *
 * Server contract (packages/api, apps/server REST adapter), amounts in naira:
 * - tRPC `wallet.withdraw(withdrawSchema)` = POST /api/wallet/withdraw -> `{ message, transaction }`
 *   (transaction: TransactionView, type `transfer`, status `pending`/`processing`, `reference`,
 *   `metadata {channel: 'withdrawal', bankName, accountNumber, accountName, fee}`).
 * - tRPC `wallet.withdrawalStatus({reference})` = GET /api/wallet/withdrawal-status/{reference} ->
 *   `{ status: PayoutStatus, message: PAYOUT_MESSAGES.status[status], transaction {amount,
 *   reference, metadata {fee}, ...} }`.
 * - tRPC `transfers.bank(bankTransferSchema)` = POST /api/transfer/bank -> `{ message, transaction }`
 *   (400 FEE_MISMATCH 'Fee mismatch' when transferFee differs from payoutFeeKobo(amount)).
 * Errors: each procedure's REST meta `errors` (packages/api), thrown by acceptPayout. Switches: withdraw needs feature_withdraw, the bank
 * transfer feature_send_money ("Send money to other users and to bank accounts"); admins exempt.
 */

/** Minimum withdrawal (and bank transfer) amount: ₦100 (docs/product.md#banking-and-withdrawals, docs/decisions.md). */
export const MIN_WITHDRAWAL_KOBO = 10_000n;
/** Fee floor ₦50 and ceiling ₦1,000 (docs/product.md#banking-and-withdrawals, docs/decisions.md). */
export const PAYOUT_FEE_MIN_KOBO = 5_000n;
export const PAYOUT_FEE_MAX_KOBO = 100_000n;

/**
 * The payout fee in kobo for an amount in kobo: 1% of the amount, at least ₦50, at most ₦1,000
 * (docs/product.md#banking-and-withdrawals; docs/decisions.md). docs/decisions.md does not say how to round a fraction of a kobo
 * (₦5,000.50 = 500,050 kobo → 1% = 5,000.5 kobo): the fee is rounded half up to the nearest kobo
 * (5,001), so the client (which uses this same function) and the server always agree.
 * RangeError for an amount that is not positive.
 */
export function payoutFeeKobo(amountKobo: bigint): bigint {
  if (amountKobo <= 0n) throw new RangeError("Amount must be positive");
  // 1% rounded half up: (amount + 50) / 100 in integer arithmetic.
  const onePercent = (amountKobo + 50n) / 100n;
  if (onePercent < PAYOUT_FEE_MIN_KOBO) return PAYOUT_FEE_MIN_KOBO;
  if (onePercent > PAYOUT_FEE_MAX_KOBO) return PAYOUT_FEE_MAX_KOBO;
  return onePercent;
}

/** Amount plus fee (kobo): what leaves the wallet and counts toward the daily limit. */
export const payoutTotalKobo = (amountKobo: bigint): bigint => amountKobo + payoutFeeKobo(amountKobo);

export const PAYOUT_PROGRESS: Record<PayoutStatus, number> = { pending: 25, processing: 50, completed: 100, failed: 100, reversed: 100 };
/** Still in flight: the status view polls and 'New Withdrawal' stays disabled (docs/product.md#banking-and-withdrawals). */
export const isPayoutInFlight = (status: string): boolean => status === "pending" || status === "processing";

const idempotencyKey = plainText().trim().min(8).max(200).optional();
const bankAccountId = z
  .number({ error: PAYOUT_MESSAGES.selectBankAccount })
  .int({ error: PAYOUT_MESSAGES.selectBankAccount })
  .positive({ error: PAYOUT_MESSAGES.selectBankAccount });

/** A withdrawal amount in naira -> kobo, at least ₦100 ('Minimum withdrawal amount is ₦100'). */
const withdrawalAmount = (belowMinimum: string) =>
  positiveNairaAmount(belowMinimum).refine((kobo) => kobo >= MIN_WITHDRAWAL_KOBO, { message: PAYOUT_MESSAGES.minimumWithdrawal });

/**
 * POST /api/wallet/withdraw body (docs/product.md#banking-and-withdrawals): {bankAccountId (integer), amount (naira),
 * idempotencyKey?} -> amount in kobo. A repeat with the same key answers the first transaction.
 */
export const withdrawSchema = z.object({
  bankAccountId,
  amount: withdrawalAmount(PAYOUT_MESSAGES.minimumWithdrawal),
  idempotencyKey,
  ...transactionPinInput,
});
export type WithdrawInput = z.output<typeof withdrawSchema>;

/**
 * POST /api/transfer/bank body (docs/product.md#banking-and-withdrawals): {bankAccountId, amount (naira), transferFee (naira,
 * the client's figure), idempotencyKey?} -> amount and transferFee in kobo. The server compares
 * transferFee with payoutFeeKobo(amount) (assertFeeMatches): 400 'Fee mismatch' when they differ.
 */
export const bankTransferSchema = z.object({
  bankAccountId,
  amount: withdrawalAmount(PAYOUT_MESSAGES.amountPositive),
  transferFee: z
    .number({ error: PAYOUT_MESSAGES.feeMismatch })
    .refine((value) => Number.isFinite(value) && value >= 0, { message: PAYOUT_MESSAGES.feeMismatch })
    .transform((value, ctx) => {
      try {
        return z.decode(nairaCodec, value);
      } catch {
        ctx.addIssue({ code: "custom", message: PAYOUT_MESSAGES.feeMismatch });
        return z.NEVER;
      }
    }),
  idempotencyKey,
  /** Optional note, shown on the receipt and sent to the bank as the payout's reason (narrationSchema). */
  narration: narrationSchema,
  ...transactionPinInput,
});
export type BankTransferInput = z.output<typeof bankTransferSchema>;

/**
 * POST /api/transfer/bank as the procedure takes it (docs/product.md "Transfers to any bank
 * account"): the spec's body with `bankAccountId`, or `{bankCode, accountNumber}` of any account
 * instead (its name is resolved on the server). With neither: 'Please select a bank account'.
 */
export const bankTransferRequestSchema = bankTransferSchema
  .extend({
    bankAccountId: bankAccountId.optional(),
    bankCode: bankCodeSchema.optional(),
    accountNumber: accountNumberSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.bankAccountId !== undefined) return;
    if (value.bankCode === undefined) ctx.addIssue({ code: "custom", path: ["bankCode"], message: BANKING_MESSAGES.selectBank });
    if (value.accountNumber === undefined) ctx.addIssue({ code: "custom", path: ["accountNumber"], message: BANKING_MESSAGES.accountNumber });
  });
export type BankTransferRequest = z.output<typeof bankTransferRequestSchema>;

/** POST /api/beneficiaries {bankCode, accountNumber}: the name is resolved on the server. */
export const addBeneficiarySchema = z.object({ bankCode: bankCodeSchema, accountNumber: accountNumberSchema });

/** At most this many saved beneficiaries per user. */
export const MAX_BENEFICIARIES = 50;

export const BENEFICIARY_MESSAGES = {
  saved: "Beneficiary saved",
  removed: "Beneficiary removed",
  notFound: "Beneficiary not found",
  tooMany: "You can save at most 50 beneficiaries",
} as const;

/**
 * Refuses a client fee (kobo) that differs from the server's: DomainError FEE_MISMATCH (400)
 * 'Fee mismatch' with details {expectedFee} in naira (docs/decisions.md).
 */
export function assertFeeMatches(amountKobo: bigint, clientFeeKobo: bigint): void {
  const fee = payoutFeeKobo(amountKobo);
  if (fee !== clientFeeKobo) throw new DomainError("FEE_MISMATCH", PAYOUT_MESSAGES.feeMismatch, { expectedFee: Number(fee) / 100 });
}

/**
 * A Paystack-valid transfer reference (Paystack "Transfers": 16–50 characters, lowercase
 * letters, digits, '-' and '_'), made from a channel prefix and random bytes' hex. It is the
 * payout's retry key (docs/decisions.md). `randomHex` is 32 hex characters.
 */
export function payoutReference(channel: "withdrawal" | "bank_transfer" | "merchant_settlement", randomHex: string): string {
  const prefix = channel === "withdrawal" ? "wd" : channel === "merchant_settlement" ? "ms" : "bt";
  return `${prefix}_${randomHex.toLowerCase()}`;
}

/** Paystack's transfer reference rule: 16 to 50 of a-z, 0-9, '-', '_'. */
export const PAYSTACK_TRANSFER_REFERENCE = /^[a-z0-9_-]{16,50}$/;
