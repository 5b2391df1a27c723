import { createFileRoute } from "@tanstack/react-router";

import { PayPage } from "../../features/payments/pay-page";

export const Route = createFileRoute("/_authed/pay")({
  component: PayPage,
});
