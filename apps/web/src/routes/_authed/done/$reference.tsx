import { createFileRoute } from "@tanstack/react-router";
import { PaymentDonePage } from "../../../features/payments/payment-done-page";
import { optionalOneOf } from "../../../lib/search";

/** /done/{reference}: the screen a payment ends on (docs/product.md "Payment endings"); `?offer=beneficiary` after a transfer to a new account. */
export const Route = createFileRoute("/_authed/done/$reference")({
  validateSearch: (search: Record<string, unknown>): { offer?: "beneficiary" } => ({ offer: optionalOneOf(search.offer, ["beneficiary"] as const) }),
  component: PaymentDonePage,
});
