import { INVOICE_TOKEN_PATTERN } from "@kolo/domain";
import { createFileRoute, redirect } from "@tanstack/react-router";

/**
 * An invoice's payment page by its link's token (/invoice/pay/{token}; docs/decisions.md
 * "Security, second round"): the payment confirmation for that invoice. A malformed token goes to
 * /dashboard as an unknown invoice would.
 */
export const Route = createFileRoute("/_authed/invoice/pay/$token")({
  beforeLoad: ({ params }) => {
    if (!INVOICE_TOKEN_PATTERN.test(params.token)) throw redirect({ to: "/dashboard", replace: true });
    throw redirect({ to: "/payment-confirmation", search: { invoiceToken: params.token }, replace: true });
  },
});
