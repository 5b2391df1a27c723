import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, pgEnum, pgTable, pgView, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Merchant accounts (docs/product.md#merchants-and-invoices Merchant; docs/decisions.md): at most one per
 * user. The merchant balance is the owner's `merchant_wallet` ledger account (ledger.ts), never a
 * column here; `users.merchant_id` points back at the row for the spec's current-user shape.
 */
export const merchants = pgTable(
  "merchants",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    name: text().notNull(),
    description: text().notNull().default(""),
    category: text().notNull(),
    /**
     * The settlement bank account (docs/product.md "Settlement"): its name as the bank resolved it,
     * stored only once it matched the owner's BVN name (nameWithin); null until one is set.
     */
    settlementBankCode: text(),
    settlementBankName: text(),
    settlementAccountNumber: text(),
    settlementAccountName: text(),
    /** Kobo kept on the merchant balance by the automatic settlement. */
    settlementFloat: bigint({ mode: "bigint" }).notNull().default(sql`0`),
    /** Whether the balance above the float is paid out daily at 17:00 Lagos. */
    autoSettle: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("merchants_user_id_key").on(t.userId),
    check("merchants_settlement_float_range", sql`${t.settlementFloat} >= 0`),
    /** The daily settlement reads only the merchants that asked for it. */
    index("merchants_auto_settle_idx").on(t.id).where(sql`${t.autoSettle}`),
  ],
);

export const invoiceStatus = pgEnum("invoice_status", ["unpaid", "partially_paid", "paid", "cancelled"]);

/**
 * Invoices (docs/product.md#merchants-and-invoices Invoice; docs/decisions.md): `amount` and `amountPaid` in kobo;
 * `amountPaid` only grows, under the row's lock, and never passes `amount` (CHECK). `status`
 * follows invoiceStatusFor(amount, amountPaid) from @kolo/domain.
 */
export const invoices = pgTable(
  "invoices",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer()
      .notNull()
      .references(() => merchants.id, { onDelete: "restrict" }),
    customerName: text().notNull(),
    customerEmail: text(),
    amount: bigint({ mode: "bigint" }).notNull(),
    amountPaid: bigint({ mode: "bigint" }).notNull().default(sql`0`),
    description: text(),
    dueDate: date({ mode: "string" }),
    allowPartialPayment: boolean().notNull().default(false),
    sendReminder: boolean().notNull().default(false),
    generatePaymentLink: boolean().notNull().default(false),
    status: invoiceStatus().notNull().default("unpaid"),
    /** The payment link's secret (192 random bits, base64url): customers read and pay an invoice by it, never by its id. */
    token: text().notNull(),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("invoices_merchant_created_idx").on(t.merchantId, t.createdAt),
    uniqueIndex("invoices_token_key").on(t.token),
    check("invoices_amount_positive", sql`${t.amount} > 0`),
    check("invoices_amount_paid_range", sql`${t.amountPaid} >= 0 and ${t.amountPaid} <= ${t.amount}`),
  ],
);

/**
 * A merchant's payments, one row per completed payment record (migration 0049_merchant_analytics
 * defines the view; docs/decisions/merchants.md "Analytics and customers"): `amount` in kobo,
 * `channel` one of MERCHANT_PAYMENT_CHANNELS (@kolo/domain), the payer a Kolo user
 * (`payerUserId`) or a guest by `payerEmail` (lower-cased). Read through the index
 * transactions_merchant_payments_idx (merchant, time; covering).
 */
export const merchantPayments = pgView("merchant_payments", {
  id: integer().notNull(),
  merchantId: integer().notNull(),
  reference: text().notNull(),
  amount: bigint({ mode: "bigint" }).notNull(),
  channel: text().notNull(),
  payerUserId: integer(),
  payerName: text(),
  payerEmail: text(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
}).existing();

/**
 * Refunds of merchant payments (kobo), by merchant and time (migration 0049_merchant_analytics):
 * completed `payment` records with channel 'refund' naming the payment they give back
 * (`paymentReference`, metadata.refundOf); read through the same index as merchantPayments.
 */
export const merchantRefunds = pgView("merchant_refunds", {
  id: integer().notNull(),
  merchantId: integer().notNull(),
  paymentReference: text(),
  amount: bigint({ mode: "bigint" }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
}).existing();

export type Merchant = typeof merchants.$inferSelect;
export type Invoice = typeof invoices.$inferSelect;

/**
 * Payment links (docs/product.md "Payment links"; DECISIONS "Merchant tools"): a public page
 * /l/{slug} anyone can pay, by card (a guest: name and e-mail) or from a Kolo wallet. Amounts in
 * kobo: `amount` fixed, or null with `minAmount` (the payer chooses at least that). `paymentsCount`
 * and `totalKobo` count completed payments only; they change under the row's lock, with the
 * payment, so `maxPayments` is never passed by a race.
 */
export const paymentLinks = pgTable(
  "payment_links",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer()
      .notNull()
      .references(() => merchants.id, { onDelete: "restrict" }),
    /** 12 random base64url characters (72 bits): short to share, not to be guessed. */
    slug: text().notNull(),
    title: text().notNull(),
    description: text().notNull().default(""),
    amount: bigint({ mode: "bigint" }),
    minAmount: bigint({ mode: "bigint" }),
    maxPayments: integer(),
    expiresAt: timestamp({ withTimezone: true }),
    active: boolean().notNull().default(true),
    paymentsCount: integer().notNull().default(0),
    totalKobo: bigint({ mode: "bigint" }).notNull().default(sql`0`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("payment_links_slug_key").on(t.slug),
    index("payment_links_merchant_created_idx").on(t.merchantId, t.createdAt),
    check("payment_links_amount_choice", sql`(${t.amount} is null) <> (${t.minAmount} is null)`),
    check("payment_links_amounts_positive", sql`coalesce(${t.amount}, ${t.minAmount}) > 0`),
    check("payment_links_max_payments", sql`${t.maxPayments} is null or ${t.maxPayments} > 0`),
  ],
);

export type PaymentLink = typeof paymentLinks.$inferSelect;
