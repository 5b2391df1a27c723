import { z } from "zod";
import { MERCHANT_ANALYTICS_DAYS, MERCHANT_CUSTOMERS_PAGE_SIZE } from "./merchant-analytics-rules";

export * from "./merchant-analytics-rules";

/**
 * GET /api/merchants/me/analytics?days=7|30|90 (docs/product.md#merchants-and-invoices "Analytics
 * and customers"): the period in Lagos days ending today, today included. Default 30.
 */
export const merchantAnalyticsQuerySchema = z.object({
  days: z.coerce
    .number({ error: "Days must be 7, 30 or 90" })
    .refine((days): days is (typeof MERCHANT_ANALYTICS_DAYS)[number] => (MERCHANT_ANALYTICS_DAYS as readonly number[]).includes(days), {
      error: "Days must be 7, 30 or 90",
    })
    .default(30),
});

/**
 * GET /api/merchants/me/customers?search&page&limit: `search` (trimmed, at most 100 characters,
 * empty = everyone) matches part of a payer's name, e-mail or phone number, ignoring case.
 */
export const merchantCustomersQuerySchema = z.object({
  search: z.string().trim().max(100, "Search is too long").optional().default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(MERCHANT_CUSTOMERS_PAGE_SIZE),
});
export type MerchantCustomersQuery = z.output<typeof merchantCustomersQuerySchema>;
