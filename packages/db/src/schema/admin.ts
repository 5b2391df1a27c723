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

/**
 * Admin credits and debits at or above the approval threshold (docs/admin-security.md "Four
 * eyes"): created pending, moving no money, until a different admin approves (the adjustment is
 * then made, `transactionId` its record) or rejects it. Amounts in kobo.
 */
export const adminAdjustments = pgTable(
  "admin_adjustments",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    type: text().$type<"credit" | "debit">().notNull(),
    amount: bigint({ mode: "bigint" }).notNull(),
    description: text().notNull(),
    createdBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The creating admin's retry key: a repeat answers the same pending adjustment. */
    idempotencyKey: text(),
    status: text().$type<"pending" | "approved" | "rejected">().notNull().default("pending"),
    decidedBy: integer().references(() => users.id, { onDelete: "restrict" }),
    decidedAt: timestamp({ withTimezone: true }),
    transactionId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("admin_adjustments_creator_key").on(t.createdBy, t.idempotencyKey),
    index("admin_adjustments_status_idx").on(t.status, t.createdAt),
    check("admin_adjustments_amount_positive", sql`${t.amount} > 0`),
    check("admin_adjustments_type", sql`${t.type} in ('credit', 'debit')`),
    check("admin_adjustments_status", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("admin_adjustments_four_eyes", sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.createdBy}`),
  ],
);

export type AdminAdjustment = typeof adminAdjustments.$inferSelect;

/** Admin-editable limits (amounts in kobo); `adjustment_approval_threshold` is seeded at ₦100,000. */
export const adminLimits = pgTable("admin_limits", {
  key: text().primaryKey(),
  valueKobo: bigint({ mode: "bigint" }).notNull(),
  description: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
