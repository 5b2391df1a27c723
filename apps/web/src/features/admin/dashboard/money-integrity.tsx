import { formatDateTime } from "@kolo/domain";
import { Box, Button, Card, Group, Skeleton, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { trpc } from "../../../lib/trpc";
import { LoadError } from "../shared";

/**
 * Money integrity (docs/money-integrity.md): how many records wait for a person, with the way to
 * them, and when the ledger was last verified and whether it held (docs/ledger-verification.md).
 */
export function MoneyIntegrity() {
  const integrity = trpc.admin.reviews.integrity.useQuery();
  if (integrity.isError) return <LoadError title="Failed to load the review queue" error={integrity.error} onRetry={() => void integrity.refetch()} />;
  const open = integrity.data?.open;
  const ledger = integrity.data?.ledger;
  return (
    <Card component="section" aria-labelledby="integrity-title">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Box>
          <Title id="integrity-title" order={2} size="h4">
            Review Queue
          </Title>
          {open === undefined ? (
            <Skeleton h={20} mt={6} w={220} />
          ) : (
            <Text size="sm" mt={4}>
              {open === 0 ? "Nothing needs a review" : `${open.toLocaleString("en-NG")} open ${open === 1 ? "item needs" : "items need"} a review`}
            </Text>
          )}
          {integrity.data === undefined ? null : ledger === null || ledger === undefined ? (
            <Text size="sm" mt={4}>
              Ledger never verified
            </Text>
          ) : ledger.ok ? (
            <Text size="sm" mt={4}>
              Ledger verified {formatDateTime(ledger.verifiedAt)}: intact
            </Text>
          ) : (
            <Text size="sm" mt={4} c="red.9" fw={700}>
              Ledger check FAILED {formatDateTime(ledger.verifiedAt)}: {ledger.firstBroken ?? "see the verification"}
            </Text>
          )}
        </Box>
        <Button component={Link} to="/admin/reviews" size="md" variant={open ? "filled" : "default"}>
          Open Review Queue
        </Button>
      </Group>
    </Card>
  );
}
