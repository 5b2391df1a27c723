import { createFileRoute } from "@tanstack/react-router";

import { P2pTransferPage } from "../../../features/payments/p2p-transfer-page";
import { searchSchema } from "../../../features/payments/p2p-transfer-search";

export const Route = createFileRoute("/_authed/transfer/p2p")({
  validateSearch: searchSchema,
  component: P2pTransferPage,
});
