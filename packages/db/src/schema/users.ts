import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { userDevices } from "./notifications";
import { bytea } from "./columns";

export const userRole = pgEnum("user_role", ["admin", "merchant", "personal"]);
export const userStatus = pgEnum("user_status", ["active", "suspended", "locked"]);

/** docs/product.md User, plus status and the failed-login count (docs/decisions.md). */
export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** Trimmed and lower-cased; also the username. */
    email: text().notNull(),
    phone: text(),
    passwordHash: text().notNull(),
    role: userRole().notNull().default("personal"),
    status: userStatus().notNull().default("active"),
    failedLoginCount: integer().notNull().default(0),
    /**
     * Admins only (never locked by passwords, docs/decisions.md "Security, second round"): no
     * password is checked before this time. Set while an attempt is being checked, and after a
     * wrong password to now + a delay doubling with each consecutive failure.
     */
    loginBlockedUntil: timestamp({ withTimezone: true }),
    /** The admin's TOTP secret (RFC 6238, 20 bytes) once enrolment is confirmed; null: not enrolled. */
    totpSecret: bytea(),
    /** A secret shown at enrolment, not yet confirmed by a code. */
    totpPendingSecret: bytea(),
    /** The last 30 s step whose code was accepted: a code is accepted once (a replay is refused). */
    totpLastStep: bigint({ mode: "number" }),
    /** Wrong second-factor codes in the window that started at mfaWindowStartedAt (5 in 15 min throttle). */
    mfaFailures: integer().notNull().default(0),
    mfaWindowStartedAt: timestamp({ withTimezone: true }),
    /**
     * When the admin role was last granted (docs/admin-security.md "Approvals"): an admin of less than
     * 24 h approves nothing. Null: an admin from the start (seeded, or admin before approvals existed).
     */
    roleGrantedAt: timestamp({ withTimezone: true }),
    verificationLevel: integer().notNull().default(0),
    merchantId: integer(),
    /** E-mail a receipt of every credit and debit (docs/product.md "E-mail alerts"); the user may turn it off. */
    moneyAlerts: boolean().notNull().default(true),
    /**
     * The daily limit for money out the user set (kobo; docs/product.md "Limits the user sets"):
     * null follows the level's limit. A raise waits in pendingDailyLimit until pendingDailyLimitAt.
     */
    ownDailyLimit: bigint({ mode: "bigint" }),
    pendingDailyLimit: bigint({ mode: "bigint" }),
    pendingDailyLimitAt: timestamp({ withTimezone: true }),
    /** Set while the account is frozen (docs/product.md "Fraud controls"): no money out until unfrozen with the password and an e-mailed code. */
    frozenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    check("users_email_lowercase", sql`${t.email} = lower(trim(${t.email}))`),
    check("users_verification_level_range", sql`${t.verificationLevel} between 0 and 2`),
    check("users_own_daily_limit_range", sql`${t.ownDailyLimit} >= 0 and ${t.pendingDailyLimit} >= 0`),
    // Admin user search at 100,000 users (migration 0010_admin creates pg_trgm):
    // `lower(name) like '%…%'` and `email like '%…%'` (e-mails are stored lower-cased), and the
    // list's newest-first order.
    index("users_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    // Ascending: read backwards it serves `order by created_at desc, id desc` (a DESC NULLS LAST
    // index would not match that order's NULLS FIRST).
    index("users_created_idx").on(t.createdAt, t.id),
    // Paying a Kolo user by phone number (docs/product.md#qr-codes-and-p2p-transfers).
    index("users_phone_idx").on(t.phone),
  ],
);

/**
 * How many users each verification level has, in 16 slot rows summed at read (the admin
 * console's header and the user list's total, with no count over the table; docs/performance.md
 * "At scale"). Moved only by the deferred trigger kolo_count_user (drizzle/0056_user_counts.sql)
 * at commit of the database transaction that inserts or deletes a user or changes their level,
 * into the slot of its backend (pg_backend_pid() % 16), as transaction_counts does (with 64 slots).
 */
export const userCounts = pgTable(
  "user_counts",
  {
    slot: smallint().primaryKey(),
    level0: bigint({ mode: "number" }).notNull().default(0),
    level1: bigint({ mode: "number" }).notNull().default(0),
    level2: bigint({ mode: "number" }).notNull().default(0),
  },
  (t) => [check("user_counts_slot", sql`${t.slot} between 0 and 15`)],
);

/**
 * The words of every user's lower-cased name and e-mail (docs/performance.md "Admin search by a common
 * name"): maximal runs of digits, or of characters that are neither digits nor ASCII punctuation,
 * spaces or controls, as kolo_user_search_words cuts them. A search that is one such word is a part
 * of a user's name or e-mail exactly when it is a part of one of their words, so the admin list
 * counts its matches here instead of reading every matching user. Written only by the trigger
 * kolo_index_user_search (drizzle/0065_admin_user_search.sql).
 */
export const userSearchWords = pgTable("user_search_words", { word: text().notNull(), userId: integer().notNull() }, (t) => [
  primaryKey({ columns: [t.word, t.userId] }),
]);

/**
 * Every word ever in user_search_words, once, with a trigram index: the words a search is a part of
 * are found here first. Only inserted: a word no user has any more matches nobody.
 */
export const userSearchDictionary = pgTable("user_search_dictionary", { word: text().primaryKey() }, (t) => [
  index("user_search_dictionary_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`),
]);

/**
 * One row per recipient lookup (e-mail or phone to a name, before a P2P transfer): the per-user
 * limit on lookups counts them, so the lookup cannot be used to enumerate users. Only inserted.
 */
export const recipientLookups = pgTable(
  "recipient_lookups",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("recipient_lookups_user_created_idx").on(t.userId, t.createdAt)],
);

/** Lucia-style sessions: `id` is the hex SHA-256 of the token in the cookie, never the token itself. */
export const sessions = pgTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** An admin's session is admin only once the second factor was given on it (docs/admin-security.md). */
    mfaVerified: boolean().notNull().default(false),
    /**
     * The device (browser) the session was opened on (docs/product.md "Fraud controls"): removing
     * the device ends its sessions; money out needs it trusted. Null only for sessions made before devices were tracked.
     */
    deviceId: integer().references((): AnyPgColumn => userDevices.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId), index("sessions_device_id_idx").on(t.deviceId)],
);

/** An admin's one-time recovery codes (10 at enrolment), only their SHA-256 stored; `usedAt` once spent. */
export const mfaRecoveryCodes = pgTable(
  "mfa_recovery_codes",
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("mfa_recovery_codes_user_hash_key").on(t.userId, t.codeHash)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;

/**
 * E-mailed one-time codes of the fraud controls (docs/product.md "Fraud controls"), one live code
 * per user and purpose: `device` trusts the device `deviceId`, `unfreeze` unfreezes the account.
 * Only the code's SHA-256 is kept; 10 minutes and 5 tries.
 */
export const securityCodes = pgTable(
  "security_codes",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text({ enum: ["device", "unfreeze"] }).notNull(),
    deviceId: integer().references((): AnyPgColumn => userDevices.id, { onDelete: "cascade" }),
    codeHash: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose] }), check("security_codes_purpose", sql`${t.purpose} in ('device', 'unfreeze')`)],
);

/**
 * The first-day cap's window of a user (docs/product.md "Fraud controls"): opened for 24 hours at
 * registration, when a device becomes trusted and at unfreezing; kolo_record_outgoing adds each
 * money out to `totalKobo` under the daily counter's lock and refuses past admin_limits.new_device_cap.
 */
export const firstDayCaps = pgTable("first_day_caps", {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  until: timestamp({ withTimezone: true }).notNull(),
  totalKobo: bigint({ mode: "bigint" }).notNull().default(sql`0`),
});
