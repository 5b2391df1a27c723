import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { transactions } from "./ledger";
import { users } from "./users";

/**
 * The review queue (docs/money-integrity.md): every record that needs a person. A row is opened
 * by whatever found the problem (a requery still unclear after 24 h, a provider answer that
 * contradicts a final state, a late success, an admin's forced move, a reconciliation exception)
 * and resolved once by an admin (complete, fail, credit or dismiss, with a note), audited.
 *
 * `key` names the problem, not the row: the same problem found twice (a reconciliation rerun, a
 * repeated webhook) opens one row (`openReviewItem` inserts with ON CONFLICT DO NOTHING).
 * `kind` is what the money is: topup, payout, purchase, or credit_unmatched (a provider credit
 * that matches no Kolo record). `cause`: stuck, contradiction, late_success, forced,
 * reconciliation. `amount` kobo (the provider's figure when Kolo has none).
 */
export const reviewItems = pgTable(
  "review_items",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    key: text().notNull().unique(),
    kind: text().notNull(),
    cause: text().notNull(),
    reference: text().notNull(),
    transactionId: integer().references(() => transactions.id, { onDelete: "restrict" }),
    userId: integer().references(() => users.id, { onDelete: "restrict" }),
    amount: bigint({ mode: "bigint" }).notNull(),
    reason: text().notNull(),
    /** The provider's last answer about the reference, as it said it ('success', '016 failed', 'HTTP 500'). */
    providerStatus: text(),
    status: text({ enum: ["open", "resolved"] })
      .notNull()
      .default("open"),
    /** complete | fail | credit | dismiss, once resolved. */
    resolution: text(),
    note: text(),
    resolvedBy: integer().references(() => users.id, { onDelete: "restrict" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The open list, newest first, and its count: small, because resolved rows leave it.
    index("review_items_open_created_idx").on(t.createdAt, t.id).where(sql`${t.status} = 'open'`),
    index("review_items_resolved_created_idx").on(t.resolvedAt, t.id).where(sql`${t.status} = 'resolved'`),
    index("review_items_reference_idx").on(t.reference),
  ],
);

export type ReviewItem = typeof reviewItems.$inferSelect;
