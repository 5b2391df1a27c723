import { type PurchaseType } from "@kolo/domain";
import { type TransactionType } from "../../lib/transactions";
import { optionalOneOf, optionalString } from "../../lib/search";

/**
 * Filter tabs (docs/product.md#accounts-and-sessions), as HISTORY_TABS in @kolo/domain (the server's
 * `tab`); Transfer covers bank transfers and user-to-user transfers, Airtime airtime and data
 * bundles, Bills (beside the spec's tabs) every bill bought through VTpass.
 */
export const FILTERS = {
  all: { label: "All", types: null },
  topup: { label: "Top-up", types: ["topup"] },
  transfer: { label: "Transfer", types: ["transfer", "p2p"] },
  payment: { label: "Payment", types: ["payment"] },
  // PURCHASE_TYPES, written out: this table is in the first screen's JavaScript.
  airtime: { label: "Airtime", types: ["airtime", "data"] satisfies readonly PurchaseType[] },
  bills: { label: "Bills", types: ["airtime", "data", "electricity", "cable"] satisfies readonly PurchaseType[] },
} as const satisfies Record<string, { label: string; types: readonly TransactionType[] | null }>;
export type Filter = keyof typeof FILTERS;
export const FILTER_KEYS = Object.keys(FILTERS) as Filter[];

/** A Lagos day as YYYY-MM-DD (the server checks it is a real date). */
const optionalDay = (value: unknown): string | undefined => {
  const text = optionalString(value);
  return text && /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined;
};

/** History's URL: the tab, the search text `q` and the Lagos days `from`/`to` (both included). */
export interface HistorySearch {
  filter?: Filter;
  q?: string;
  from?: string;
  to?: string;
}

export const searchSchema = (search: Record<string, unknown>): HistorySearch => ({
  filter: optionalOneOf(search.filter, FILTER_KEYS),
  q: optionalString(search.q)?.trim() || undefined,
  from: optionalDay(search.from),
  to: optionalDay(search.to),
});
