import { createFileRoute } from "@tanstack/react-router";

import { VerifyCodePage } from "../features/receipts/verify-receipt-page";

export const Route = createFileRoute("/verify/$code")({
  component: VerifyCodePage,
});
