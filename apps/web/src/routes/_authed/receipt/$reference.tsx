import { createFileRoute } from "@tanstack/react-router";

import { ReceiptPage } from "../../../features/receipts/receipt-page";

export const Route = createFileRoute("/_authed/receipt/$reference")({
  component: ReceiptPage,
});
