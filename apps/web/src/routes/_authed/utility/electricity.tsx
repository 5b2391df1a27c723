import { createFileRoute } from "@tanstack/react-router";
import { ComingSoon } from "../-components/coming-soon";

/** Electricity: named by docs/product.md#accounts-and-sessions without a screen; a 'coming soon' state. */
export const Route = createFileRoute("/_authed/utility/electricity")({
  component: () => <ComingSoon title="Electricity" />,
});
