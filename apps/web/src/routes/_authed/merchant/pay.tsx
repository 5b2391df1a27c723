import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../../../features/merchant/coming-soon";

/** Merchant Pay: named by docs/product.md#merchants-and-invoices without a screen; a 'coming soon' state. */
export const Route = createFileRoute("/_authed/merchant/pay")({
  component: () => <ComingSoon title="Merchant Pay" />,
});
