import { createFileRoute } from "@tanstack/react-router";

import { MerchantQrPage } from "../../../features/merchant/qr-code-page";

export const Route = createFileRoute("/_authed/merchant/qr-code")({
  component: MerchantQrPage,
});
