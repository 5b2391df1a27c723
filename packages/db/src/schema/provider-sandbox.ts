import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

/**
 * State of the built-in Paystack sandbox (docs/decisions.md): what a restart must not forget.
 * Only the sandbox (packages/sandboxes/src/paystack/sandbox.ts) reads and writes these tables;
 * with real Paystack keys they stay empty.
 */

/**
 * Checkouts opened by POST /transaction/initialize; `status` 'abandoned' until Pay or Decline.
 * Transfers into a dedicated account are charges too (channel 'dedicated_nuban', born 'success',
 * with the sender in `authorization`), so verify and the transaction list answer them as Paystack
 * does. Amounts in kobo.
 */
export const paystackSandboxCharges = pgTable(
  "paystack_sandbox_charges",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reference: text().notNull().unique(),
    accessCode: text().notNull().unique(),
    amount: bigint({ mode: "number" }).notNull(),
    currency: text().notNull(),
    email: text().notNull(),
    callbackUrl: text().notNull(),
    metadata: jsonb(),
    status: text({ enum: ["abandoned", "success", "failed"] })
      .notNull()
      .default("abandoned"),
    paidAt: timestamp({ withTimezone: true }),
    channel: text({ enum: ["card", "dedicated_nuban"] })
      .notNull()
      .default("card"),
    /** Dedicated-account transfers: the customer credited and the `authorization` object of the webhook. */
    customerCode: text(),
    authorization: jsonb(),
    /**
     * The charge's `charge.success` webhook, retried like Paystack's until it gets a 200
     * (docs/providers.md "Webhook retries"): deliveries tried so far, and when the next is due
     * (null: none owed, delivered, or given up), so any server of a cluster sends a due retry.
     */
    webhookAttempts: integer().notNull().default(0),
    nextWebhookAt: timestamp({ withTimezone: true }),
    /** Kobo refunded so far (POST /refund): a refund may take at most what is left. */
    refunded: bigint({ mode: "number" }).notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("paystack_sandbox_charges_webhook_due_idx").on(t.nextWebhookAt),
    // GET /transaction's pages, newest first within a day (a reconciliation reads 1,000 of them),
    // read backwards.
    index("paystack_sandbox_charges_created_idx").on(t.createdAt, t.id),
  ],
);

export type PaystackSandboxChargeRow = typeof paystackSandboxCharges.$inferSelect;

/** Transfer recipients (POST /transferrecipient): one per bank code and account number, like Paystack's. */
export const paystackSandboxRecipients = pgTable(
  "paystack_sandbox_recipients",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    recipientCode: text().notNull().unique(),
    name: text().notNull(),
    accountNumber: text().notNull(),
    accountName: text().notNull(),
    bankCode: text().notNull(),
    bankName: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("paystack_sandbox_recipients_account_key").on(t.bankCode, t.accountNumber)],
);

/**
 * Queued payouts (POST /transfer). `outcome` is the fixture's planned end; `nextEventAt` is when
 * the next webhook is due (null: none left), so a restart picks up where it stopped.
 */
export const paystackSandboxTransfers = pgTable(
  "paystack_sandbox_transfers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    reference: text().notNull().unique(),
    transferCode: text().notNull().unique(),
    recipientCode: text().notNull(),
    amount: bigint({ mode: "number" }).notNull(),
    reason: text(),
    status: text({ enum: ["pending", "success", "failed", "reversed"] })
      .notNull()
      .default("pending"),
    outcome: text({ enum: ["success", "failed", "reversed", "pending"] }).notNull(),
    nextEventAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("paystack_sandbox_transfers_due_idx").on(t.nextEventAt),
    // GET /transfer's pages, newest first within a day.
    index("paystack_sandbox_transfers_created_idx").on(t.createdAt, t.id),
  ],
);

export type PaystackSandboxTransferRow = typeof paystackSandboxTransfers.$inferSelect;

/** Customers (POST /customer): one per e-mail, like Paystack's. */
export const paystackSandboxCustomers = pgTable("paystack_sandbox_customers", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  customerCode: text().notNull().unique(),
  email: text().notNull().unique(),
  firstName: text().notNull(),
  lastName: text().notNull(),
  phone: text(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Dedicated accounts (POST /dedicated_account): one per customer; the number keeps its owner. */
export const paystackSandboxDedicatedAccounts = pgTable("paystack_sandbox_dedicated_accounts", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  customerCode: text().notNull().unique(),
  accountNumber: text().notNull().unique(),
  accountName: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
