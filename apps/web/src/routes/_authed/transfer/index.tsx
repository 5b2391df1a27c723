import { createFileRoute, redirect } from "@tanstack/react-router";
import { optionalPositiveInt, optionalPositiveNumber } from "../../../lib/search";
import { TransferChooser } from "../../../features/payments/transfer-page";

/** A scanned P2P code leads to /transfer?userId&amount (docs/product.md#qr-codes-and-p2p-transfers). */
const searchSchema = (search: Record<string, unknown>): { userId?: number; amount?: number } => ({
  userId: optionalPositiveInt(search.userId),
  amount: optionalPositiveNumber(search.amount),
});

/** Transfer chooser (docs/product.md#qr-codes-and-p2p-transfers); a scanned P2P code goes straight on to /transfer/p2p. */
export const Route = createFileRoute("/_authed/transfer/")({
  validateSearch: searchSchema,
  beforeLoad: ({ search }) => {
    if (search.userId !== undefined) throw redirect({ to: "/transfer/p2p", search, replace: true });
  },
  component: TransferChooser,
});
