import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../-components/coming-soon";

/** Merchant Pay: named by spec 02 "/pay" without a screen; a 'coming soon' state (issue 9 item 7). */
export const Route = createFileRoute("/_authed/merchant/pay")({
  component: () => <ComingSoon title="Merchant Pay" />,
});
