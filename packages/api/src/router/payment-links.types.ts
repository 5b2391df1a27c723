// Output schemas of the payment-link routers (router/payment-links.ts), beside their procedures.
import { koboAsNaira } from "@kolo/domain";
import { z } from "zod";
import { dateTime, id, message, transaction } from "./common.types";

const linkStatus = z.enum(["active", "inactive", "expired", "full"]);

export const paymentLink = z.object({
  id,
  slug: z.string(),
  url: z.string(),
  title: z.string(),
  description: z.string(),
  amount: koboAsNaira.nullable().meta({ description: "naira; null: the payer chooses" }),
  minAmount: koboAsNaira.nullable().meta({ description: "naira; with no fixed amount" }),
  maxPayments: z.number().int().nullable(),
  expiresAt: dateTime.nullable(),
  active: z.boolean(),
  status: linkStatus,
  paymentsCount: z.number().int(),
  total: koboAsNaira,
  createdAt: dateTime,
});
export const paymentLinks = z.array(paymentLink);

export const publicPaymentLink = z.object({
  slug: z.string(),
  merchantName: z.string(),
  title: z.string(),
  description: z.string(),
  amount: koboAsNaira.nullable(),
  minAmount: koboAsNaira.nullable(),
  status: linkStatus,
  /** Why the link takes no payment now (inactive, expired, full), or null. */
  closedReason: z.string().nullable(),
});

export const linkCardCheckout = z.object({ authorizationUrl: z.string(), reference: z.string() });
export const linkWalletPayment = message.extend({ transaction, merchant: z.object({ id, name: z.string(), category: z.string() }) });
export const linkPayment = z.union([linkCardCheckout, linkWalletPayment]);

export const linkPaymentStatus = z.object({
  status: z.enum(["success", "pending", "failed"]),
  reference: z.string(),
  amount: koboAsNaira,
  merchantName: z.string(),
  title: z.string(),
});
