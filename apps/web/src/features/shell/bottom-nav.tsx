import type { FeatureKey } from "@kolo/domain";
import { Box, Group, Paper, Text, UnstyledButton } from "@mantine/core";
import { Link, useLocation } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { IconHistory, IconHome, IconQrCode, IconStore, IconSupport, IconTransfer } from "../../components/icons";
import { type AppPath, linkTo } from "../../lib/paths";
import { useFeatures } from "../../lib/queries";

interface NavItem {
  label: string;
  to: AppPath;
  icon: ReactNode;
  feature?: FeatureKey;
  /** Pay: the highlighted centre item. */
  primary?: boolean;
  /** Also active on these paths (Home is / and /dashboard). */
  alsoActiveOn?: string[];
}

const ITEMS: NavItem[] = [
  { label: "Home", to: "/dashboard", icon: <IconHome />, alsoActiveOn: ["/"] },
  { label: "Transfer", to: "/transfer", icon: <IconTransfer />, feature: "feature_send_money" },
  { label: "Pay", to: "/pay", icon: <IconQrCode size={26} />, feature: "feature_scan_pay", primary: true },
  { label: "History", to: "/history", icon: <IconHistory /> },
  { label: "Merchant", to: "/merchant/dashboard", icon: <IconStore />, feature: "feature_merchant" },
  { label: "Support", to: "/support", icon: <IconSupport />, feature: "feature_support_tickets" },
];

/**
 * Bottom navigation fixed at the bottom of signed-in screens (docs/product.md#accounts-and-sessions): items whose switch is
 * off are hidden, never for admins. The current item carries aria-current="page".
 */
export function BottomNav() {
  const isEnabled = useFeatures();
  const items = ITEMS.filter((item) => !item.feature || isEnabled(item.feature));
  return (
    <Paper
      component="nav"
      aria-label="Main"
      shadow="md"
      radius={0}
      withBorder
      pos="fixed"
      bottom={0}
      left={0}
      right={0}
      style={{ zIndex: 100, paddingBottom: "env(safe-area-inset-bottom)" }}
    >
      <Group component="ul" gap={0} justify="space-around" wrap="nowrap" maw={560} mx="auto" m={0} p={0} style={{ listStyle: "none" }}>
        {items.map((item) => (
          <Box component="li" key={item.label} style={{ flex: 1 }}>
            <NavLink item={item} />
          </Box>
        ))}
      </Group>
    </Paper>
  );
}

function NavLink({ item }: { item: NavItem }) {
  const { pathname } = useLocation();
  const to: string = item.to;
  const active = pathname === to || pathname.startsWith(`${to}/`) || (item.alsoActiveOn ?? []).includes(pathname);
  return (
    <UnstyledButton
      component={Link}
      to={linkTo(item.to)}
      aria-current={active ? "page" : undefined}
      w="100%"
      h={64}
      c={active ? "kolo.8" : "gray.7"}
      fw={active ? 700 : 500}
      style={{ display: "flex", flexDirection: "column", alignItems: "center", justifyContent: "center", gap: 2 }}
    >
      {item.primary ? (
        <Box
          bg={active ? "kolo.9" : "kolo.8"}
          c="white"
          w={48}
          h={48}
          mt={-22}
          style={{
            borderRadius: "50%",
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            boxShadow: "var(--mantine-shadow-md)",
            border: "3px solid var(--mantine-color-white)",
          }}
        >
          {item.icon}
        </Box>
      ) : (
        item.icon
      )}
      <Text size="xs" fw="inherit" span>
        {item.label}
      </Text>
    </UnstyledButton>
  );
}
