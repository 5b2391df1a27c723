import type { TransactionMetadata } from "@kolo/domain";
import { sql } from "drizzle-orm";
import { bytea } from "./columns";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** The hash chain's start: the head of an account with no postings (32 zero bytes; docs/ledger-verification.md). */
export const GENESIS_HASH_HEX = "0".repeat(64);
import { users } from "./users";

/**
 * Double-entry ledger (docs/decisions.md). Each account's `balance` is the running sum of its
 * postings, changed only by the SQL function kolo_post_entry (sql/ledger/kolo_post_entry.sql) in
 * the same transaction as the postings, always relatively (balance = balance + delta); wallets
 * can never go below zero (CHECK). Amounts are kobo; a posting's sign is the change to its account.
 * See docs/adding-a-movement.md for the kit built on it.
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
    /**
     * The hash of the account's latest posting (its chain's head; docs/ledger-verification.md),
     * moved by kolo_apply_postings under the lock that moves the balance.
     */
    headHash: bytea().notNull().default(sql`'\\x0000000000000000000000000000000000000000000000000000000000000000'::bytea`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_user_wallet_key").on(t.userId).where(sql`${t.kind} = 'user_wallet'`),
    /** One merchant account per user (docs/decisions.md), so one merchant wallet. */
    uniqueIndex("ledger_accounts_merchant_wallet_key").on(t.userId).where(sql`${t.kind} = 'merchant_wallet'`),
    check("ledger_accounts_wallet_non_negative", sql`${t.kind} = 'system' or ${t.balance} >= 0`),
    check("ledger_accounts_owner", sql`(${t.kind} = 'system') = (${t.code} is not null)`),
  ],
);

/**
 * One movement of money. `idempotencyKey` makes a retried write post at most once. An entry
 * belongs to at most one transaction record (hold, settlement, reversal of the same record), and
 * a reversal names the entry it reverses (at most one reversal per entry).
 */
export const journalEntries = pgTable(
  "journal_entries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text().notNull().unique(),
    kind: text().notNull(),
    description: text().notNull(),
    transactionId: integer().references((): AnyPgColumn => transactions.id, { onDelete: "restrict" }),
    reversesEntryId: bigint({ mode: "number" }).references((): AnyPgColumn => journalEntries.id, { onDelete: "restrict" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("journal_entries_transaction_id_idx").on(t.transactionId),
    // At most one reversal per entry. Partial: the entries that reverse nothing (nearly all) add no
    // index entry (docs/performance.md "Fewer writes a transfer").
    uniqueIndex("journal_entries_reverses_entry_id_key").on(t.reversesEntryId).where(sql`${t.reversesEntryId} is not null`),
  ],
);

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
    /**
     * The account's balance right after this posting (kobo), written by kolo_apply_postings under
     * the lock that moves the balance: what a money alert and a statement row say the balance was
     * after their own transaction. Not one of the hashed fields.
     */
    balanceAfter: bigint({ mode: "bigint" }).notNull(),
    /** When it was posted (the transaction's time); part of the hashed fields. */
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * SHA-256 of the previous posting's hash on the same account (the genesis hash for the first)
     * followed by this posting's fields: docs/ledger-verification.md gives the exact bytes.
     */
    hash: bytea().notNull(),
  },
  (t) => [
    // An account's postings in time order: balances, and statements streamed for a period.
    index("postings_account_created_idx").on(t.accountId, t.createdAt, t.id),
    index("postings_journal_entry_id_idx").on(t.journalEntryId),
    // An account's chain in order, from a point: the ledger verification's reads (docs/ledger-verification.md).
    index("postings_account_id_id_idx").on(t.accountId, t.id),
    check("postings_amount_non_zero", sql`${t.amount} <> 0`),
  ],
);

export const transactionType = pgEnum("transaction_type", ["topup", "transfer", "payment", "airtime", "data", "electricity", "cable", "p2p", "other"]);
export const transactionStatus = pgEnum("transaction_status", ["pending", "processing", "completed", "failed", "reversed"]);

/**
 * The user-facing transaction record (docs/product.md). `amount` and `fee` in kobo.
 * The journal entries that moved its money point at it (journal_entries.transaction_id).
 * `metadata` is typed per `type` (@kolo/domain transaction-metadata).
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
    metadata: jsonb().$type<TransactionMetadata>().notNull().default({}),
    /** Client-supplied idempotency key, unique per sender. */
    idempotencyKey: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("transactions_sender_created_idx").on(t.senderId, t.createdAt),
    index("transactions_recipient_created_idx").on(t.recipientId, t.createdAt),
    uniqueIndex("transactions_sender_idempotency_key").on(t.senderId, t.idempotencyKey),
    /**
     * Fraud monitoring's "paid this payee before?" (readFraudFacts): one probe per payment, flat in
     * the payer's history. kolo_payee_key is created by migration 0055_fraud_facts_flat.
     */
    index("transactions_sender_payee_idx")
      .on(t.senderId, sql`kolo_payee_key(${t.type}, ${t.recipientId}, ${t.metadata})`, t.createdAt)
      .where(sql`${t.senderId} is not null`),
    /** The expiry job's scan (unpaid top-ups older than the checkout's lifetime) stays small. */
    index("transactions_pending_topups_idx").on(t.createdAt, t.id).where(sql`${t.type} = 'topup' and ${t.status} = 'pending'`),
    /** The same for one user: History first ends the user's own expired top-ups, flat however many other users have. */
    index("transactions_pending_topups_recipient_idx").on(t.recipientId, t.createdAt, t.id).where(sql`${t.type} = 'topup' and ${t.status} = 'pending'`),
    /** The admin list, newest first, read backwards; open records (the tabs an admin acts on) have a small one of their own. */
    index("transactions_created_idx").on(t.createdAt, t.id),
    /** A payment's refunds, summed under the payment's row lock (merchant refunds). */
    index("transactions_refund_of_idx").on(sql`(${t.metadata}->>'refundOf')`).where(sql`${t.type} = 'payment' and ${t.metadata} ? 'refundOf'`),
    index("transactions_open_created_idx").on(t.createdAt, t.id).where(sql`${t.status} in ('pending', 'processing')`),
    /** The admin list's status tabs paged by keyset, newest first: (status, created_at, id) read backwards. */
    index("transactions_status_created_idx").on(t.status, t.createdAt, t.id),
    /** Recent numbers and the purchase screens: a user's airtime and data purchases, newest first. */
    index("transactions_purchases_sender_idx").on(t.senderId, t.createdAt).where(sql`${t.type} in ('airtime', 'data')`),
    // A merchant's payments by time, covering the view merchant_payments (index-only scans): its
    // INCLUDE list is beyond drizzle's index builder, so migration 0049_merchant_analytics creates it
    // (transactions_merchant_payments_idx), with the statistics of its expressions.
    /** A payment link's payments (the open card checkouts that hold a place under maxPayments). */
    index("transactions_link_payments_idx")
      .on(sql`((${t.metadata}->>'linkId')::int)`, t.createdAt)
      .where(sql`${t.type} = 'payment' and ${t.metadata} ? 'linkId'`),
    check("transactions_amount_positive", sql`${t.amount} > 0`),
    check("transactions_fee_non_negative", sql`${t.fee} >= 0`),
    /** TYPES_WITHOUT_SENDER and TYPES_WITHOUT_RECIPIENT (@kolo/domain history): History reads one side only for them. */
    check(
      "transactions_parties_by_type",
      // As text: enum values added by a later migration cannot be used in the migrations' one transaction (PostgreSQL 15).
      sql`(${t.type}::text <> 'topup' or ${t.senderId} is null) and (${t.type}::text not in ('transfer', 'airtime', 'data', 'electricity', 'cable') or ${t.recipientId} is null)`,
    ),
  ],
);

/**
 * Where History's search index ends (one row): the partial indexes transactions_sender_search_* and
 * transactions_recipient_search_* hold every record created before `boundary`, with the stored
 * column search_text (the searched fields, lower-cased, joined by U+001F), so a search reads them
 * and not the rows; records from `boundary` on are read from the table. New records never enter
 * them, so a transfer does not pay for them; the weekly job moves `boundary` (coverHistorySearch).
 * The column and the indexes are beyond drizzle's builders: migration 0064_history_search and
 * coverHistorySearch create them (docs/performance.md "History search, covered up to a boundary").
 */
export const historySearchCover = pgTable(
  "history_search_cover",
  {
    only: boolean().primaryKey().default(true),
    boundary: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check("history_search_cover_one_row", sql`${t.only}`)],
);

/**
 * How many transaction records each status has, in 64 slot rows summed at read (the admin list's
 * tab counts, with no count over the table). Moved only by the deferred trigger
 * kolo_count_transaction (drizzle/0052_transaction_counts.sql, 0061_count_slots.sql) at commit of
 * the database transaction that inserts, deletes or changes the status of a record; a
 * transaction's changes all go to the slot of its backend (pg_backend_pid() % 64), one row locked
 * for the instant of its commit, so concurrent transfers rarely wait on each other and never
 * deadlock on it.
 */
export const transactionCounts = pgTable(
  "transaction_counts",
  {
    slot: smallint().primaryKey(),
    pending: bigint({ mode: "number" }).notNull().default(0),
    processing: bigint({ mode: "number" }).notNull().default(0),
    completed: bigint({ mode: "number" }).notNull().default(0),
    failed: bigint({ mode: "number" }).notNull().default(0),
    reversed: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [check("transaction_counts_slot", sql`${t.slot} between 0 and 63`)],
);

export const holdStatus = pgEnum("hold_status", ["held", "settled", "released", "reversed"]);

/**
 * Money held for a pending operation (payout, purchase): moved from a wallet to the `holds`
 * system account by kolo_hold, then settled or released exactly once (kolo_settle_hold,
 * kolo_release_hold), keyed on the operation's `reference`. `day` is the Lagos day whose outgoing
 * total the hold counted against. Amounts in kobo.
 */
export const holds = pgTable(
  "holds",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    reference: text().notNull().unique(),
    walletAccountId: integer()
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    transactionId: integer().references(() => transactions.id, { onDelete: "restrict" }),
    amount: bigint({ mode: "bigint" }).notNull(),
    fee: bigint({ mode: "bigint" }).notNull().default(sql`0`),
    day: date({ mode: "string" }).notNull(),
    status: holdStatus().notNull().default("held"),
    holdEntryId: bigint({ mode: "number" })
      .notNull()
      .references(() => journalEntries.id, { onDelete: "restrict" }),
    finalEntryId: bigint({ mode: "number" }).references(() => journalEntries.id, { onDelete: "restrict" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("holds_amount_positive", sql`${t.amount} > 0`),
    check("holds_fee_non_negative", sql`${t.fee} >= 0`),
    // The ledger verification's reads: the money still held, and the days since the last run.
    index("holds_held_idx").on(t.id).where(sql`${t.status} = 'held'`),
    index("holds_day_idx").on(t.day),
  ],
);

/**
 * Per user and Lagos day, the kobo (amount + fee) of outgoing money not refunded: what the daily
 * limit is checked against (docs/decisions.md). Changed only by kolo_record_outgoing and
 * kolo_release_outgoing, in the same database transaction as the debit or refund.
 */
export const dailyOutgoing = pgTable(
  "daily_outgoing",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    day: date({ mode: "string" }).notNull(),
    totalKobo: bigint({ mode: "bigint" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check("daily_outgoing_total_non_negative", sql`${t.totalKobo} >= 0`),
    index("daily_outgoing_day_idx").on(t.day),
  ],
);

export type LedgerAccount = typeof ledgerAccounts.$inferSelect;
export type JournalEntry = typeof journalEntries.$inferSelect;
export type Posting = typeof postings.$inferSelect;
export type TransactionRecord = typeof transactions.$inferSelect;
export type NewTransactionRecord = typeof transactions.$inferInsert;
export type Hold = typeof holds.$inferSelect;

/**
 * Results of the ledger verification (docs/ledger-verification.md), from `pnpm ledger:verify` and
 * the daily reconciliation: whether every check held, each check's line, the first broken account
 * or entry, and the digest of all chain heads at the time. Rows are only ever inserted.
 */
export const ledgerVerifications = pgTable(
  "ledger_verifications",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ok: boolean().notNull(),
    checks: jsonb().$type<{ name: string; ok: boolean; detail: string }[]>().notNull(),
    firstBroken: text(),
    headsDigest: text().notNull(),
    /** 'full' (every posting from the genesis hash) or 'incremental' (from the checkpoints; docs/ledger-verification.md). */
    mode: text().$type<"full" | "incremental">().notNull().default("full"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ledger_verifications_created_idx").on(t.createdAt, t.id)],
);

/**
 * Per ledger account, the point up to which a verification that passed recomputed its chain
 * (docs/ledger-verification.md "Checkpoints"): the last posting's id, the chain's hash after it
 * and the sum of the postings up to it (kobo). An incremental run starts each account from here;
 * `ledger:verify --full` ignores them. Only moved forward.
 */
export const ledgerCheckpoints = pgTable("ledger_checkpoints", {
  accountId: integer()
    .primaryKey()
    .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
  postingId: bigint({ mode: "bigint" }).notNull(),
  hash: bytea().notNull(),
  balance: bigint({ mode: "bigint" }).notNull(),
  verifiedAt: timestamp({ withTimezone: true }).notNull(),
});

export type LedgerVerificationRow = typeof ledgerVerifications.$inferSelect;
