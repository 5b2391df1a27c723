import { redirect } from "@tanstack/react-router";
import { z } from "zod";

/**
 * Search of / and /dashboard. The card gateway sends the browser back with `reference` and
 * `trxref`; numeric-looking values arrive as numbers from the router's JSON search parser.
 */
export const dashboardSearchSchema = z.object({
  reference: z.coerce.string().optional(),
  trxref: z.coerce.string().optional(),
});

/** A return from the gateway goes to /payment-verification, dropping the query (spec 01 §2). */
export function redirectPaymentReturn(search: z.infer<typeof dashboardSearchSchema>): void {
  const reference = search.reference || search.trxref;
  if (reference) throw redirect({ to: "/payment-verification", search: { reference }, replace: true });
}
