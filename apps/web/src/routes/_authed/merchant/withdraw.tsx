import { createFileRoute } from "@tanstack/react-router";

import { MerchantWithdrawPage } from "../../../features/merchant/merchant-withdraw-page";

export const Route = createFileRoute("/_authed/merchant/withdraw")({
  component: MerchantWithdrawPage,
});
