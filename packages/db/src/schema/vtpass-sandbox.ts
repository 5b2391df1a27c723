import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * State of the built-in VTpass sandbox (docs/decisions.md; docs/providers.md "VTpass sandbox
 * fixtures"): every purchase it accepted, so a requery after a restart still answers, and a
 * repeated request_id is refused (code 014) instead of buying twice. Only the sandbox
 * (packages/sandboxes/src/vtpass/sandbox.ts) reads and writes it; with real keys it stays empty.
 */
export const vtpassSandboxPurchases = pgTable(
  "vtpass_sandbox_purchases",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The client's request_id: one purchase per request_id. */
    requestId: text().notNull().unique(),
    /** VTpass's own transaction id. */
    transactionId: text().notNull().unique(),
    serviceId: text().notNull(),
    phone: text().notNull(),
    variationCode: text(),
    /** The biller's number the purchase was for when it is not the phone (an electricity meter). */
    billersCode: text(),
    /** Kobo (VTpass speaks naira strings on the wire). */
    amount: bigint({ mode: "number" }).notNull(),
    /** What requery answers now. */
    status: text({ enum: ["initiated", "pending", "delivered", "failed", "reversed"] }).notNull(),
    /** The fixture's final status, reached at `finalAt` (null: already final). */
    finalStatus: text({ enum: ["delivered", "failed"] }).notNull(),
    finalAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("vtpass_sandbox_purchases_phone_idx").on(t.phone)],
);

export type VtpassSandboxPurchaseRow = typeof vtpassSandboxPurchases.$inferSelect;
