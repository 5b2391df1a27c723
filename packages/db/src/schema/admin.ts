import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * The admin audit trail (issue 11 item 7; DECISIONS "Admin"): one row per admin write (wallet
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
