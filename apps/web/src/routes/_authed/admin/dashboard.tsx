import { createFileRoute } from "@tanstack/react-router";
import { AdminDashboardPage } from "../../../features/admin/dashboard/admin-dashboard-page";
import { PENDING_SHOWN, RECENT_USERS } from "../../../features/admin/dashboard/limits";

/** The admin dashboard: every widget's query is started before the page draws. */
export const Route = createFileRoute("/_authed/admin/dashboard")({
  loader: ({ context }) =>
    Promise.all([
      context.trpc.admin.stats.prefetch(),
      context.trpc.admin.volume.prefetch(),
      context.trpc.admin.users.list.prefetch({ page: 1, limit: RECENT_USERS, search: "" }),
      context.trpc.admin.reviews.integrity.prefetch(),
      context.trpc.admin.adjustments.list.prefetch({ status: "pending" }),
      context.trpc.admin.approvals.list.prefetch({ status: "pending", page: 1, limit: PENDING_SHOWN }),
    ]),
  component: AdminDashboardPage,
});
