import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { transactions } from "./ledger";
import { users } from "./users";

/**
 * Browsers a user has signed in from (docs/product.md "E-mail alerts", "Fraud controls"): the
 * SHA-256 of the long-lived device cookie. A sign-in from a device not listed here e-mails a
 * new-device notice; money out needs the session's device trusted.
 */
export const userDevices = pgTable(
  "user_devices",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the device cookie's token. */
    deviceHash: text().notNull(),
    userAgent: text(),
    /** A short name from the user agent ('Chrome on Android'), for /settings/devices. */
    name: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the device became trusted for money out (docs/product.md "Fraud controls"); null: not trusted. */
    trustedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex("user_devices_user_device_key").on(t.userId, t.deviceHash), check("user_devices_hash_hex", sql`${t.deviceHash} ~ '^[0-9a-f]{64}$'`)],
);

/**
 * The money-alert outbox (docs/product.md "E-mail alerts"): a row per completed transaction and
 * party, written by a trigger on `transactions` in the same database transaction that completes
 * it, so no path that moves money can forget it; the alert job e-mails it and sets `sentAt` (or
 * `skippedAt` when the user turned alerts off).
 */
export const moneyAlerts = pgTable(
  "money_alerts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /**
     * No foreign keys on userId and transactionId (drizzle/0060_transfer_commit_path.sql): rows are
     * written only by the trigger, from the record's own checked keys, and neither users nor
     * records are ever deleted; the checks cost every transfer a lock on each party's user row.
     */
    userId: integer().notNull(),
    transactionId: integer().notNull(),
    direction: text({ enum: ["credit", "debit"] }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    skippedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("money_alerts_once_key").on(t.transactionId, t.userId, t.direction),
    index("money_alerts_unsent_idx").on(t.id).where(sql`${t.sentAt} is null and ${t.skippedAt} is null`),
  ],
);

export type MoneyAlertRow = typeof moneyAlerts.$inferSelect;

/**
 * Receipt codes (docs/product.md "Receipts"): the short, HMAC-signed code a receipt's QR and text
 * carry, written the first time the receipt is shown; /verify/{code} finds the transaction by it.
 */
export const receiptCodes = pgTable(
  "receipt_codes",
  {
    transactionId: integer()
      .primaryKey()
      .references(() => transactions.id, { onDelete: "cascade" }),
    code: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("receipt_codes_code_key").on(t.code)],
);
