import { LINK_SLUG_PATTERN } from "@kolo/domain";
import { createFileRoute, redirect } from "@tanstack/react-router";

/**
 * Paying a payment link from the Kolo wallet (docs/product.md "Payment links"): the payment
 * confirmation for that link (review step and PIN). Signed-out payers sign in first and come back
 * here (lib/paths.ts). A malformed slug goes to /dashboard.
 */
export const Route = createFileRoute("/_authed/link/pay/$slug")({
  beforeLoad: ({ params }) => {
    if (!LINK_SLUG_PATTERN.test(params.slug)) throw redirect({ to: "/dashboard", replace: true });
    throw redirect({ to: "/payment-confirmation", search: { linkSlug: params.slug }, replace: true });
  },
});
