// The admin console's texts, sizes and small rules, with no zod: route guards and loaders of the
// web app import them, and whatever they import lands in the first screen's JavaScript. The
// input schemas are in admin.ts; the page sizes, tabs and audit actions in admin-pages.ts.
import type { AdminAuditAction } from "./admin-pages";

export * from "./admin-pages";

/**
 * Admin console rules (docs/product.md#admin-console; docs/decisions.md): texts, page sizes and the input schemas the server's
 * procedures and the web's forms share.
 */
export const ADMIN_MESSAGES = {
  accessDenied: "Access Denied",
  noDashboardAccess: "You don't have permission to access the admin dashboard",
  noSettingsAccess: "You don't have permission to access admin settings",
  defaultCredit: "Admin credit operation",
  defaultDebit: "Admin debit operation",
  amountPositive: "Amount must be greater than zero",
  userNotFound: "User not found",
  transactionNotFound: "Transaction not found",
  notMovable: "Only pending or processing transactions can be completed or failed",
  noHold: "This transaction has no held funds to settle or release",
  paymentNotConfirmed: "Payment not confirmed by the gateway",
  paymentConfirmed: "The gateway confirmed this payment: complete it instead",
  gatewayUnavailable: "The payment gateway could not be reached. Please try again.",
  changedMeanwhile: "The transaction changed meanwhile. Refresh and try again.",
  /** Admin Complete/Fail refused because the provider's answer differs (docs/money-integrity.md "Admin moves"); HTTP 409. */
  providerReportsSuccess: "Provider reports success: complete it instead",
  providerReportsFailure: "Provider reports failure: fail it instead",
  providerReportsPending: "Provider reports it is still pending: wait for its answer or force it with a reason",
  providerHasNoRecord: "Provider has no record of it: fail it instead",
  providerUnreachable: "Provider could not be reached: try again later or force it with a reason",
  neverSent: "This payout was never sent to the provider: it cannot be completed",
  reconciliationRunNotFound: "Reconciliation run not found",
  reconciliationFutureDay: "A day that has not ended cannot be reconciled yet",
  reviewResolvedNow: "Review item resolved",
  reviewNotFound: "Review item not found",
  reviewResolved: "This review item is already resolved",
  reviewNoTransaction: "This review item has no open transaction to complete or fail",
  reviewNoCredit: "Only a top-up, purchase or payout the provider reports as not delivered, or an unmatched credit, can be credited",
  reviewNoUser: "This review item names no user to credit",
  /** Fraud monitoring (docs/product.md "Fraud controls"): a held payment is released or rejected, nothing else. */
  fraudReleaseOrReject: "A held payment can only be released or rejected",
  onlyFraudReleases: "Only a payment held by fraud monitoring can be released or rejected",
  fraudHoldGone: "This payment is no longer held: nothing moved",
  /** Release of a held invoice payment whose invoice the merchant cancelled meanwhile: the admin rejects it instead. */
  fraudInvoiceCancelled: "The invoice was cancelled while the payment was held: reject the payment",
  reviewCreditNotConfirmed: "The provider does not confirm that money is owed: nothing credited",
  /** A review credit of a reference whose money was already paid back or credited (one credit per reference). */
  alreadyCredited: "Already credited",
  reviewAmountDiffers: "The gateway reports a different amount than Kolo's record: nothing credited",
  reviewNoteRequired: "Write a note of at least 3 characters",
  forceReasonRequired: "A forced move needs a written reason of at least 10 characters",
  cannotChangeOwnStatus: "You cannot suspend your own account",
  walletUpdated: "Wallet updated successfully",
  /** Four eyes (docs/admin-security.md): a credit or debit at or above the threshold. */
  adjustmentPending: "Adjustment created: another admin must approve it before any money moves",
  adjustmentNotFound: "Adjustment not found",
  adjustmentDecided: "This adjustment was already approved or rejected",
  adjustmentOwn: "Another admin must approve or reject this adjustment",
  adjustmentApproved: "Adjustment approved: the wallet was updated",
  adjustmentRejected: "Adjustment rejected: no money moved",
  /** The approvals queue (docs/admin-security.md "Approvals"): every privileged act waits for a second admin. */
  approvalPending: "Waiting for another admin's approval: nothing changes until then",
  approvalNotFound: "Approval not found",
  /** PATCH /api/admin/settings/fraud where every field already holds its value. */
  fraudControlsUnchanged: "Nothing to change",
  approvalDecided: "This request was already approved or rejected",
  approvalOwn: "Another admin must approve or reject this request",
  approvalSubject: "An admin cannot decide a request that concerns their own account",
  approvalNewAdmin: "An admin of less than 24 hours cannot approve or reject requests",
  approvalApproved: "Approved: the request was carried out",
  approvalRejected: "Rejected: nothing changed",
  ownRole: "You cannot change your own role",
  roleUpdated: "Role updated",
  userStatusUpdated: "User status updated",
  statusUpdated: "Status Updated",
  statusUpdatedDescription: "Transaction status has been updated successfully.",
  settingUpdated: "Setting Updated",
  unexpected: "An unexpected error occurred",
} as const;

/** The shortest written reason an admin's forced move accepts (docs/money-integrity.md "Admin moves"). */
export const FORCE_REASON_MIN_LENGTH = 10;

/** Admin users: page buttons shown at most, and the search debounce (docs/product.md#admin-console). */
export const ADMIN_PAGINATION_WINDOW = 5;
export const ADMIN_SEARCH_DEBOUNCE_MS = 500;
/** Days of volume on the dashboard's Transaction Overview chart. */
export const ADMIN_CHART_DAYS = 14;

/** Readable names of the audit actions (the /admin/audit filter and table). */
export const ADMIN_AUDIT_ACTION_LABELS: Record<AdminAuditAction, string> = {
  wallet_credit: "Wallet credit",
  wallet_debit: "Wallet debit",
  user_status: "User status",
  transaction_status: "Transaction status",
  setting: "Feature setting",
  ticket_status: "Ticket status",
  review_resolve: "Review resolved",
  adjustment_request: "Adjustment awaiting approval",
  adjustment_approve: "Adjustment approved",
  adjustment_reject: "Adjustment rejected",
  user_role: "User role",
  approval_request: "Request awaiting approval",
  approval_approve: "Request approved",
  approval_reject: "Request rejected",
  claim_lien: "Claim lien placed",
  claim_refund: "Claim refunded from lien",
  claim_release: "Claim lien released",
};

/**
 * The page buttons to show (docs/product.md#admin-console: up to 5): a window of `window` pages around
 * `page`, clamped to 1..totalPages.
 */
export function paginationWindow(page: number, totalPages: number, window = ADMIN_PAGINATION_WINDOW): number[] {
  if (totalPages <= 0) return [];
  const count = Math.min(window, totalPages);
  let start = Math.max(1, page - Math.floor(window / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** 'Showing x to y of z users' (docs/product.md#admin-console); other lists pass their own noun. */
export function showingRange(page: number, pageSize: number, total: number, noun = "users"): string {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return `Showing ${from} to ${to} of ${total} ${noun}`;
}
