import { createFileRoute } from "@tanstack/react-router";

import { CreateInvoicePage } from "../../../features/merchant/invoice-page";

export const Route = createFileRoute("/_authed/merchant/invoice")({
  component: CreateInvoicePage,
});
