import { createFileRoute } from "@tanstack/react-router";

import { AdminReconciliationPage } from "../../../features/admin/reconciliation-page";

export const Route = createFileRoute("/_authed/admin/reconciliation")({
  loader: ({ context }) => context.trpc.admin.reconciliation.list.prefetch(),
  component: AdminReconciliationPage,
});
