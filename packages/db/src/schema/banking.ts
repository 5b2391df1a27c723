import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Saved bank accounts (docs/product.md#banking-and-withdrawals Bank account; docs/decisions.md): added only after the
 * provider resolved the name; one per user, bank and number; at most 10 per user (checked in
 * code under a per-user lock). `isVerified`: the account verified the user to level 2.
 */
export const bankAccounts = pgTable(
  "bank_accounts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bankName: text().notNull(),
    bankCode: text().notNull(),
    accountNumber: text().notNull(),
    /** As the provider resolved it. */
    accountName: text().notNull(),
    isVerified: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("bank_accounts_user_account_key").on(t.userId, t.bankCode, t.accountNumber),
    check("bank_accounts_account_number_nuban", sql`${t.accountNumber} ~ '^[0-9]{10}$'`),
  ],
);

export type BankAccountRow = typeof bankAccounts.$inferSelect;

/**
 * Beneficiaries (docs/product.md "Transfers to any bank account"): other people's accounts a user
 * saved after paying them. Separate from `bank_accounts` (the user's own): they never count for
 * verification. Name as the provider resolved it; one per user, bank and number.
 */
export const beneficiaries = pgTable(
  "beneficiaries",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    bankName: text().notNull(),
    bankCode: text().notNull(),
    accountNumber: text().notNull(),
    accountName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("beneficiaries_user_account_key").on(t.userId, t.bankCode, t.accountNumber),
    check("beneficiaries_account_number_nuban", sql`${t.accountNumber} ~ '^[0-9]{10}$'`),
  ],
);

export type BeneficiaryRow = typeof beneficiaries.$inferSelect;
