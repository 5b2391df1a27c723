import { createFileRoute } from "@tanstack/react-router";

import { AdminAuditPage } from "../../../features/admin/audit-page";
import { PAGE_SIZE, validateSearch } from "../../../features/admin/audit-search";

export const Route = createFileRoute("/_authed/admin/audit")({
  validateSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.trpc.admin.audit.list.prefetch({ ...deps, limit: PAGE_SIZE }),
  component: AdminAuditPage,
});
