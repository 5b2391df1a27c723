import { SimpleGrid, Stack, Title } from "@mantine/core";
import { LevelGuide } from "./level-guide";
import { MoneyIntegrity } from "./money-integrity";
import { PendingApprovals } from "./pending-approvals";
import { RecentUsers } from "./recent-users";
import { Stats } from "./stats";
import { SystemSettings } from "./system-settings";
import { TransactionOverview } from "./transaction-overview";

/**
 * Admin dashboard (docs/product.md#admin-console): the six stats of GET
 * /api/admin/stats, the review queue, the approvals waiting, the verification level guide,
 * Transaction Overview with the last 14 days' completed volume, the newest users, System Settings
 * and Feature Management. Each widget loads its own query and fails on its own.
 */
export function AdminDashboardPage() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Admin Dashboard
      </Title>
      <Stats />
      <MoneyIntegrity />
      <PendingApprovals />
      <LevelGuide />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TransactionOverview />
        <RecentUsers />
      </SimpleGrid>
      <SystemSettings />
    </Stack>
  );
}
