import { Outlet, createFileRoute, redirect } from "@tanstack/react-router";
import { AdminDesk } from "../../features/admin/admin-desk";

/**
 * The admin route group (docs/product.md#admin-console): a non-admin is
 * sent to /dashboard with the toast 'Access Denied' before any admin screen (or its queries) is
 * loaded; the server refuses every admin procedure to non-admins as well (adminProcedure).
 */
export const Route = createFileRoute("/_authed/admin")({
  beforeLoad: ({ context, location, preload }) => {
    if (context.me.role === "admin") return;
    // The toast's code loads on demand (first-screen budget); the redirect does not wait for it.
    if (!preload) void import("../../features/admin/admin-access-denied").then(({ notifyAdminAccessDenied }) => notifyAdminAccessDenied(location.pathname));
    throw redirect({ to: "/dashboard", replace: true });
  },
  component: AdminLayout,
});

/** The admin screens inside the console's own layout (features/admin/admin-desk.tsx). */
function AdminLayout() {
  return (
    <AdminDesk>
      <Outlet />
    </AdminDesk>
  );
}
