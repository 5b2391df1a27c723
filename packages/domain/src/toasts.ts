/**
 * The toast texts money forms share (docs/product.md "Money rules"): titles and messages the
 * product gives word for word. Each form's own texts (PURCHASE_MESSAGES, PAYOUT_MESSAGES,
 * TRANSFER_MESSAGES, MERCHANT_MESSAGES) refer to these where they are the same toast.
 */
export const MONEY_TOASTS = {
  insufficientBalanceTitle: "Insufficient Balance",
  /** After 'Insufficient Balance' when the balance does not cover the amount (P2P, purchases, merchant payments). */
  topUpToContinue: "Please top up your wallet to continue",
  invalidAmountTitle: "Invalid Amount",
  validAmount: "Please enter a valid amount",
  /** A money write whose session ended: this toast, then /login. */
  authenticationTitle: "Authentication Error",
  logInToContinue: "Please log in to continue",
  transferSuccessTitle: "Transfer Successful",
  transferFailedTitle: "Transfer Failed",
  paymentSuccessTitle: "Payment Successful",
  paymentFailedTitle: "Payment Failed",
  withdrawalFailedTitle: "Withdrawal Failed",
  topUpInitiatedTitle: "Top-up Initiated",
  redirectingToGateway: "Redirecting to payment gateway...",
  errorTitle: "Error",
} as const;
