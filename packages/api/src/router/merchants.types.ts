// Output schemas of the merchants, invoices and payments routers (router/merchants.ts), beside their procedures.
import { schema } from "@kolo/db";
import { koboAsNaira } from "@kolo/domain";
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
