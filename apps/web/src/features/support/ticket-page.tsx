import { getRouteApi } from "@tanstack/react-router";
import { SUPPORT_MESSAGES, TICKET_STATUSES, TICKET_STATUS_LABELS, type TicketStatus, formatDateTime, ticketReplySchema } from "@kolo/domain";
import { Alert, Badge, Button, Card, Divider, Group, Menu, Stack, Text, Textarea, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useRef } from "react";
import { BusyButton } from "../../components/busy-button";
import { PageHeader } from "../../components/page-header";
import { PageLoader } from "../../components/page-loader";
import { httpStatus } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { isOffline, notifyOffline } from "../../lib/offline";
import { useMe } from "../../lib/queries";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges";
import { ticketId } from "./ticket-search";

const route = getRouteApi("/_authed/support/$id");

type TicketDetail = RouterOutputs["supportTickets"]["byId"];

/**
 * Ticket detail (docs/product.md#support): the ticket, its conversation, the
 * reply box unless closed, and for admins the Update Status menu.
 */
export function TicketPage() {
  const id = ticketId(route.useParams().id);
  // A reply or a status change arrives through the live event stream (lib/live.tsx).
  const detail = trpc.supportTickets.byId.useQuery({ id }, { enabled: id > 0, retry: false });

  if (id > 0 && detail.isPending) return <PageLoader />;
  if (id === 0 || detail.isError || !detail.data) {
    const answered = detail.error ? httpStatus(detail.error) : undefined;
    const message =
      !answered || answered.status === 404 ? SUPPORT_MESSAGES.detailFailed : `Failed to fetch ticket: ${answered.status} ${answered.statusText}`.trim();
    return (
      <Stack gap="md">
        <PageHeader title="Ticket" back="/support" />
        <Alert color="red" title="Error" role="alert">
          {message}
        </Alert>
        {id > 0 ? (
          <Button variant="light" onClick={() => void detail.refetch()} loading={detail.isFetching}>
            Try Again
          </Button>
        ) : null}
      </Stack>
    );
  }
  return <TicketView detail={detail.data} />;
}

function TicketView({ detail }: { detail: TicketDetail }) {
  const me = useMe();
  const { ticket, replies } = detail;
  const closed = ticket.status === "closed";
  return (
    <Stack gap="md">
      <PageHeader title="Ticket Details" back="/support" right={me.role === "admin" ? <StatusMenu ticketId={ticket.id} current={ticket.status} /> : null} />
      <Card component="section" aria-labelledby="ticket-subject">
        <Stack gap="xs">
          <Title id="ticket-subject" order={2} size="h4" style={{ overflowWrap: "anywhere" }}>
            {ticket.subject || "No Subject"}
          </Title>
          <Text size="sm" c="dimmed">
            Ticket #{ticket.id}
          </Text>
          <Group gap={6}>
            <TicketPriorityBadge priority={ticket.priority} />
            <TicketStatusBadge status={ticket.status} />
          </Group>
          <Text size="xs" c="dimmed">
            Created: {formatDateTime(ticket.createdAt)}
            <br />
            Updated: {formatDateTime(ticket.updatedAt)}
          </Text>
          <Divider my={4} />
          <Text size="sm" fw={600}>
            {ticket.userName || "Unknown User"}{" "}
            <Text span size="sm" c="dimmed" fw={400}>
              ({ticket.userEmail || "Unknown"})
            </Text>
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {ticket.message}
          </Text>
        </Stack>
      </Card>

      <Card component="section" aria-labelledby="conversation-title">
        <Title id="conversation-title" order={2} size="h5" mb="sm">
          Conversation
        </Title>
        {replies.length === 0 ? (
          <Text size="sm" c="dimmed">
            {SUPPORT_MESSAGES.noReplies}
          </Text>
        ) : (
          <Stack component="ol" gap="sm" m={0} p={0} style={{ listStyle: "none" }} aria-live="polite" aria-label="Replies">
            {replies.map((reply) => (
              <li key={reply.id}>
                <Card padding="sm" radius="md" bg={reply.userRole === "admin" ? "kolo.0" : "gray.0"} withBorder={false}>
                  <Group gap={6} justify="space-between" wrap="nowrap">
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600}>
                        {reply.userName || "Unknown User"}
                      </Text>
                      {reply.userRole === "admin" && reply.userName !== SUPPORT_MESSAGES.staffName ? (
                        <Badge size="sm" color="kolo.9" variant="filled">
                          Staff
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {formatDateTime(reply.createdAt)}
                    </Text>
                  </Group>
                  <Text size="sm" mt={4} style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
                    {reply.message}
                  </Text>
                </Card>
              </li>
            ))}
          </Stack>
        )}
      </Card>

      {closed ? (
        <Alert color="gray" title="Ticket Closed" role="status">
          {SUPPORT_MESSAGES.ticketClosedAlert}
        </Alert>
      ) : (
        <ReplyBox ticketId={ticket.id} />
      )}
    </Stack>
  );
}

function ReplyBox({ ticketId }: { ticketId: number }) {
  const utils = trpc.useUtils();
  const reply = trpc.supportTickets.reply.useMutation();
  const inFlight = useRef(false);
  const form = useForm({ mode: "controlled", initialValues: { message: "" }, validate: schemaResolver(ticketReplySchema, { sync: true }) });
  const blank = form.values.message.trim() === "";

  const submit = form.onSubmit(async ({ message }) => {
    if (inFlight.current || reply.isPending) return;
    if (isOffline()) {
      notifyOffline();
      return;
    }
    inFlight.current = true;
    try {
      await reply.mutateAsync({ id: ticketId, message });
      notify({ title: SUPPORT_MESSAGES.replySent, message: SUPPORT_MESSAGES.replySentDescription });
      form.reset();
    } catch (error) {
      // Closed meanwhile, or another failure: the server's text when it answered.
      const answered = httpStatus(error);
      notifyError(SUPPORT_MESSAGES.replyFailed, answered && error instanceof Error ? error.message : "Please try again.");
    } finally {
      inFlight.current = false;
      await utils.supportTickets.byId.invalidate({ id: ticketId });
    }
  });

  return (
    <Card component="section" aria-labelledby="add-reply-title">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title id="add-reply-title" order={2} size="h5">
            Add Reply
          </Title>
          <Textarea label="Your reply" rows={4} {...form.getInputProps("message")} />
          <BusyButton type="submit" busy={reply.isPending} busyLabel="Sending..." disabled={blank}>
            Send Reply
          </BusyButton>
        </Stack>
      </form>
    </Card>
  );
}

/** Admins only (docs/product.md#support): Mark as Open, In Progress, Resolved or Closed. */
function StatusMenu({ ticketId, current }: { ticketId: number; current: TicketStatus }) {
  const utils = trpc.useUtils();
  const setStatus = trpc.supportTickets.setStatus.useMutation();

  const change = async (status: TicketStatus) => {
    if (setStatus.isPending) return;
    try {
      await setStatus.mutateAsync({ id: ticketId, status });
      notify({ title: SUPPORT_MESSAGES.statusUpdated, message: `Ticket status changed to ${status}` });
    } catch (error) {
      notifyError(SUPPORT_MESSAGES.statusUpdateFailed, httpStatus(error) && error instanceof Error ? error.message : "Please try again.");
    }
    // The ticket list is refreshed afterwards (docs/product.md#support), and this ticket.
    await Promise.all([utils.supportTickets.byId.invalidate({ id: ticketId }), utils.supportTickets.list.invalidate(), utils.supportTickets.mine.invalidate()]);
  };

  return (
    // Not in a portal: the menu stays inside the page's landmarks. No focus placeholder: a role-less
    // child of role="menu" (axe aria-required-children; mantinedev/mantine#8971).
    <Menu position="bottom-end" withinPortal={false} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="default" size="sm" mih={44} loading={setStatus.isPending}>
          Update Status
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {TICKET_STATUSES.map((status) => (
          <Menu.Item key={status} mih={44} aria-current={status === current ? "true" : undefined} onClick={() => void change(status)}>
            Mark as {TICKET_STATUS_LABELS[status]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
