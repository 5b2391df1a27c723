import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const userRole = pgEnum("user_role", ["admin", "merchant", "personal"]);
export const userStatus = pgEnum("user_status", ["active", "suspended", "locked"]);

/** Spec 01 §3 User, plus status and the failed-login count (DECISIONS "Accounts and sign-in"). */
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
    verificationLevel: integer().notNull().default(0),
    merchantId: integer(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_key").on(t.email),
    check("users_email_lowercase", sql`${t.email} = lower(trim(${t.email}))`),
    check("users_verification_level_range", sql`${t.verificationLevel} between 0 and 2`),
    // Admin user search at 100,000 users (issue 11 item 3; migration 0010_admin creates pg_trgm):
    // `lower(name) like '%…%'` and `email like '%…%'` (e-mails are stored lower-cased), and the
    // list's newest-first order.
    index("users_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    // Ascending: read backwards it serves `order by created_at desc, id desc` (a DESC NULLS LAST
    // index would not match that order's NULLS FIRST).
    index("users_created_idx").on(t.createdAt, t.id),
  ],
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
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
