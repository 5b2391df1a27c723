import { Box, Button, Group, Stack, Text } from "@mantine/core";
import { Link, useLocation } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { OfflineBalanceNotice } from "../../components/offline-balance-notice";
import { SideScroll } from "../../components/side-scroll";
import { useLogout, useMe } from "../../lib/queries";
import "./admin-desk.css";

/** The admin screens, in the navigation's order (docs/product.md#admin-console). */
export const ADMIN_SECTIONS = [
  { label: "Dashboard", to: "/admin/dashboard" },
  { label: "Users", to: "/admin/users" },
  { label: "Transactions", to: "/admin/transactions" },
  { label: "Reviews", to: "/admin/reviews" },
  { label: "Reconciliation", to: "/admin/reconciliation" },
  { label: "Support Tickets", to: "/admin/support-tickets" },
  { label: "Fraud Claims", to: "/admin/claims" },
  { label: "Settings", to: "/admin/settings" },
  { label: "Audit Trail", to: "/admin/audit" },
] as const;

/**
 * The admin console's own layout (docs/decisions.md "Admin console at a desk"): no consumer
 * bottom bar over the tables; a navigation named 'Admin' between the admin screens, with the
 * signed-in admin's name and e-mail and Sign out (POST /api/auth/logout, then /login). From 62em
 * (a desk) the navigation is a column on the left and the screen takes the rest of the width; on a
 * phone it is a bar above the screen whose sections scroll sideways, the current one in view.
 */
export function AdminDesk({ children }: { children: ReactNode }) {
  const me = useMe();
  const { logout, isPending } = useLogout();
  const { pathname } = useLocation();
  const current = ADMIN_SECTIONS.find((section) => pathname.startsWith(section.to))?.to;
  return (
    <div className="kolo-admin-desk">
      <Box component="nav" aria-label="Admin" className="kolo-admin-desk__side">
        <Text fw={800} size="lg" c="kolo.8" visibleFrom="md">
          Kolo Admin
        </Text>
        <SideScroll label="Admin sections" current={current ? `a[href="${current}"]` : undefined}>
          <ul className="kolo-admin-desk__sections">
            {ADMIN_SECTIONS.map((section) => {
              const active = section.to === current;
              return (
                <li key={section.to} style={{ flexShrink: 0 }}>
                  <Button
                    component={Link}
                    to={section.to}
                    variant={active ? "filled" : "subtle"}
                    color={active ? "kolo" : "gray.8"}
                    size="md"
                    aria-current={active ? "page" : undefined}
                    style={{ minHeight: 44 }}
                  >
                    {section.label}
                  </Button>
                </li>
              );
            })}
          </ul>
        </SideScroll>
        <Group className="kolo-admin-desk__account" justify="space-between" gap="xs" mt={{ base: "xs", md: 0 }} wrap="wrap" aria-label="Signed in" role="group">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={700} truncate="end">
              {me.name}
            </Text>
            <Text size="xs" c="gray.7" truncate="end">
              {me.email}
            </Text>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to="/dashboard" variant="default" size="md">
              Wallet
            </Button>
            <Button variant="default" size="md" loading={isPending} onClick={() => void logout()}>
              Sign out
            </Button>
          </Group>
        </Group>
      </Box>
      <Box component="main" className="kolo-admin-desk__main">
        <Stack gap="md" maw={1440}>
          <OfflineBalanceNotice />
          {children}
        </Stack>
      </Box>
    </div>
  );
}
