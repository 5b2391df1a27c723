import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Double-entry ledger (DECISIONS "Money"). Each account's `balance` is the running sum of its
 * postings, written only by postJournalEntry in the same transaction as the postings; wallets
 * can never go below zero (CHECK). Amounts are kobo; a posting's sign is the change to its account.
 */
export const accountKind = pgEnum("account_kind", ["user_wallet", "merchant_wallet", "system"]);

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    kind: accountKind().notNull(),
    userId: integer().references(() => users.id, { onDelete: "restrict" }),
    /** Stable name of a system account, e.g. 'gateway_clearing'. */
    code: text().unique(),
    balance: bigint({ mode: "bigint" }).notNull().default(sql`0`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_user_wallet_key").on(t.userId).where(sql`${t.kind} = 'user_wallet'`),
    check("ledger_accounts_wallet_non_negative", sql`${t.kind} = 'system' or ${t.balance} >= 0`),
    check("ledger_accounts_owner", sql`(${t.kind} = 'system') = (${t.code} is not null)`),
  ],
);

/** One movement of money. `idempotencyKey` makes a retried write post at most once. */
export const journalEntries = pgTable("journal_entries", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  idempotencyKey: text().notNull().unique(),
  kind: text().notNull(),
  description: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const postings = pgTable(
  "postings",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    journalEntryId: bigint({ mode: "number" })
      .notNull()
      .references(() => journalEntries.id, { onDelete: "restrict" }),
    accountId: integer()
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    amount: bigint({ mode: "bigint" }).notNull(),
  },
  (t) => [
    index("postings_account_id_idx").on(t.accountId),
    index("postings_journal_entry_id_idx").on(t.journalEntryId),
    check("postings_amount_non_zero", sql`${t.amount} <> 0`),
  ],
);

export const transactionType = pgEnum("transaction_type", ["topup", "transfer", "payment", "airtime", "data", "p2p", "other"]);
export const transactionStatus = pgEnum("transaction_status", ["pending", "processing", "completed", "failed", "reversed"]);

/**
 * The user-facing transaction record (spec 01 §3, spec 02 §3). `amount` and `fee` in kobo.
 * Completed records link to the journal entry that moved the money.
 */
export const transactions = pgTable(
  "transactions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    type: transactionType().notNull(),
    amount: bigint({ mode: "bigint" }).notNull(),
    fee: bigint({ mode: "bigint" }).notNull().default(sql`0`),
    status: transactionStatus().notNull(),
    reference: text().notNull().unique(),
    description: text().notNull(),
    senderId: integer().references(() => users.id, { onDelete: "restrict" }),
    recipientId: integer().references(() => users.id, { onDelete: "restrict" }),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    journalEntryId: bigint({ mode: "number" }).references(() => journalEntries.id, { onDelete: "restrict" }),
    /** Client-supplied idempotency key, unique per sender. */
    idempotencyKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("transactions_sender_created_idx").on(t.senderId, t.createdAt),
    index("transactions_recipient_created_idx").on(t.recipientId, t.createdAt),
    uniqueIndex("transactions_sender_idempotency_key").on(t.senderId, t.idempotencyKey),
    check("transactions_amount_positive", sql`${t.amount} > 0`),
    check("transactions_fee_non_negative", sql`${t.fee} >= 0`),
  ],
);

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type JournalEntry = typeof journalEntries.$inferSelect;
export type Posting = typeof postings.$inferSelect;
export type TransactionRecord = typeof transactions.$inferSelect;
export type NewTransactionRecord = typeof transactions.$inferInsert;
