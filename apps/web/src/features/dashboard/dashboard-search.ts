import { redirect } from "@tanstack/react-router";
import { optionalString } from "../../lib/search";

/**
 * Search of / and /dashboard. The card gateway sends the browser back with `reference` and
 * `trxref`; numeric-looking values arrive as numbers from the router's JSON search parser.
 */
export function parseDashboardSearch(search: Record<string, unknown>): DashboardSearch {
  return { reference: optionalString(search.reference), trxref: optionalString(search.trxref) };
}

export interface DashboardSearch {
  reference?: string;
  trxref?: string;
}

/** A return from the gateway goes to /payment-verification, dropping the query (docs/product.md#accounts-and-sessions). */
export function redirectPaymentReturn(search: DashboardSearch): void {
  const reference = search.reference || search.trxref;
  if (reference) throw redirect({ to: "/payment-verification", search: { reference }, replace: true });
}
