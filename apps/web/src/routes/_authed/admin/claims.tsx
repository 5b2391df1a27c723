import { createFileRoute } from "@tanstack/react-router";

import { AdminClaimsPage } from "../../../features/admin/claims-page";

export const Route = createFileRoute("/_authed/admin/claims")({
  loader: ({ context }) => context.trpc.claims.adminList.prefetch(),
  component: AdminClaimsPage,
});
