import { optionalString } from "../../lib/search";

/** Numeric-looking references arrive as numbers from the router's JSON search parser. */
export const searchSchema = (search: Record<string, unknown>): { reference?: string; trxref?: string } => ({
  reference: optionalString(search.reference),
  trxref: optionalString(search.trxref),
});
