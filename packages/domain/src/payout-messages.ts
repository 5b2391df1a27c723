// The texts and statuses of payouts, without the request schemas (payouts.ts): what the web app's
// event stream reads (a payout's live ending) needs no zod (docs/performance.md "/dashboard: the
// user's data with the page").
import { formatKobo } from "./money";
import { MONEY_TOASTS } from "./toasts";

/** Statuses of a payout record (docs/product.md#banking-and-withdrawals), with the status view's progress. */
export const PAYOUT_STATUSES = ["pending", "processing", "completed", "failed", "reversed"] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * Texts of payouts. The product's texts word for word where docs/product.md gives them; the status
 * messages of GET /api/wallet/withdrawal-status are not shown in the spec, so these are ours.
 */
export const PAYOUT_MESSAGES = {
  selectBankAccount: "Please select a bank account",
  minimumWithdrawal: "Minimum withdrawal amount is ₦100",
  amountPositive: "Amount must be positive",
  feeMismatch: "Fee mismatch",
  /** docs/product.md#banking-and-withdrawals withdrawal: the disabled-submit warning; {total} formatted with formatKobo. */
  insufficientFunds: (totalKobo: bigint) => `Insufficient funds. You need ${formatKobo(totalKobo)}.`,
  /** docs/product.md#banking-and-withdrawals bank transfer toast 'Insufficient Balance' description. */
  insufficientBalanceTitle: MONEY_TOASTS.insufficientBalanceTitle,
  insufficientBalanceTransfer: (totalKobo: bigint, feeKobo: bigint) =>
    `Your balance is insufficient. You need ${formatKobo(totalKobo)} (including ${formatKobo(feeKobo)} fee)`,
  withdrawalFailedTitle: MONEY_TOASTS.withdrawalFailedTitle,
  transferSuccessTitle: MONEY_TOASTS.transferSuccessTitle,
  transferFailedTitle: MONEY_TOASTS.transferFailedTitle,
  transferFailed: "Unable to complete bank transfer. Please try again.",
  estimatedArrival: "1-2 business days",
  bankAccountNotFound: "Bank account not found",
  withdrawalNotFound: "Withdrawal not found",
  /** docs/decisions.md: deleting a saved account with a payout in flight is refused. */
  bankAccountInUse: "This bank account has a withdrawal or transfer in progress. Try again once it has completed.",
  idempotencyKeyReused: "This idempotency key was already used for a different payout",
  /** Answer of POST /api/wallet/withdraw and /api/transfer/bank on acceptance. */
  withdrawalAccepted: "Withdrawal initiated successfully",
  bankTransferAccepted: "Bank transfer initiated successfully",
  /** POST /api/transfer/bank when the provider refused it at once (the money is back in the wallet). */
  bankTransferRefused: "The bank refused this transfer. The amount and fee have been returned to your wallet.",
  /** GET /api/wallet/withdrawal-status {message} per status. */
  status: {
    pending: "Your withdrawal has been received and is waiting to be sent to your bank.",
    processing: "Your withdrawal is being processed by the bank.",
    completed: "Your withdrawal has been completed.",
    failed: "Your withdrawal failed. The amount and fee have been returned to your wallet.",
    reversed: "Your withdrawal was reversed by the bank. The amount and fee have been returned to your wallet.",
  } satisfies Record<PayoutStatus, string>,
  /**
   * The live status line of a payout after the spec's toast (docs/product.md "Payment endings"):
   * 'Processing with the bank', 'Completed', or 'Failed: {amount + fee} returned to your wallet'
   * ('Reversed: …' for a reversal). `totalKobo` is amount + fee, the sum a failure gives back.
   */
  ending: (status: PayoutStatus, totalKobo: bigint): string => {
    if (status === "completed") return "Completed";
    if (status === "failed" || status === "reversed") return `${status === "failed" ? "Failed" : "Reversed"}: ${formatKobo(totalKobo)} returned to your wallet`;
    return "Processing with the bank";
  },
  /** The in-app notice and e-mail subject of a payout that failed or was reversed (docs/product.md "Payment endings"). */
  endedTitle: (status: "failed" | "reversed", channel: "withdrawal" | "bank_transfer" | "merchant_settlement") =>
    `${channel === "withdrawal" ? "Withdrawal" : channel === "merchant_settlement" ? "Settlement" : "Bank transfer"} ${status === "failed" ? "failed" : "reversed"}`,
} as const;
