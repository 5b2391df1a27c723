import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { transactions } from "./ledger";
import { supportTickets } from "./support";
import { users } from "./users";

/**
 * Fraud claims (docs/product.md "Fraud claims"; DECISIONS "Fraud controls"): one per reported
 * money-out transaction, each with its support ticket (kind `fraud`). `amount` is the reported
 * transaction's amount and `lienAmount` the kobo held on the recipient's wallet in the `liens`
 * system account (0 before a lien). `status`: open -> lien -> refunded | released. `recipientId` is
 * the Kolo wallet's owner the money went to (null when it left Kolo), `recipientWallet` which of
 * their wallets (a merchant payment's: the merchant's). `answerBy` and `decisionBy`
 * are the deadlines set at report time.
 */
export const fraudClaims = pgTable(
  "fraud_claims",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer()
      .notNull()
      .unique()
      .references(() => supportTickets.id, { onDelete: "restrict" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    transactionId: integer()
      .notNull()
      .unique()
      .references(() => transactions.id, { onDelete: "restrict" }),
    recipientId: integer().references(() => users.id, { onDelete: "restrict" }),
    /** Which of the recipient's wallets the money reached: their own (`user`, a P2P) or their merchant's (`merchant`, a QR, invoice or link payment). */
    recipientWallet: text().$type<"user" | "merchant">().notNull().default("user"),
    reason: text().$type<"not_me" | "tricked" | "wrong_recipient">().notNull(),
    details: text().notNull(),
    amount: bigint({ mode: "bigint" }).notNull(),
    status: text().$type<"open" | "lien" | "refunded" | "released">().notNull().default("open"),
    lienAmount: bigint({ mode: "bigint" }).notNull().default(sql`0`),
    answerBy: timestamp({ withTimezone: true }).notNull(),
    decisionBy: timestamp({ withTimezone: true }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("fraud_claims_user_created_idx").on(t.userId, t.createdAt),
    index("fraud_claims_recipient_status_idx").on(t.recipientId, t.status),
    check("fraud_claims_reason", sql`${t.reason} in ('not_me', 'tricked', 'wrong_recipient')`),
    check("fraud_claims_recipient_wallet", sql`${t.recipientWallet} in ('user', 'merchant')`),
    check("fraud_claims_status", sql`${t.status} in ('open', 'lien', 'refunded', 'released')`),
    check("fraud_claims_lien_range", sql`${t.lienAmount} >= 0 and ${t.lienAmount} <= ${t.amount}`),
  ],
);

export type FraudClaim = typeof fraudClaims.$inferSelect;
