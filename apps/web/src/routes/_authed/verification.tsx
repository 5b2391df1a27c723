import { createFileRoute } from "@tanstack/react-router";

import { VerificationPage } from "../../features/identity/verification-page";

/** Account verification (docs/product.md#verification-and-limits); the session guard is the `_authed` layout's. */
export const Route = createFileRoute("/_authed/verification")({
  loader: ({ context }) => Promise.all([context.trpc.verification.status.prefetch(), context.trpc.verification.transactionLimit.prefetch()]),
  component: VerificationPage,
});
