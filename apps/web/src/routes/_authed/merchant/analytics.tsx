import { createFileRoute } from "@tanstack/react-router";
import { MerchantAnalyticsPage } from "../../../features/merchant/analytics-page";
import { validateAnalyticsSearch } from "../../../features/merchant/merchant-search";

export const Route = createFileRoute("/_authed/merchant/analytics")({
  validateSearch: validateAnalyticsSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.trpc.merchants.analytics.prefetch({ days: deps.days }),
  component: MerchantAnalyticsPage,
});
