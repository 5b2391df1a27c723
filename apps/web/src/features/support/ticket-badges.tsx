import { TICKET_PRIORITY_LABELS, TICKET_STATUS_LABELS, type TicketPriority, type TicketStatus } from "@kolo/domain";
import { Badge } from "@mantine/core";

/** The ticket lists refresh on their own now and then, so a status an admin changed shows up. */
export const TICKETS_QUERY_OPTIONS = { staleTime: 5_000, refetchInterval: 30_000 } as const;

// Shade 9 of each colour: its text passes WCAG AA (4.5:1) on the badges' light and white backgrounds
// (yellow without a shade: the theme darkens light yellow text itself, theme.ts).
const STATUS_COLORS: Record<TicketStatus, string> = { open: "blue.9", "in-progress": "yellow", resolved: "kolo.9", closed: "gray.9" };
const PRIORITY_COLORS: Record<TicketPriority, string> = { low: "gray.9", normal: "blue.9", high: "grape.9", urgent: "red.9" };

/** A ticket's status badge (docs/product.md#support); the word is the label, the colour only repeats it. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" aria-label={`Status: ${TICKET_STATUS_LABELS[status]}`}>
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A ticket's priority badge (docs/product.md#support). */
export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  return (
    <Badge color={PRIORITY_COLORS[priority]} variant="outline" aria-label={`Priority: ${TICKET_PRIORITY_LABELS[priority]}`}>
      {TICKET_PRIORITY_LABELS[priority]}
    </Badge>
  );
}
