import { type ReceiptText, formatNaira, receiptLines } from "@kolo/domain";
import { Badge, Divider, Group, Stack, Text } from "@mantine/core";

/** What a receipt and its public check both show (naira). */
export type ReceiptFields = ReceiptText;

const STATUS_COLORS: Record<string, string> = { completed: "kolo", pending: "yellow", processing: "blue", failed: "red", reversed: "gray" };

/**
 * The receipt's lines as a description list (docs/product.md "Receipts"; receiptLines), the status
 * as a badge, and any `extra` lines.
 */
export function ReceiptDetails({ receipt, extra = [] }: { receipt: ReceiptFields; extra?: { label: string; value: string }[] }) {
  const lines = [...receiptLines(receipt), ...extra];
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fz={28} fw={800}>
          {formatNaira(receipt.amount)}
        </Text>
        <Badge variant="light" tt="none" color={STATUS_COLORS[receipt.status] ?? "gray"}>
          {receipt.status.charAt(0).toUpperCase() + receipt.status.slice(1)}
        </Badge>
      </Group>
      <Divider />
      <Stack gap={6} component="dl" m={0}>
        {lines.map((line) => (
          <Group key={line.label} justify="space-between" gap="md" wrap="nowrap" align="flex-start">
            <Text component="dt" size="sm" c="dimmed">
              {line.label}
            </Text>
            <Text component="dd" m={0} size="sm" fw={500} ta="right" style={{ overflowWrap: "anywhere" }}>
              {line.value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
