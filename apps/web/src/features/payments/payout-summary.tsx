import { formatKobo } from "@kolo/domain";
import { Card, Group, Stack, Text } from "@mantine/core";

interface PayoutSummaryProps {
  /** The region's accessible name, e.g. 'Withdrawal summary'. */
  label: string;
  amountKobo: bigint;
  feeKobo: bigint;
  /** The fee line's label, e.g. 'Fee (1%)'. */
  feeLabel?: string;
}

/** Amount, fee and total (amount + fee) of a payout (docs/product.md#banking-and-withdrawals). */
export function PayoutSummary({ label, amountKobo, feeKobo, feeLabel = "Fee (1%)" }: PayoutSummaryProps) {
  const rows = [
    { name: "Amount", value: formatKobo(amountKobo) },
    { name: feeLabel, value: formatKobo(feeKobo) },
  ];
  return (
    <Card component="section" aria-label={label} padding="sm" bg="gray.0" withBorder={false} aria-live="polite">
      <Stack gap={4}>
        {rows.map((row) => (
          <Group key={row.name} justify="space-between">
            <Text size="sm" c="dimmed">
              {row.name}
            </Text>
            <Text size="sm">{row.value}</Text>
          </Group>
        ))}
        <Group justify="space-between">
          <Text size="sm" fw={700}>
            Total
          </Text>
          <Text size="sm" fw={700}>
            {formatKobo(amountKobo + feeKobo)}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
