import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Identity verification state per user (docs/decisions.md); the level itself is
 * `users.verification_level`. The BVN is kept only as a keyed hash (HMAC-SHA256 with the
 * server's BVN_HASH_KEY, unique: one BVN verifies one account) and its last 4 digits.
 * `failedAttempts` counts failed BVN attempts (and claims in flight); `lastFailedAt` starts the
 * 24-hour wait before a reset.
 */
export const userVerifications = pgTable(
  "user_verifications",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    bvnHash: text().unique(),
    bvnLast4: text(),
    /** The BVN record's name as the provider gave it (first and last name): bank account names must be within it. */
    bvnName: text(),
    bvnVerifiedAt: timestamp({ withTimezone: true }),
    bankAccountVerifiedAt: timestamp({ withTimezone: true }),
    failedAttempts: integer().notNull().default(0),
    lastFailedAt: timestamp({ withTimezone: true }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("user_verifications_attempts_range", sql`${t.failedAttempts} >= 0`),
    check("user_verifications_bvn_last4", sql`${t.bvnLast4} is null or ${t.bvnLast4} ~ '^[0-9]{4}$'`),
  ],
);

export type UserVerificationRow = typeof userVerifications.$inferSelect;
