import { createFileRoute } from "@tanstack/react-router";

import { PaymentVerificationPage, searchSchema } from "../../features/wallet/payment-verification-page";

export const Route = createFileRoute("/_authed/payment-verification")({
  validateSearch: searchSchema,
  component: PaymentVerificationPage,
});
