// Output schemas of the merchants, invoices and payments routers (router/merchants.ts), beside their procedures.
import { schema } from "@kolo/db";
import { MERCHANT_PAYMENT_CHANNELS, koboAsNaira } from "@kolo/domain";
import { z } from "zod";
import { dateTime, id, message, transaction, withTransaction } from "./common.types";

export const merchant = z.object({ id, name: z.string(), description: z.string(), category: z.string(), balance: koboAsNaira });
export const merchantSummary = z.object({ id, name: z.string(), category: z.string() });
export const merchantWithdrawal = withTransaction.extend({ merchant });
export const merchantTransactions = z.array(transaction);

export const publicInvoice = z.object({
  id,
  merchantId: id,
  merchantName: z.string(),
  amount: koboAsNaira,
  amountPaid: koboAsNaira,
  amountDue: koboAsNaira,
  status: z.enum(schema.invoiceStatus.enumValues),
  allowPartialPayment: z.boolean(),
  description: z.string().nullable(),
  dueDate: z.string().nullable().meta({ description: "YYYY-MM-DD" }),
  overdue: z.boolean(),
  paidAt: dateTime.nullable(),
});

export const invoice = publicInvoice.extend({
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  sendReminder: z.boolean(),
  generatePaymentLink: z.boolean(),
  paymentLink: z.string().nullable(),
  token: z.string(),
  createdAt: dateTime,
});

export const invoices = z.array(invoice);
export const invoiceCancelled = message.extend({ invoice });
export const merchantPayment = withTransaction.extend({ merchant: merchantSummary });
export const invoicePayment = withTransaction.extend({ merchant: merchantSummary, invoice: publicInvoice });

const salesFigure = { amount: koboAsNaira, count: z.number().int().nonnegative() };

/** GET /api/merchants/me/analytics: a period of Lagos days, naira on the wire. */
export const merchantAnalytics = z.object({
  days: z.number().int(),
  from: z.string().meta({ description: "YYYY-MM-DD, the period's first Lagos day" }),
  to: z.string().meta({ description: "YYYY-MM-DD, today in Lagos" }),
  totalSales: koboAsNaira,
  paymentCount: z.number().int().nonnegative(),
  averageTicket: koboAsNaira,
  refunds: z.object(salesFigure),
  daily: z.array(z.object({ day: z.string().meta({ description: "YYYY-MM-DD" }), ...salesFigure })),
  channels: z.array(z.object({ channel: z.enum(MERCHANT_PAYMENT_CHANNELS), ...salesFigure })),
});

/** GET /api/merchants/me/customers: one page of payers, naira on the wire. */
export const merchantCustomers = z.object({
  customers: z.array(
    z.object({
      kind: z.enum(["user", "guest"]),
      name: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      totalPaid: koboAsNaira,
      payments: z.number().int().positive(),
      lastPaymentAt: dateTime,
    }),
  ),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  totalPages: z.number().int().nonnegative(),
});

export const settlementAccount = z.object({ bankCode: z.string(), bankName: z.string(), accountNumber: z.string(), accountName: z.string() });
export const merchantSettings = z.object({
  businessName: z.string(),
  settlementAccount: settlementAccount.nullable(),
  settlementFloat: koboAsNaira,
  autoSettle: z.boolean(),
  balance: koboAsNaira,
});
export const merchantRefund = withTransaction.extend({
  /** What is left to refund of the payment after this refund, naira. */
  refundable: koboAsNaira,
});
