import { createFileRoute } from "@tanstack/react-router";
import { WithdrawPage } from "../../features/payments/withdraw-page";
import { optionalString } from "../../lib/search";

/** /withdraw, or /withdraw?reference={reference} for the status of that withdrawal (docs/product.md#banking-and-withdrawals). */
export const Route = createFileRoute("/_authed/withdraw")({
  validateSearch: (search: Record<string, unknown>): { reference?: string } => ({ reference: optionalString(search.reference) }),
  component: WithdrawRoute,
});

function WithdrawRoute() {
  return <WithdrawPage reference={Route.useSearch().reference} />;
}
