// The admin screens' page sizes, tabs and audit actions: the few admin rules the web app's route
// loaders and search parsers need. A module of its own with nothing else, because what those
// import is part of every screen's JavaScript (the first-screen budget, docs/performance.md).

/** Rows per page of /admin/users (docs/product.md#admin-console). */
export const ADMIN_USERS_PAGE_SIZE = 20;
/** Rows per page of /admin/transactions (server pagination). */
export const ADMIN_TRANSACTIONS_PAGE_SIZE = 20;
/** What the audit trail records. */
export const ADMIN_AUDIT_ACTIONS = [
  "wallet_credit",
  "wallet_debit",
  "user_status",
  "transaction_status",
  "setting",
  "ticket_status",
  "review_resolve",
  "adjustment_request",
  "adjustment_approve",
  "adjustment_reject",
  "user_role",
  "approval_request",
  "approval_approve",
  "approval_reject",
  "claim_lien",
  "claim_refund",
  "claim_release",
] as const;
export type AdminAuditAction = (typeof ADMIN_AUDIT_ACTIONS)[number];
/** The tabs of /admin/transactions (docs/product.md#admin-console). */
export const ADMIN_TRANSACTION_TABS = ["all", "pending", "processing", "completed", "failed"] as const;
export type AdminTransactionTab = (typeof ADMIN_TRANSACTION_TABS)[number];
