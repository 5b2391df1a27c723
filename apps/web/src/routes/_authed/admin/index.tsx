import { createFileRoute, redirect } from "@tanstack/react-router";

/** /admin opens the admin dashboard. */
export const Route = createFileRoute("/_authed/admin/")({
  beforeLoad: () => {
    throw redirect({ to: "/admin/dashboard", replace: true });
  },
});
