import { formatNaira } from "@kolo/domain";
import { Card, SimpleGrid, Skeleton, Text } from "@mantine/core";
import { trpc } from "../../../lib/trpc";
import { LoadError } from "../shared";

/** The six figures of GET /api/admin/stats (docs/product.md#admin-console), each a skeleton until they load. */
export function Stats() {
  const stats = trpc.admin.stats.useQuery();
  if (stats.isError) return <LoadError title="Failed to load statistics" error={stats.error} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  const items = [
    { label: "Total Users", value: s?.totalUsers },
    { label: "Unverified Users", value: s?.level0Users },
    { label: "BVN Verified", value: s?.level1Users },
    { label: "Fully Verified", value: s?.level2Users },
    { label: "Active Merchants", value: s?.activeMerchants },
    { label: "Daily Transactions", value: s === undefined ? undefined : formatNaira(s.dailyTransactions) },
  ];
  return (
    <SimpleGrid component="section" aria-label="Statistics" cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {items.map((item) => (
        // The money figure takes a whole row on a phone: an amount is never cut (text.css).
        <Card key={item.label} padding="md" className={item.label === "Daily Transactions" ? "kolo-wide-on-phone" : undefined}>
          <Text size="sm" c="dimmed" component="h2" m={0} fw={500}>
            {item.label}
          </Text>
          {item.value === undefined ? (
            <Skeleton h={28} mt={6} />
          ) : (
            <Text fz={24} fw={700}>
              {item.value.toLocaleString("en-NG")}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
