import { bigint, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * State of the built-in Paystack sandbox (DECISIONS "Providers"): what a restart must not forget.
 * Only the sandbox (packages/api/src/providers/paystack/sandbox.ts) reads and writes these tables;
 * with real Paystack keys they stay empty.
 */

/** Checkouts opened by POST /transaction/initialize; `status` 'abandoned' until Pay or Decline. Amounts in kobo. */
export const paystackSandboxCharges = pgTable("paystack_sandbox_charges", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  reference: text().notNull().unique(),
  accessCode: text().notNull().unique(),
  amount: bigint({ mode: "number" }).notNull(),
  currency: text().notNull(),
  email: text().notNull(),
  callbackUrl: text().notNull(),
  metadata: jsonb(),
  status: text({ enum: ["abandoned", "success", "failed"] }).notNull().default("abandoned"),
  paidAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type PaystackSandboxChargeRow = typeof paystackSandboxCharges.$inferSelect;
