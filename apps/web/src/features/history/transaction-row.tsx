import { FRAUD_MESSAGES, formatDateTime, isHeldForReview, isPurchaseType } from "@kolo/domain";
import { Badge, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { IconArrowDownLeft, IconArrowUpRight } from "../../components/icons";
import { type TransactionView, balanceEffect, capitalise, describe, isCredit, signedAmount } from "../../lib/transactions";

const STATUS_COLORS: Record<string, string> = {
  completed: "kolo",
  success: "kolo",
  pending: "yellow",
  processing: "blue",
  failed: "red",
  reversed: "gray",
};

/** The row is one link to its receipt, laid out like the row it replaces. */
const ROW_LINK_STYLE = {
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  gap: "var(--mantine-spacing-sm)",
  padding: "var(--mantine-spacing-xs) 0",
  color: "inherit",
  textDecoration: "none",
  borderRadius: 8,
} as const;

/** Amount colour by what happened: money in green, money out in the text colour, nothing moved muted. */
const AMOUNT_COLORS = { credit: "kolo.9", debit: "var(--mantine-color-text)", none: "dimmed" } as const;

/**
 * What happened to a purchase (airtime, data, electricity, cable TV), in words (every purchase ends delivered
 * or refunded, and the user sees which); undefined for other types.
 */
export function purchaseState(transaction: Pick<TransactionView, "type" | "status">): string | undefined {
  if (!isPurchaseType(transaction.type)) return undefined;
  if (transaction.status === "completed") return "Delivered";
  if (transaction.status === "failed" || transaction.status === "reversed") return "Refunded to your wallet";
  if (transaction.type === "cable") return "Processing with the cable TV provider";
  return transaction.type === "electricity" ? "Processing with the electricity company" : "Processing with the network";
}

/**
 * One transaction: description, time, status capitalised ('Under review' when fraud monitoring holds it), amount with '+' or '-' (docs/product.md#accounts-and-sessions),
 * unsigned and muted when no money moved (a pending or failed top-up), and the sender's narration
 * if any (its receipt shows it in full). The row opens its receipt,
 * /receipt/{reference} (docs/product.md "Receipts").
 */
export function TransactionRow({ transaction, userId }: { transaction: TransactionView; userId: number }) {
  const credit = isCredit(transaction, userId);
  const effect = balanceEffect(transaction, userId);
  return (
    <li>
      <Link to="/receipt/$reference" params={{ reference: transaction.reference }} style={ROW_LINK_STYLE}>
        <Group gap="sm" wrap="nowrap" miw={0}>
          <ThemeIcon variant="light" color={effect === "none" ? "gray" : credit ? "kolo" : "orange"} radius="xl" size="lg" aria-hidden="true">
            {credit ? <IconArrowDownLeft size={18} /> : <IconArrowUpRight size={18} />}
          </ThemeIcon>
          <Stack gap={0} miw={0}>
            <Text size="sm" fw={600}>
              {describe(transaction)}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(transaction.createdAt)}
            </Text>
            {"note" in transaction.metadata && transaction.metadata.note ? (
              <Text size="xs" c="dimmed" lineClamp={1} data-testid="transaction-narration">
                {transaction.metadata.note}
              </Text>
            ) : null}
            {purchaseState(transaction) ? (
              <Text size="xs" c={transaction.status === "failed" ? "red.9" : transaction.status === "pending" ? "dimmed" : "kolo.9"}>
                {purchaseState(transaction)}
              </Text>
            ) : null}
          </Stack>
        </Group>
        <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="sm" fw={effect === "none" ? 500 : 700} c={AMOUNT_COLORS[effect]}>
            {signedAmount(transaction, userId)}
          </Text>
          <Badge size="xs" variant="light" tt="none" color={STATUS_COLORS[transaction.status] ?? "gray"}>
            {isHeldForReview(transaction) ? FRAUD_MESSAGES.underReview : capitalise(transaction.status)}
          </Badge>
        </Stack>
      </Link>
    </li>
  );
}
