import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * The admin audit trail (docs/decisions.md): one row per admin write (wallet
 * credit or debit, user status, transaction move, feature setting, ticket status), written by
 * recordAdminAudit in the same database transaction as the change, so a change without its
 * record (or the reverse) cannot exist. Rows are only ever inserted.
 * `action` is one of ADMIN_AUDIT_ACTIONS (@kolo/domain); `subject` names what changed
 * ('user:12', 'transaction:40', 'setting:feature_topup', 'ticket:7'); `before`/`after` are the
 * changed fields as JSON (amounts in naira, as on the wire).
 */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    action: text().notNull(),
    /** The user the change concerns, when there is one (wallet, status, a transaction's owner). */
    userId: integer().references(() => users.id, { onDelete: "restrict" }),
    subject: text().notNull(),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Ascending indexes, read backwards for the newest-first list (see users_created_idx).
    index("admin_audit_created_idx").on(t.createdAt, t.id),
    index("admin_audit_admin_created_idx").on(t.adminId, t.createdAt, t.id),
    index("admin_audit_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("admin_audit_action_created_idx").on(t.action, t.createdAt, t.id),
  ],
);

export type AdminAuditRow = typeof adminAudit.$inferSelect;

/** What an approval carries out once a second admin approves it (docs/admin-security.md "Approvals"). */
export const APPROVAL_KINDS = ["adjustment", "setting", "role", "review_credit", "forced_move", "claim"] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

/** Each kind's request, as the approval carries it out (amounts in kobo, as decimal strings in JSON). */
export type ApprovalPayload =
  | { type: "credit" | "debit"; description: string }
  | { key: "adjustment_approval_threshold"; valueKobo: string }
  /** Fraud controls (docs/product.md "Fraud controls"): each changed field of FraudControls -> its admin_limits value (decimal string). */
  | { key: "fraud_controls"; changes: Record<string, string> }
  | { role: "admin" }
  | { reviewId: number; note: string; action?: "credit" | "release" | "reject" }
  | { transactionId: number; status: "completed" | "failed"; reason: string }
  | { claimId: number; act: "refund" | "release" };

/**
 * The approvals queue (docs/admin-security.md "Approvals"): a privileged act one admin asked for,
 * carried out only when a different admin approves it (`decidedBy` is never `createdBy`, nor the
 * subject `userId`). `kind` says what it does, `payload` the request; `amount` is kobo (null
 * where none); `summary` is the line the console shows. Large adjustments live here too (kind
 * adjustment, ids kept from the admin_adjustments table this replaced).
 */
export const adminApprovals = pgTable(
  "admin_approvals",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: text().$type<ApprovalKind>().notNull(),
    /** The user the act concerns (the wallet credited, the account given a role), when there is one. */
    userId: integer().references(() => users.id, { onDelete: "restrict" }),
    amount: bigint({ mode: "bigint" }),
    summary: text().notNull(),
    payload: jsonb().$type<ApprovalPayload>().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The creating admin's retry key: a repeat answers the same approval. */
    idempotencyKey: text(),
    status: text().$type<"pending" | "approved" | "rejected">().notNull().default("pending"),
    decidedBy: integer().references(() => users.id, { onDelete: "restrict" }),
    decidedAt: timestamp({ withTimezone: true }),
    /** The deciding admin's note. */
    note: text(),
    /** An approved adjustment's transaction record. */
    transactionId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("admin_approvals_creator_key").on(t.createdBy, t.idempotencyKey),
    index("admin_approvals_status_idx").on(t.status, t.createdAt),
    check("admin_approvals_kind", sql`${t.kind} in ('adjustment', 'setting', 'role', 'review_credit', 'forced_move', 'claim')`),
    check("admin_approvals_amount_positive", sql`${t.amount} is null or ${t.amount} > 0`),
    check("admin_approvals_status", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("admin_approvals_four_eyes", sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.createdBy}`),
    check("admin_approvals_not_subject", sql`${t.decidedBy} is null or ${t.userId} is null or ${t.decidedBy} <> ${t.userId}`),
  ],
);

export type AdminApproval = typeof adminApprovals.$inferSelect;

/** Admin-editable limits (amounts in kobo); `adjustment_approval_threshold` is seeded at ₦100,000. */
export const adminLimits = pgTable("admin_limits", {
  key: text().primaryKey(),
  valueKobo: bigint({ mode: "bigint" }).notNull(),
  description: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
