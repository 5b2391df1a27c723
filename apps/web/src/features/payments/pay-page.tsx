import { FEATURE_DISABLED_MESSAGE, type FeatureKey } from "@kolo/domain";
import { Box, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { IconBank, IconBolt, IconPhone, IconScan, IconStore, IconTv, IconUser, IconWifi } from "../../components/icons";
import { PageHeader } from "../../components/page-header";
import { type AppPath, linkTo } from "../../lib/paths";
import { useFeatures } from "../../lib/queries";

interface Tile {
  label: string;
  to: AppPath;
  icon: ReactNode;
  /** The switches the target follows, all of which must be on (docs/product.md#accounts-and-sessions); none for screens without one. */
  features?: FeatureKey[];
}

/** docs/product.md#accounts-and-sessions. */
const PAYMENT_TILES: Tile[] = [
  // A bank transfer is a payout: it follows the withdrawal switch too (docs/decisions.md).
  { label: "Bank Transfer", to: "/transfer/bank", icon: <IconBank />, features: ["feature_send_money", "feature_withdraw"] },
  { label: "Scan QR", to: "/scan", icon: <IconScan />, features: ["feature_scan_pay"] },
  { label: "Pay a User", to: "/transfer/p2p", icon: <IconUser />, features: ["feature_send_money"] },
  { label: "Merchant Pay", to: "/merchant/pay", icon: <IconStore />, features: ["feature_scan_pay"] },
];
const BILL_TILES: Tile[] = [
  { label: "Airtime", to: "/airtime", icon: <IconPhone />, features: ["feature_airtime"] },
  { label: "Data", to: "/data", icon: <IconWifi />, features: ["feature_data"] },
  { label: "Electricity", to: "/utility/electricity", icon: <IconBolt />, features: ["feature_electricity"] },
  { label: "Cable TV", to: "/utility/cable", icon: <IconTv />, features: ["feature_cable"] },
];

/** Payment methods (docs/product.md#accounts-and-sessions): payment tiles and Bills Payment tiles; a switched-off tile is disabled with the hint. */
export function PayPage() {
  const isEnabled = useFeatures();
  return (
    <Stack gap="md">
      <PageHeader title="Pay" back="/dashboard" />
      <TileSection title="Payments" tiles={PAYMENT_TILES} isEnabled={isEnabled} />
      <TileSection title="Bills Payment" tiles={BILL_TILES} isEnabled={isEnabled} />
    </Stack>
  );
}

function TileSection({ title, tiles, isEnabled }: { title: string; tiles: Tile[]; isEnabled: (key: FeatureKey) => boolean }) {
  const id = `pay-${title.toLowerCase().replace(/\s+/g, "-")}`;
  return (
    <Box component="section" aria-labelledby={id}>
      <Title id={id} order={2} size="h5" mb="xs">
        {title}
      </Title>
      <SimpleGrid cols={2} spacing="sm">
        {tiles.map((tile) => (
          <PayTile key={tile.label} tile={tile} enabled={(tile.features ?? []).every((key) => isEnabled(key))} />
        ))}
      </SimpleGrid>
    </Box>
  );
}

function PayTile({ tile, enabled }: { tile: Tile; enabled: boolean }) {
  const hintId = `pay-${tile.label.toLowerCase().replace(/\s+/g, "-")}-disabled`;
  const body = (
    <Stack gap={6} align="center" p="sm">
      <ThemeIcon size={44} radius="md" variant="light" color={enabled ? "kolo" : "gray"} aria-hidden="true">
        {tile.icon}
      </ThemeIcon>
      <Text size="sm" fw={600} c={enabled ? undefined : "dimmed"}>
        {tile.label}
      </Text>
    </Stack>
  );
  if (enabled) {
    return (
      <UnstyledButton component={Link} to={linkTo(tile.to)} bg="var(--mantine-color-body)" bd="1px solid var(--mantine-color-gray-3)" bdrs="md">
        {body}
      </UnstyledButton>
    );
  }
  return (
    <Stack gap={2}>
      <UnstyledButton disabled aria-describedby={hintId} bd="1px solid var(--mantine-color-gray-3)" bdrs="md" w="100%">
        {body}
      </UnstyledButton>
      <Text id={hintId} size="xs" c="dimmed" ta="center">
        {FEATURE_DISABLED_MESSAGE}
      </Text>
    </Stack>
  );
}
