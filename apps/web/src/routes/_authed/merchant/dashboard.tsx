import { createFileRoute } from "@tanstack/react-router";

import { MerchantDashboardPage } from "../../../features/merchant/merchant-dashboard-page";

export const Route = createFileRoute("/_authed/merchant/dashboard")({
  component: MerchantDashboardPage,
});
