import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Password-reset links (docs/product.md#accounts-and-sessions): only the SHA-256 of the token in
 * the link is stored; a link is valid for 30 minutes and usable once (`usedAt`).
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Hex SHA-256 of the token. */
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId), check("password_reset_tokens_hash_hex", sql`${t.tokenHash} ~ '^[0-9a-f]{64}$'`)],
);

/**
 * The sandbox mailbox (docs/providers.md "E-mail"): without SMTP_URL every message sent is kept
 * here instead, listed at /sandbox/mail. Only inserted.
 */
export const sandboxMail = pgTable(
  "sandbox_mail",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    to: text().notNull(),
    subject: text().notNull(),
    text: text().notNull(),
    html: text(),
    /** The links of the message, in order (what tests and people follow). */
    links: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sandbox_mail_created_idx").on(t.createdAt)],
);

export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;
export type SandboxMailRow = typeof sandboxMail.$inferSelect;
