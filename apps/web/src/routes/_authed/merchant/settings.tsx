import { createFileRoute } from "@tanstack/react-router";

import { MerchantSettingsPage } from "../../../features/merchant/merchant-settings-page";

export const Route = createFileRoute("/_authed/merchant/settings")({
  component: MerchantSettingsPage,
});
