import { getRouteApi } from "@tanstack/react-router";
import { SUPPORT_MESSAGES, formatDateTime } from "@kolo/domain";
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { PageHeader } from "../../components/page-header";
import { httpStatus } from "../../lib/errors";
import { trpc } from "../../lib/trpc";
import { PageButtons } from "./shared";
import { TICKETS_QUERY_OPTIONS, TicketPriorityBadge, TicketStatusBadge } from "../support/ticket-badges";
import { QUEUE_PAGE_SIZE } from "./support-tickets-search";

const route = getRouteApi("/_authed/admin/support-tickets");

/**
 * Admin support tickets (docs/product.md#support): badges for total, open and
 * in-progress; the queue sorted by status then priority (by the server), 20 a page with the page
 * in the URL, each with 'View & Respond'.
 */
export function AdminSupportTicketsPage() {
  const { page } = route.useSearch();
  const navigate = route.useNavigate();
  const tickets = trpc.supportTickets.queue.useQuery({ page, limit: QUEUE_PAGE_SIZE }, TICKETS_QUERY_OPTIONS);
  const sorted = tickets.data?.tickets ?? [];
  const counts = tickets.data?.counts ?? { total: 0, open: 0, inProgress: 0 };

  return (
    <Stack gap="md">
      <PageHeader title="Support Tickets" back="/dashboard" />
      <Group gap="xs" aria-label="Ticket counts" role="group">
        <Badge color="gray.9" variant="light" size="lg">
          Total: {counts.total}
        </Badge>
        <Badge color="blue.9" variant="light" size="lg">
          Open: {counts.open}
        </Badge>
        <Badge color="yellow" variant="light" size="lg">
          In Progress: {counts.inProgress}
        </Badge>
      </Group>
      {tickets.isPending ? (
        <Text c="dimmed" role="status">
          Loading tickets...
        </Text>
      ) : tickets.isError ? (
        <Alert color="red" title="Error" role="alert">
          {(() => {
            const answered = httpStatus(tickets.error);
            return answered ? `Failed to fetch tickets: ${answered.status} ${answered.statusText}`.trim() : SUPPORT_MESSAGES.listFailed;
          })()}
        </Alert>
      ) : sorted.length === 0 ? (
        <Card>
          <Text c="dimmed" ta="center">
            {SUPPORT_MESSAGES.adminEmpty}
          </Text>
        </Card>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: "none" }} aria-label="Support tickets">
          {sorted.map((ticket) => (
            <li key={ticket.id}>
              <Card component="article" padding="md" aria-labelledby={`admin-ticket-${ticket.id}`}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Title id={`admin-ticket-${ticket.id}`} order={2} size="h5" style={{ overflowWrap: "anywhere" }}>
                      #{ticket.id} {ticket.subject || "No Subject"}
                    </Title>
                    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                      <TicketPriorityBadge priority={ticket.priority} />
                      <TicketStatusBadge status={ticket.status} />
                    </Group>
                  </Group>
                  <Text size="sm">
                    {ticket.userName || "Unknown User"}{" "}
                    <Text span size="sm" c="dimmed">
                      ({ticket.userEmail || "Unknown"})
                    </Text>
                  </Text>
                  <Text size="xs" c="dimmed">
                    Created: {formatDateTime(ticket.createdAt)}
                  </Text>
                  <Button
                    renderRoot={(props) => <Link {...props} to="/support/$id" params={{ id: String(ticket.id) }} />}
                    size="sm"
                    mih={44}
                    aria-label={`View & Respond: #${ticket.id} ${ticket.subject}`}
                    style={{ alignSelf: "flex-start" }}
                  >
                    View & Respond
                  </Button>
                </Stack>
              </Card>
            </li>
          ))}
        </Stack>
      )}
      {tickets.data && tickets.data.totalPages > 1 ? (
        <PageButtons
          page={page}
          totalPages={tickets.data.totalPages}
          total={tickets.data.total}
          pageSize={QUEUE_PAGE_SIZE}
          noun="tickets"
          onPage={(next) => void navigate({ search: { page: next } })}
        />
      ) : null}
    </Stack>
  );
}
