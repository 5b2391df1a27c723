import { Button, Group, Stack } from "@mantine/core";
import { SideScroll } from "../../components/side-scroll";
import { Link, Outlet, createFileRoute, redirect, useLocation } from "@tanstack/react-router";

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

const SECTIONS = [
  { label: "Dashboard", to: "/admin/dashboard" },
  { label: "Users", to: "/admin/users" },
  { label: "Transactions", to: "/admin/transactions" },
  { label: "Reviews", to: "/admin/reviews" },
  { label: "Reconciliation", to: "/admin/reconciliation" },
  { label: "Support Tickets", to: "/admin/support-tickets" },
  { label: "Settings", to: "/admin/settings" },
  { label: "Audit Trail", to: "/admin/audit" },
] as const;

function AdminLayout() {
  const { pathname } = useLocation();
  const currentSection = SECTIONS.find((section) => pathname.startsWith(section.to))?.to;
  return (
    <Stack gap="md">
      {/* One row that scrolls sideways on a phone (the current section in view), not four rows. */}
      <nav aria-label="Admin">
        <SideScroll label="Admin sections" current={currentSection ? `a[href="${currentSection}"]` : undefined}>
          <Group gap="xs" wrap="nowrap" pb={4}>
            {SECTIONS.map((section) => {
              const active = pathname.startsWith(section.to);
              return (
                <Button
                  key={section.to}
                  component={Link}
                  to={section.to}
                  variant={active ? "filled" : "default"}
                  size="md"
                  aria-current={active ? "page" : undefined}
                  style={{ flexShrink: 0, minHeight: 44 }}
                >
                  {section.label}
                </Button>
              );
            })}
          </Group>
        </SideScroll>
      </nav>
      <Outlet />
    </Stack>
  );
}
