import { createFileRoute } from "@tanstack/react-router";
import { PublicLinkPage } from "../features/merchant/public-link-page";
import { optionalString } from "../lib/search";

/** A merchant's payment link (docs/product.md "Payment links"), signed in or not; ?reference= after the card checkout. */
export const Route = createFileRoute("/l/$slug")({
  validateSearch: (search: Record<string, unknown>): { reference?: string } => {
    const reference = optionalString(search.reference);
    return reference !== undefined && /^[A-Za-z0-9_-]{1,100}$/.test(reference) ? { reference } : {};
  },
  component: PublicLinkPage,
});
