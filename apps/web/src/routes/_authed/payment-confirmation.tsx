import { createFileRoute } from "@tanstack/react-router";

import { PaymentConfirmationPage } from "../../features/payments/payment-confirmation-page";
import { searchSchema } from "../../features/payments/payment-confirmation-search";

export const Route = createFileRoute("/_authed/payment-confirmation")({
  validateSearch: searchSchema,
  component: PaymentConfirmationPage,
});
