import { type PurchaseType } from "@kolo/domain";
import { type TransactionType } from "../../lib/transactions";
import { optionalOneOf } from "../../lib/search";

/** Filter tabs (docs/product.md#accounts-and-sessions); Transfer covers bank transfers and user-to-user transfers, Airtime covers every bill bought through VTpass (data bundles and electricity too). */
export const FILTERS = {
  all: { label: "All", types: null },
  topup: { label: "Top-up", types: ["topup"] },
  transfer: { label: "Transfer", types: ["transfer", "p2p"] },
  payment: { label: "Payment", types: ["payment"] },
  // PURCHASE_TYPES, written out: this table is in the first screen's JavaScript.
  airtime: { label: "Airtime", types: ["airtime", "data", "electricity", "cable"] satisfies readonly PurchaseType[] },
} as const satisfies Record<string, { label: string; types: readonly TransactionType[] | null }>;
export type Filter = keyof typeof FILTERS;
export const FILTER_KEYS = Object.keys(FILTERS) as Filter[];

export const searchSchema = (search: Record<string, unknown>): { filter?: Filter } => ({ filter: optionalOneOf(search.filter, FILTER_KEYS) });
