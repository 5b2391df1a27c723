import { createFileRoute } from "@tanstack/react-router";
import { DashboardScreen } from "../../features/dashboard/dashboard-screen";
import { parseDashboardSearch, redirectPaymentReturn } from "../../features/dashboard/dashboard-search";

/** Home (docs/product.md#accounts-and-sessions): / and /dashboard show the same screen. */
export const Route = createFileRoute("/_authed/")({
  validateSearch: parseDashboardSearch,
  beforeLoad: ({ search }) => redirectPaymentReturn(search),
  loader: ({ context }) => context.trpc.transactions.list.prefetch(),
  component: DashboardScreen,
});
