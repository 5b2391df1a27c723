// The admin console's input schemas, shared by the server's procedures and the web's forms; the
// texts, sizes and small rules are in admin-rules.ts (no zod, so route guards can import them).
import { z } from "zod";
import { DB_INT_MAX } from "./text";
import { keysetCursorSchema } from "./cursor";
import { ADMIN_AUDIT_ACTIONS, ADMIN_TRANSACTIONS_PAGE_SIZE, ADMIN_TRANSACTION_TABS, ADMIN_USERS_PAGE_SIZE } from "./admin-pages";
import { ADMIN_MESSAGES, FORCE_REASON_MIN_LENGTH } from "./admin-rules";
import { positiveNairaAmount } from "./money-schema";

export * from "./admin-rules";

/**
 * POST /api/admin/users/{userId}/wallet {amount, description, type} (docs/product.md#admin-console "Admin wallet
 * dialog"): amount > 0 naira (-> kobo), description defaults to 'Admin credit operation' /
 * 'Admin debit operation' when empty or blank.
 */
export const adminWalletSchema = z
  .object({
    userId: z.coerce.number().int().positive().max(DB_INT_MAX),
    amount: positiveNairaAmount(ADMIN_MESSAGES.amountPositive),
    description: z.string().max(200, "Description is too long").optional().nullable(),
    type: z.enum(["credit", "debit"], { error: "Type must be credit or debit" }),
    /** A client's retry key (the Idempotency-Key header on REST). */
    idempotencyKey: z.string().min(1).max(200).optional(),
  })
  .transform(({ description, ...rest }) => ({
    ...rest,
    description: description?.trim() || (rest.type === "credit" ? ADMIN_MESSAGES.defaultCredit : ADMIN_MESSAGES.defaultDebit),
  }));

/** POST /api/admin/users/{userId}/status {status}: active or suspended (docs/product.md#admin-console). */
export const adminUserStatusSchema = z.object({
  userId: z.coerce.number().int().positive().max(DB_INT_MAX),
  status: z.enum(["active", "suspended"], { error: "Status must be active or suspended" }),
});

/** GET /api/admin/users?page&limit=20&search (docs/product.md#admin-console). */
export const adminUsersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE),
  search: z.string().trim().max(100).optional().default(""),
});

/**
 * GET /api/admin/transactions?page&limit&status&reference (server pagination). `reference`
 * (optional, at most 100 characters, trimmed; empty means no filter) keeps the transactions whose
 * reference contains it, ignoring case; the tab counts follow the same filter (docs/decisions.md).
 */
export const adminTransactionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(ADMIN_TRANSACTIONS_PAGE_SIZE),
  status: z.enum(ADMIN_TRANSACTION_TABS).default("all"),
  reference: z.string().trim().max(100, "Reference is too long").optional().default(""),
  /** The previous page's `nextCursor`: the rows after it by keyset, in place of `page` (cursor.ts). */
  cursor: keysetCursorSchema.optional(),
});

/**
 * POST /api/admin/transactions/update-status {id, status, force?, reason?}: completed or failed
 * only (docs/product.md#admin-console). `force: true` moves a payout or purchase against the provider's answer and
 * needs `reason`, at least FORCE_REASON_MIN_LENGTH characters after trimming (kept in the audit row).
 */
export const adminTransactionMoveSchema = z
  .object({
    id: z.coerce.number().int().positive().max(DB_INT_MAX),
    status: z.enum(["completed", "failed"], { error: "Status must be completed or failed" }),
    force: z.boolean().optional(),
    reason: z.string().trim().max(500, "Reason is too long").optional(),
  })
  .refine((move) => !move.force || (move.reason?.length ?? 0) >= FORCE_REASON_MIN_LENGTH, { path: ["reason"], error: ADMIN_MESSAGES.forceReasonRequired });

/** GET /api/admin/audit?page&adminId&userId&action. */
export const adminAuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  adminId: z.coerce.number().int().positive().max(DB_INT_MAX).optional(),
  userId: z.coerce.number().int().positive().max(DB_INT_MAX).optional(),
  action: z.enum(ADMIN_AUDIT_ACTIONS).optional(),
});

/** GET /api/admin/reviews?status=open|resolved&page&limit (docs/money-integrity.md "Review queue"). */
export const adminReviewsQuerySchema = z.object({
  status: z.enum(["open", "resolved"]).default("open"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** POST /api/admin/reviews/{id}/resolve {action, note}: the note says why (at least 3 characters). */
export const adminReviewResolveSchema = z.object({
  id: z.coerce.number().int().positive().max(DB_INT_MAX),
  action: z.enum(["complete", "fail", "credit", "dismiss", "release", "reject"], {
    error: "Action must be complete, fail, credit, dismiss, release or reject",
  }),
  note: z.string().trim().min(3, ADMIN_MESSAGES.reviewNoteRequired).max(500, "Note is too long"),
});

/** POST /api/admin/reconciliation/runs {date: "YYYY-MM-DD"}: a real calendar day, not in the future (checked by the procedure). */
export const adminReconciliationRunSchema = z.object({
  date: z.iso.date({ error: "Date must be YYYY-MM-DD" }),
});

/** GET /api/admin/reconciliation/runs/{id}. */
export const adminReconciliationRunIdSchema = z.object({ id: z.coerce.number().int().positive().max(DB_INT_MAX) });

/** GET /api/admin/adjustments?status (pending by default). */
export const adminAdjustmentsQuerySchema = z.object({
  status: z.enum(["pending", "approved", "rejected"], { error: "Status must be pending, approved or rejected" }).default("pending"),
});

/** GET /api/admin/approvals?status&page&limit (pending by default; docs/admin-security.md "Approvals"). */
export const adminApprovalsQuerySchema = adminAdjustmentsQuerySchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** POST /api/admin/approvals/{id}/approve|reject {note?}: the deciding admin's note, at most 500 characters. */
export const adminApprovalDecisionSchema = z.object({
  id: z.coerce.number().int().positive().max(DB_INT_MAX),
  note: z.string().trim().max(500, "Note is too long").optional(),
});

/** An id in a path (PostgreSQL integer range). */
export const adminIdSchema = z.object({ id: z.coerce.number().int().positive().max(DB_INT_MAX) });

/** PATCH /api/admin/settings/adjustment_approval_threshold {value: naira} -> kobo; at least ₦1, at most ₦100,000,000. */
export const adminThresholdSchema = z.object({
  value: positiveNairaAmount("Threshold must be a positive amount").refine((kobo) => kobo <= 10_000_000_000n, "Threshold is too large"),
});

/** PATCH /api/admin/users/{userId}/role {role}. */
export const adminUserRoleSchema = z.object({
  userId: z.coerce.number().int().positive().max(DB_INT_MAX),
  role: z.enum(["admin", "personal", "merchant"], { error: "Role must be admin, personal or merchant" }),
});
