import { formatNaira } from "@kolo/domain";
import { Badge, Divider, Group, Stack, Text } from "@mantine/core";

/** What a receipt and its public check both show (naira). */
export interface ReceiptFields {
  reference: string;
  title: string;
  status: string;
  amount: number;
  fee: number;
  date: string;
  from: { name: string; account: string | null };
  to: { name: string; account: string | null };
}

const STATUS_COLORS: Record<string, string> = { completed: "kolo", pending: "yellow", processing: "blue", failed: "red", reversed: "gray" };

/**
 * The receipt's lines as a description list (docs/product.md "Receipts"): type, status, date (Lagos),
 * from and to with masked accounts, amount, fee, reference, and any `extra` lines.
 */
export function ReceiptDetails({ receipt, extra = [] }: { receipt: ReceiptFields; extra?: { label: string; value: string }[] }) {
  const party = (p: ReceiptFields["from"]) => (p.account ? `${p.name} · ${p.account}` : p.name);
  const lines = [
    { label: "Type", value: receipt.title },
    { label: "Date", value: `${receipt.date} (Lagos)` },
    { label: "From", value: party(receipt.from) },
    { label: "To", value: party(receipt.to) },
    { label: "Amount", value: formatNaira(receipt.amount) },
    { label: "Fee", value: formatNaira(receipt.fee) },
    { label: "Reference", value: receipt.reference },
    ...extra,
  ];
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
