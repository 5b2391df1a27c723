import { createFileRoute } from "@tanstack/react-router";

import { VerifyPage } from "../features/receipts/verify-receipt-page";

export const Route = createFileRoute("/verify/")({
  component: () => <VerifyPage />,
});
