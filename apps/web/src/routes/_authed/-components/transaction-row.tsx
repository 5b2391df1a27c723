import { formatDateTime } from "@kolo/domain";
import { Badge, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconArrowDownLeft, IconArrowUpRight } from "../../../components/icons";
import { type TransactionView, capitalise, describe, isCredit, signedAmount } from "../../../lib/transactions";

const STATUS_COLORS: Record<string, string> = {
  completed: "kolo",
  success: "kolo",
  pending: "yellow",
  processing: "blue",
  failed: "red",
  reversed: "gray",
};

/** One transaction: description, time, status capitalised, amount with '+' or '-' (spec 01 §3). */
export function TransactionRow({ transaction, userId }: { transaction: TransactionView; userId: number }) {
  const credit = isCredit(transaction, userId);
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" py="xs">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <ThemeIcon variant="light" color={credit ? "kolo" : "orange"} radius="xl" size="lg" aria-hidden="true">
          {credit ? <IconArrowDownLeft size={18} /> : <IconArrowUpRight size={18} />}
        </ThemeIcon>
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} truncate="end">
            {describe(transaction)}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(transaction.createdAt)}
          </Text>
        </Stack>
      </Group>
      <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
        <Text size="sm" fw={700} c={credit ? "kolo.9" : "var(--mantine-color-text)"}>
          {signedAmount(transaction, userId)}
        </Text>
        <Badge size="xs" variant="light" tt="none" color={STATUS_COLORS[transaction.status] ?? "gray"}>
          {capitalise(transaction.status)}
        </Badge>
      </Stack>
    </Group>
  );
}
