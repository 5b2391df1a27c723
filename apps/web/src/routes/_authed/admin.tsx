import { Outlet, createFileRoute, redirect } from "@tanstack/react-router";
import { notifyError } from "../../lib/notify";

/** Spec 02 §5 "Admin pages": the toast a non-admin sees before going to /dashboard. */
export const ACCESS_DENIED = { title: "Access Denied", message: "You don't have permission to access the admin dashboard" } as const;

/**
 * Layout of every /admin screen (spec 02 §2, §5 "Admin pages", §6): a non-admin gets the
 * 'Access Denied' toast and goes to /dashboard before any admin query runs. The server refuses
 * every admin procedure to non-admins on its own (adminProcedure in packages/api/src/trpc.ts).
 */
export const Route = createFileRoute("/_authed/admin")({
  beforeLoad: ({ context }) => {
    if (context.me.role !== "admin") {
      notifyError(ACCESS_DENIED.title, ACCESS_DENIED.message);
      throw redirect({ to: "/dashboard", replace: true });
    }
  },
  component: Outlet,
});
