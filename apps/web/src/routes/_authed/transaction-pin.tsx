import { createFileRoute } from "@tanstack/react-router";

import { TransactionPinPage } from "../../features/account/transaction-pin-page";

export const Route = createFileRoute("/_authed/transaction-pin")({
  component: TransactionPinPage,
});
