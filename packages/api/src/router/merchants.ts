import { randomBytes } from "node:crypto";
import {
  cancelUnpaidInvoice,
  type Database,
  findInvoiceById,
  findInvoiceByToken,
  findMerchantById,
  findMerchantByUserId,
  findTransactionByReference,
  getMerchantBalanceKobo,
  refundedKobo,
  insertInvoice,
  insertMerchant,
  listMerchantCustomers,
  listMerchantInvoices,
  listMerchantTransactions,
  merchantRefundTotals,
  merchantSalesByDay,
  type schema,
} from "@kolo/db";
import {
  DomainError,
  FRAUD_MESSAGES,
  MERCHANT_MESSAGES,
  buildPaymentLink,
  isHeldForReview,
  createInvoiceSchema,
  createMerchantSchema,
  invoicePaymentSchema,
  invoiceTokenPaymentSchema,
  invoiceTokenSchema,
  isInvoiceOverdue,
  nairaCodec,
  lagosDate,
  merchantPaymentSchema,
  merchantWithdrawSchema,
  merchantPayoutSchema,
  merchantSettingsSchema,
  refundSchema,
  DB_INT_MAX,
  lagosDays,
  merchantAnalyticsQuerySchema,
  merchantCustomersQuerySchema,
  summariseMerchantSales,
} from "@kolo/domain";
import { z } from "zod";
import { payInvoice, payMerchant, withdrawMerchantBalance } from "../money/merchants";
import { startRefund } from "../money/refunds";
import { merchantSettings as merchantSettingsOf, startMerchantPayout, updateMerchantSettingsFor } from "../money/settlement";
import { type TransactionView, toTransactionView } from "../money/view";
import { featureProcedure, moneyOutProcedure, pinProcedure, protectedProcedure, router } from "../trpc";
import { heldAnswer } from "./wallet";
import {
  invoice as invoiceSchema,
  invoiceCancelled,
  invoicePayment,
  invoices,
  merchant as merchantSchema,
  merchantAnalytics,
  merchantCustomers,
  merchantPayment,
  merchantSummary,
  merchantTransactions,
  merchantWithdrawal,
  merchantRefund,
  merchantSettings,
  publicInvoice,
} from "./merchants.types";
import { withTransaction } from "./common.types";

/** GET /api/merchants/me (docs/product.md#merchants-and-invoices Merchant): `balance` is the merchant wallet, kobo (naira on the wire). */
export interface MerchantView {
  id: number;
  name: string;
  description: string;
  category: string;
  balance: bigint;
}

/** What any signed-in payer may read of an invoice (docs/product.md#merchants-and-invoices: id, merchantId, amount; kobo, naira on the wire). */
export interface PublicInvoiceView {
  id: number;
  merchantId: number;
  merchantName: string;
  amount: bigint;
  amountPaid: bigint;
  /** What remains to pay, kobo (naira on the wire). */
  amountDue: bigint;
  status: schema.Invoice["status"];
  allowPartialPayment: boolean;
  description: string | null;
  dueDate: string | null;
  /** Due before today (Lagos) and neither paid nor cancelled: shown 'Overdue', still payable. */
  overdue: boolean;
  /** When the last payment made it paid (its row's last change: a paid invoice changes no more); null until paid. */
  paidAt: Date | null;
}

/** The merchant's own view of an invoice: the customer's details and its payment link, if asked for. */
export interface InvoiceView extends PublicInvoiceView {
  customerName: string;
  customerEmail: string | null;
  sendReminder: boolean;
  generatePaymentLink: boolean;
  /** kolo://pay/invoice/{token}?name&amount when generatePaymentLink is set (docs/decisions.md; the token, never the id). */
  paymentLink: string | null;
  /** The unguessable token customers read and pay the invoice by (/invoice/pay/{token}). */
  token: string;
  createdAt: Date;
}

const toPublicInvoice = (invoice: schema.Invoice, merchant: schema.Merchant): PublicInvoiceView => ({
  id: invoice.id,
  merchantId: invoice.merchantId,
  merchantName: merchant.name,
  amount: invoice.amount,
  amountPaid: invoice.amountPaid,
  amountDue: invoice.amount - invoice.amountPaid,
  status: invoice.status,
  allowPartialPayment: invoice.allowPartialPayment,
  description: invoice.description,
  dueDate: invoice.dueDate,
  overdue: isInvoiceOverdue(invoice, lagosDate(new Date())),
  paidAt: invoice.status === "paid" ? invoice.updatedAt : null,
});

const toInvoiceView = (invoice: schema.Invoice, merchant: schema.Merchant): InvoiceView => ({
  ...toPublicInvoice(invoice, merchant),
  customerName: invoice.customerName,
  customerEmail: invoice.customerEmail,
  sendReminder: invoice.sendReminder,
  generatePaymentLink: invoice.generatePaymentLink,
  paymentLink: invoice.generatePaymentLink
    ? buildPaymentLink({ type: "invoice", invoiceToken: invoice.token, merchantName: merchant.name, amount: z.encode(nairaCodec, invoice.amount) })
    : null,
  token: invoice.token,
  createdAt: invoice.createdAt,
});

async function merchantView(db: Parameters<typeof getMerchantBalanceKobo>[0], merchant: schema.Merchant): Promise<MerchantView> {
  return {
    id: merchant.id,
    name: merchant.name,
    description: merchant.description,
    category: merchant.category,
    balance: await getMerchantBalanceKobo(db, merchant.userId),
  };
}

async function ownMerchant(db: Parameters<typeof findMerchantByUserId>[0], userId: number, message: string = MERCHANT_MESSAGES.noMerchant) {
  const merchant = await findMerchantByUserId(db, userId);
  if (!merchant) throw new DomainError("NOT_FOUND", message);
  return merchant;
}

/**
 * A merchant's record as the merchant reads it: payments in count as credits (recipientId = the
 * owner), described 'Payment from {payer}'; a withdrawal to the owner's wallet is a debit here.
 */
function toMerchantTransactionView(record: schema.TransactionRecord, ownerId: number): TransactionView {
  const view = toTransactionView(record, ownerId);
  const metadata = record.metadata as { channel?: string; payerName?: string; invoiceId?: number };
  if (metadata.channel === "merchant_withdrawal") return { ...view, senderId: ownerId, recipientId: null };
  if (metadata.channel === "refund") return { ...view, senderId: ownerId, recipientId: null };
  const from = metadata.payerName ? `Payment from ${metadata.payerName}` : "Payment received";
  return { ...view, recipientId: ownerId, description: metadata.invoiceId ? `${from} (invoice #${metadata.invoiceId})` : from };
}

const idInput = z.object({ id: z.number().int().positive().max(DB_INT_MAX) });

/** Merchant accounts (docs/product.md#merchants-and-invoices; docs/decisions.md). */
export const merchantsRouter = router({
  /**
   * {name, description, category} -> MerchantView (201 on REST). One per user: CONFLICT 'You
   * already have a merchant account'. Needs feature_merchant. The user's role becomes merchant
   * (admins stay admins) and merchantId points at the account.
   */
  create: featureProcedure("feature_merchant")
    .meta({ rest: { method: "POST", path: "/api/merchants", tag: "Merchants", summary: "Create the user's merchant account", status: 201, errors: [409] } })
    .input(createMerchantSchema)
    .output(merchantSchema)
    .mutation(async ({ ctx, input }) => {
      const merchant = await ctx.db.transaction((tx) => insertMerchant(tx, { userId: ctx.user.id, ...input }));
      if (!merchant) throw new DomainError("CONFLICT", MERCHANT_MESSAGES.alreadyExists);
      return merchantView(ctx.db, merchant);
    }),

  /** -> MerchantView of the caller's merchant account; NOT_FOUND 'Merchant account not found' without one. */
  me: protectedProcedure
    .meta({ rest: { method: "GET", path: "/api/merchants/me", tag: "Merchants", summary: "The user's merchant account and its balance", errors: [404] } })
    .output(merchantSchema)
    .query(async ({ ctx }) => merchantView(ctx.db, await ownMerchant(ctx.db, ctx.user.id))),

  /**
   * GET /api/merchants/me/analytics?days=7|30|90 (docs/product.md#merchants-and-invoices "Analytics
   * and customers"; docs/decisions/merchants.md) -> {days, from, to, totalSales, paymentCount,
   * averageTicket, refunds {amount, count}, daily [{day, amount, count}], channels [{channel,
   * amount, count}]}: the caller's merchant payments over the last `days` Lagos days, today
   * included; amounts naira on the wire (kobo inside), the average ticket rounded half up to the
   * kobo. BAD_REQUEST 'Days must be 7, 30 or 90'; NOT_FOUND 'Merchant account not found'.
   */
  analytics: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/merchants/me/analytics",
        tag: "Merchants",
        summary: "Sales per Lagos day and channel, payments, average ticket and refunds over 7, 30 or 90 days",
        description: "docs/product.md#merchants-and-invoices 'Analytics and customers'",
        errors: [404],
      },
    })
    .input(merchantAnalyticsQuerySchema)
    .output(merchantAnalytics)
    .query(async ({ ctx, input }) => {
      const merchant = await ownMerchant(ctx.db, ctx.user.id);
      const days = lagosDays(lagosDate(ctx.services.now?.() ?? new Date()), input.days);
      const period = { merchantId: merchant.id, firstDay: days[0]!, lastDay: days[days.length - 1]! };
      const [sales, refunds] = await Promise.all([merchantSalesByDay(ctx.db, period), merchantRefundTotals(ctx.db, period)]);
      return {
        days: input.days,
        from: period.firstDay,
        to: period.lastDay,
        ...summariseMerchantSales(days, sales),
        refunds: { amount: refunds.kobo, count: refunds.count },
      };
    }),

  /**
   * GET /api/merchants/me/customers?search&page&limit=20 (docs/product.md#merchants-and-invoices
   * "Analytics and customers") -> {customers [{kind, name, email, phone, totalPaid, payments,
   * lastPaymentAt}], total, page, totalPages}: the caller's payers, the latest first; a Kolo user
   * or a guest by e-mail (docs/decisions/merchants.md); `search` matches part of a name, e-mail or
   * phone. totalPaid naira on the wire. NOT_FOUND 'Merchant account not found'.
   */
  customers: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/merchants/me/customers",
        tag: "Merchants",
        summary: "The merchant's payers with what each paid, searched and paged",
        description: "docs/product.md#merchants-and-invoices 'Analytics and customers'",
        errors: [404],
      },
    })
    .input(merchantCustomersQuerySchema)
    .output(merchantCustomers)
    .query(async ({ ctx, input }) => {
      const merchant = await ownMerchant(ctx.db, ctx.user.id);
      const { rows, total } = await listMerchantCustomers(ctx.db, { merchantId: merchant.id, ...input });
      return {
        customers: rows.map((row) => ({
          kind: row.kind,
          name: row.name,
          email: row.email,
          phone: row.phone,
          totalPaid: row.totalKobo,
          payments: row.count,
          lastPaymentAt: row.lastPaymentAt,
        })),
        total,
        page: input.page,
        totalPages: Math.ceil(total / input.limit),
      };
    }),

  /** {id} -> {id, name, category} of any merchant (what a payer sees); NOT_FOUND 'Could not find merchant details'. */
  byId: protectedProcedure
    .meta({ rest: { method: "GET", path: "/api/merchants/:id", tag: "Merchants", summary: "A merchant as a payer sees it", errors: [404] } })
    .input(idInput)
    .output(merchantSummary)
    .query(async ({ ctx, input }) => {
      const merchant = await findMerchantById(ctx.db, input.id);
      if (!merchant) throw new DomainError("NOT_FOUND", MERCHANT_MESSAGES.merchantNotFound);
      return { id: merchant.id, name: merchant.name, category: merchant.category };
    }),

  /** -> TransactionView[] of the caller's merchant account, newest first (GET /api/transactions/merchant). */
  transactions: protectedProcedure
    .meta({ rest: { method: "GET", path: "/api/transactions/merchant", tag: "Merchants", summary: "The merchant account's transactions", errors: [404] } })
    .output(merchantTransactions)
    .query(async ({ ctx }) => {
      const merchant = await ownMerchant(ctx.db, ctx.user.id);
      return (await listMerchantTransactions(ctx.db, merchant.id)).map((record) => toMerchantTransactionView(record, ctx.user.id));
    }),

  /**
   * {amount?: naira, idempotencyKey?} -> {message: 'Withdrawal Successful', transaction, merchant}:
   * the merchant balance (or `amount` of it) into the owner's wallet. Needs feature_merchant.
   * Errors: see withdrawMerchantBalance; 403 ACCOUNT_FROZEN / DEVICE_NOT_TRUSTED (moneyOutProcedure).
   */
  withdraw: moneyOutProcedure("feature_merchant")
    .meta({
      rest: {
        method: "POST",
        path: "/api/merchants/withdraw",
        tag: "Merchants",
        summary: "Move the merchant balance to the owner's wallet",
        idempotencyKey: true,
        errors: [403, 404, 409],
      },
    })
    .input(merchantWithdrawSchema)
    .output(merchantWithdrawal)
    .mutation(async ({ ctx, input }) => {
      const result = await withdrawMerchantBalance(ctx.db, { owner: ctx.user, amountKobo: input.amount, idempotencyKey: input.idempotencyKey });
      return {
        message: MERCHANT_MESSAGES.withdrawSuccess,
        transaction: toTransactionView(result.transaction, ctx.user.id),
        merchant: await merchantView(ctx.db, result.merchant),
      };
    }),

  /**
   * {reference, amount: naira, reason, idempotencyKey?} -> {message, transaction, refundable: naira}
   * (201 on REST): refunds part or all of one of the merchant's payments (money/refunds.ts
   * startRefund: a wallet payment back to the payer's wallet at once, 'Refund Successful'; a card
   * payment through Paystack `POST /refund`, `pending` until the gateway's webhook). Needs
   * feature_merchant and the owner's PIN. Errors: startRefund's.
   */
  refund: pinProcedure("feature_merchant")
    .meta({
      rest: {
        method: "POST",
        path: "/api/merchants/me/payments/:reference/refunds",
        tag: "Merchants",
        summary: "Refund part or all of a payment to the merchant",
        status: 201,
        idempotencyKey: true,
        errors: [404, 409],
      },
    })
    .input(refundSchema)
    .output(merchantRefund)
    .mutation(async ({ ctx, input }) => {
      const result = await startRefund(ctx.db, ctx.services, {
        owner: ctx.user,
        reference: input.reference,
        amountKobo: input.amount,
        reason: input.reason,
        idempotencyKey: input.idempotencyKey,
      });
      const payment = await findTransactionByReference(ctx.db, input.reference);
      const refundable = payment ? payment.amount - (await refundedKobo(ctx.db, payment.reference)) : 0n;
      return {
        message: result.transaction.status === "completed" ? MERCHANT_MESSAGES.refundSuccess : MERCHANT_MESSAGES.refundPending,
        transaction: toMerchantTransactionView(result.transaction, ctx.user.id),
        refundable,
      };
    }),

  /** -> the merchant's settings (business name, settlement account, float and automatic settlement, balance). NOT_FOUND without a merchant account. */
  settings: protectedProcedure
    .meta({
      rest: { method: "GET", path: "/api/merchants/me/settings", tag: "Merchants", summary: "The merchant's settings and settlement account", errors: [404] },
    })
    .output(merchantSettings)
    .query(({ ctx }) => merchantSettingsOf(ctx.db, ctx.user)),

  /**
   * {businessName?, settlementAccount? {bankCode, accountNumber}, settlementFloat?: naira,
   * autoSettle?} -> the settings. Needs feature_merchant. Errors: updateMerchantSettingsFor's
   * (money/settlement.ts): the account's name must match the owner's BVN name.
   */
  updateSettings: featureProcedure("feature_merchant")
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/merchants/me/settings",
        tag: "Merchants",
        summary: "Change the merchant's settings and settlement account",
        errors: [404, 503],
      },
    })
    .input(merchantSettingsSchema)
    .output(merchantSettings)
    .mutation(({ ctx, input }) => updateMerchantSettingsFor(ctx.db, ctx.services, ctx.user, input)),

  /**
   * {amount: naira (≥ ₦100), idempotencyKey?} -> {message, transaction} (201 on REST): pays the
   * amount (fee 1%, ₦50 to ₦1,000, on top) from the merchant balance to the settlement account
   * through the payout path (money/settlement.ts startMerchantPayout); the status follows as any
   * withdrawal's. Needs feature_merchant and feature_withdraw, and the owner's PIN.
   */
  payout: pinProcedure("feature_merchant", "feature_withdraw")
    .meta({
      rest: {
        method: "POST",
        path: "/api/merchants/me/payouts",
        tag: "Merchants",
        summary: "Pay out the merchant balance to the settlement account",
        status: 201,
        idempotencyKey: true,
        errors: [404, 409, 502],
      },
    })
    .input(merchantPayoutSchema)
    .output(withTransaction)
    .mutation(async ({ ctx, input }) => {
      const { transaction } = await startMerchantPayout(ctx.db, ctx.services, {
        owner: ctx.user,
        amountKobo: input.amount,
        idempotencyKey: input.idempotencyKey,
        now: ctx.services.now?.(),
      });
      return { message: MERCHANT_MESSAGES.payoutAccepted, transaction: toTransactionView(transaction, ctx.user.id) };
    }),
});

/** Invoices (docs/product.md#merchants-and-invoices: the invoice, POST /api/invoices). */
export const invoicesRouter = router({
  /**
   * The invoice payload (createInvoiceSchema) -> InvoiceView (201 on REST), with `paymentLink`
   * when generatePaymentLink is set. Needs feature_merchant and a merchant account
   * (NOT_FOUND 'Merchant account required to create invoices'); `merchantId` in the body is ignored.
   */
  create: featureProcedure("feature_merchant")
    .meta({ rest: { method: "POST", path: "/api/invoices", tag: "Invoices", summary: "Create an invoice with its payment link", status: 201, errors: [404] } })
    .input(createInvoiceSchema)
    .output(invoiceSchema)
    .mutation(async ({ ctx, input }) => {
      const merchant = await ownMerchant(ctx.db, ctx.user.id, MERCHANT_MESSAGES.merchantRequiredForInvoice);
      const invoice = await insertInvoice(ctx.db, {
        merchantId: merchant.id,
        customerName: input.customerName,
        customerEmail: input.customerEmail ?? null,
        amount: input.amount,
        description: input.description || null,
        dueDate: input.dueDate ?? null,
        allowPartialPayment: input.allowPartialPayment,
        sendReminder: input.sendReminder,
        generatePaymentLink: input.generatePaymentLink,
        // 192 random bits: the payment link's secret (docs/decisions.md "Security, second round").
        token: randomBytes(24).toString("base64url"),
      });
      return toInvoiceView(invoice, merchant);
    }),

  /**
   * GET /api/invoices/{id} -> InvoiceView, for the merchant that owns it only. Anyone else gets
   * NOT_FOUND 'Could not find invoice details', as for a missing id (customers use the token).
   */
  byId: protectedProcedure
    .meta({ rest: { method: "GET", path: "/api/invoices/:id", tag: "Invoices", summary: "One of the merchant's own invoices", errors: [404] } })
    .input(idInput)
    .output(invoiceSchema)
    .query(async ({ ctx, input }): Promise<InvoiceView> => {
      const invoice = await findInvoiceById(ctx.db, input.id);
      const merchant = invoice && (await findMerchantById(ctx.db, invoice.merchantId));
      if (!invoice || !merchant || merchant.userId !== ctx.user.id) throw new DomainError("NOT_FOUND", MERCHANT_MESSAGES.invoiceNotFound);
      return toInvoiceView(invoice, merchant);
    }),

  /**
   * GET /api/invoices/by-token/{token} -> PublicInvoiceView (what the customer pays: merchant,
   * amounts, due date, status, overdue). NOT_FOUND for an unknown token.
   */
  byToken: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/invoices/by-token/:token",
        tag: "Invoices",
        summary: "An invoice as its payer sees it, by the payment link's token",
        errors: [404],
      },
    })
    .input(invoiceTokenSchema)
    .output(publicInvoice)
    .query(async ({ ctx, input }): Promise<PublicInvoiceView> => {
      const invoice = await findInvoiceByToken(ctx.db, input.token);
      const merchant = invoice && (await findMerchantById(ctx.db, invoice.merchantId));
      if (!invoice || !merchant) throw new DomainError("NOT_FOUND", MERCHANT_MESSAGES.invoiceNotFound);
      return toPublicInvoice(invoice, merchant);
    }),

  /**
   * POST /api/invoices/{id}/cancel -> {message: 'Invoice cancelled', invoice}: the owning merchant
   * cancels an unpaid invoice (nothing paid yet); it can no longer be paid. NOT_FOUND for another
   * merchant's; RULE_VIOLATION 'Only an unpaid invoice can be cancelled'.
   */
  cancel: featureProcedure("feature_merchant")
    .meta({ rest: { method: "POST", path: "/api/invoices/:id/cancel", tag: "Invoices", summary: "Cancel an unpaid invoice", errors: [404, 409] } })
    .input(idInput)
    .output(invoiceCancelled)
    .mutation(async ({ ctx, input }) => {
      const merchant = await ownMerchant(ctx.db, ctx.user.id);
      const invoice = await findInvoiceById(ctx.db, input.id);
      if (!invoice || invoice.merchantId !== merchant.id) throw new DomainError("NOT_FOUND", MERCHANT_MESSAGES.invoiceNotFound);
      const cancelled = await cancelUnpaidInvoice(ctx.db, invoice.id);
      if (!cancelled) throw new DomainError("RULE_VIOLATION", MERCHANT_MESSAGES.invoiceNotCancellable);
      return { message: MERCHANT_MESSAGES.invoiceCancelledNow, invoice: toInvoiceView(cancelled, merchant) };
    }),

  /** -> InvoiceView[] of the caller's merchant account, newest first; NOT_FOUND without one. */
  list: protectedProcedure
    .meta({ rest: { method: "GET", path: "/api/invoices", tag: "Invoices", summary: "The merchant's invoices", errors: [404] } })
    .output(invoices)
    .query(async ({ ctx }) => {
      const merchant = await ownMerchant(ctx.db, ctx.user.id);
      return (await listMerchantInvoices(ctx.db, merchant.id)).map((invoice) => toInvoiceView(invoice, merchant));
    }),
});

/** Pays invoice `invoiceId` (payInvoice) and answers {message, transaction, merchant, invoice} as both invoice payment paths do. */
async function payInvoiceAnswer(
  db: Database,
  payer: schema.User,
  input: { invoiceId: number; amount?: bigint; idempotencyKey?: string; deviceToken?: string },
) {
  const result = await payInvoice(db, {
    payer,
    invoiceId: input.invoiceId,
    amountKobo: input.amount,
    idempotencyKey: input.idempotencyKey,
    deviceToken: input.deviceToken,
  });
  const invoice = result.invoice ?? (await findInvoiceById(db, input.invoiceId));
  // Invoices are never deleted, so the one just paid is there; the answer always carries it.
  if (!invoice) throw new DomainError("NOT_FOUND", MERCHANT_MESSAGES.invoiceNotFound);
  return {
    message: paymentMessage(result.transaction),
    transaction: toTransactionView(result.transaction, payer.id),
    merchant: { id: result.merchant.id, name: result.merchant.name, category: result.merchant.category },
    invoice: toPublicInvoice(invoice, result.merchant),
  };
}

/** A merchant payment's answer text: 'Under review' when fraud monitoring held it (202 on REST, heldAnswer), else 'Payment Successful'. */
export const paymentMessage = (transaction: schema.TransactionRecord) =>
  isHeldForReview(transaction) ? FRAUD_MESSAGES.underReview : MERCHANT_MESSAGES.paymentSuccess;

/** Paying merchants and invoices (docs/product.md#merchants-and-invoices). Both need feature_scan_pay. */
export const paymentsRouter = router({
  /**
   * {merchantId, amount: naira, idempotencyKey?} -> {message: 'Payment Successful', transaction,
   * merchant {id, name, category}}; held by fraud monitoring: 202 {message: 'Under review',
   * transaction `pending`} (docs/product.md "Fraud controls"). Free; within the daily limit.
   * Errors: see payMerchant.
   */
  merchant: pinProcedure("feature_scan_pay")
    .meta({
      rest: {
        method: "POST",
        path: "/api/payments/merchant",
        tag: "Payments",
        summary: "Pay a merchant (scanned QR code)",
        idempotencyKey: true,
        errors: [404, 409],
        accepted: heldAnswer,
      },
    })
    .input(merchantPaymentSchema)
    .output(merchantPayment)
    .mutation(async ({ ctx, input }) => {
      const result = await payMerchant(ctx.db, {
        payer: ctx.user,
        merchantId: input.merchantId,
        amountKobo: input.amount,
        idempotencyKey: input.idempotencyKey,
        deviceToken: ctx.deviceToken,
      });
      return {
        message: paymentMessage(result.transaction),
        transaction: toTransactionView(result.transaction, ctx.user.id),
        merchant: { id: result.merchant.id, name: result.merchant.name, category: result.merchant.category },
      };
    }),

  /**
   * POST /api/payments/invoice/by-token/{token} {amount?, idempotencyKey?}: pays the invoice the
   * payment link's token names; otherwise as `invoice`. NOT_FOUND for an unknown token.
   */
  invoiceByToken: pinProcedure("feature_scan_pay")
    .meta({
      rest: {
        method: "POST",
        path: "/api/payments/invoice/by-token/:token",
        tag: "Payments",
        summary: "Pay an invoice reached by its payment link's token",
        idempotencyKey: true,
        errors: [404, 409],
        accepted: heldAnswer,
      },
    })
    .input(invoiceTokenPaymentSchema)
    .output(invoicePayment)
    .mutation(async ({ ctx, input }) => {
      const found = await findInvoiceByToken(ctx.db, input.token);
      if (!found) throw new DomainError("NOT_FOUND", MERCHANT_MESSAGES.invoiceNotFound);
      return payInvoiceAnswer(ctx.db, ctx.user, {
        invoiceId: found.id,
        amount: input.amount,
        idempotencyKey: input.idempotencyKey,
        deviceToken: ctx.deviceToken,
      });
    }),

  /**
   * {invoiceId, amount?: naira, idempotencyKey?} -> {message, transaction, merchant, invoice}
   * (202 'Under review' when fraud monitoring held it, the invoice still unpaid).
   * No amount pays what remains; a part only when the invoice allows it. Errors: see payInvoice.
   */
  invoice: pinProcedure("feature_scan_pay")
    .meta({
      rest: {
        method: "POST",
        path: "/api/payments/invoice/:invoiceId",
        tag: "Payments",
        summary: "Pay an invoice by id (the merchant's own link)",
        idempotencyKey: true,
        errors: [404, 409],
        accepted: heldAnswer,
      },
    })
    .input(invoicePaymentSchema)
    .output(invoicePayment)
    .mutation(({ ctx, input }) => payInvoiceAnswer(ctx.db, ctx.user, { ...input, deviceToken: ctx.deviceToken })),
});
