import { check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { users } from "./users";

/**
 * Transaction PINs (docs/product.md "Transaction PIN"): the argon2id hash, the wrong tries in a
 * row and the lock they set (payments only, not sign-in), and the one live PIN-reset code (its
 * SHA-256, expiry and tries). A user without a row has not set a PIN.
 */
export const transactionPins = pgTable(
  "transaction_pins",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    pinHash: text().notNull(),
    failedAttempts: integer().notNull().default(0),
    lockedUntil: timestamp({ withTimezone: true }),
    resetCodeHash: text(),
    resetCodeExpiresAt: timestamp({ withTimezone: true }),
    resetCodeAttempts: integer().notNull().default(0),
    /** When the PIN was last reset by e-mailed code (fraud monitoring's after_reset rule), null if never. */
    resetAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("transaction_pins_attempts_nonnegative", sql`${t.failedAttempts} >= 0 and ${t.resetCodeAttempts} >= 0`)],
);

export type TransactionPinRow = typeof transactionPins.$inferSelect;

/**
 * One row per PIN-reset code sent: the per-user limit on codes (3 an hour, `pin_reset_code` in
 * USER_LIMITS) counts them, so the reset cannot be asked for without end. Only inserted.
 */
export const pinResetCodeRequests = pgTable(
  "pin_reset_code_requests",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("pin_reset_code_requests_user_created_idx").on(t.userId, t.createdAt)],
);
