import { createFileRoute } from "@tanstack/react-router";

import { PaymentLinksPage } from "../../../features/merchant/links-page";

export const Route = createFileRoute("/_authed/merchant/links")({
  component: PaymentLinksPage,
});
