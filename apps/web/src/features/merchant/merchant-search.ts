import { MERCHANT_ANALYTICS_DAYS, type MerchantAnalyticsDays } from "@kolo/domain";
import type { SearchSchemaInput } from "@tanstack/react-router";
import { optionalPositiveInt, optionalString } from "../../lib/search";

/** The period /merchant/analytics opens with, as the server's default (docs/decisions/merchants.md). */
export const DEFAULT_ANALYTICS_DAYS: MerchantAnalyticsDays = 30;

/** ?days=7|30|90, forgiving: anything else is the default period (no zod here: see lib/search.ts). */
export const validateAnalyticsSearch = (raw: { days?: unknown } & SearchSchemaInput): { days: MerchantAnalyticsDays } => {
  const days = optionalPositiveInt(raw.days);
  return { days: MERCHANT_ANALYTICS_DAYS.find((d) => d === days) ?? DEFAULT_ANALYTICS_DAYS };
};

/** ?page&search of /merchant/customers, forgiving: absent (page 1, no search) when unusable, so the bare path stays bare. */
export const validateCustomersSearch = (raw: { page?: unknown; search?: unknown } & SearchSchemaInput): { page?: number; search?: string } => ({
  page: optionalPositiveInt(raw.page),
  search: optionalString(raw.search)?.trim() || undefined,
});
