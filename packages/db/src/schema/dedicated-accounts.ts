import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A user's own account number for inbound bank transfers (docs/product.md#wallet-and-top-ups):
 * a Paystack dedicated virtual account (NUBAN), asked for once the user is BVN-verified and
 * assigned by a background job. `status` 'pending' until the provider assigned a number, 'active'
 * after, 'failed' when the job gave up (the next read of the account number asks again).
 * `customerCode` is Paystack's customer ("CUS_…"), kept so a retry never creates a second one.
 */
export const dedicatedAccounts = pgTable(
  "dedicated_accounts",
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text({ enum: ["pending", "active", "failed"] })
      .notNull()
      .default("pending"),
    customerCode: text().unique(),
    /** The NUBAN, 10 digits; unique: one number credits one wallet. */
    accountNumber: text().unique(),
    accountName: text(),
    bankName: text(),
    /** Assignment attempts made, and the last provider error (never shown to the user). */
    attempts: integer().notNull().default(0),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("dedicated_accounts_status_idx").on(t.status)],
);

export type DedicatedAccountRow = typeof dedicatedAccounts.$inferSelect;
