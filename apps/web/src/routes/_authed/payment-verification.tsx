import { createFileRoute } from "@tanstack/react-router";

import { PaymentVerificationPage } from "../../features/wallet/payment-verification-page";
import { searchSchema } from "../../features/wallet/payment-verification-search";

export const Route = createFileRoute("/_authed/payment-verification")({
  validateSearch: searchSchema,
  component: PaymentVerificationPage,
});
