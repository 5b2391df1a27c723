import { createFileRoute } from "@tanstack/react-router";

import { PaymentConfirmationPage, searchSchema } from "../../features/payments/payment-confirmation-page";

export const Route = createFileRoute("/_authed/payment-confirmation")({
  validateSearch: searchSchema,
  component: PaymentConfirmationPage,
});
