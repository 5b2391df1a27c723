import {
  FEATURE_DISABLED_MESSAGE,
  SUPPORT_MESSAGES,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  type TicketPriority,
  createTicketSchema,
  formatDateTime,
} from "@kolo/domain";
import { Alert, Button, Card, Group, Modal, Select, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useDisclosure } from "@mantine/hooks";
import { Link } from "@tanstack/react-router";
import { useRef } from "react";
import { BusyButton } from "../../components/busy-button";
import { IconPlus } from "../../components/icons";
import { httpStatus } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { isOffline, notifyOffline } from "../../lib/offline";
import { useFeatures, useMe } from "../../lib/queries";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { ClaimsSection } from "./claims";
import { TICKETS_QUERY_OPTIONS, TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges";

type Ticket = RouterOutputs["supportTickets"]["mine"][number];

/**
 * Support list (docs/product.md#support): the user's tickets,
 * or every ticket for admins; New Ticket opens 'Create New Support Ticket'. With
 * feature_support_tickets off a non-admin sees why instead (the server refuses the calls too).
 */
export function SupportPage() {
  const me = useMe();
  const enabled = useFeatures()("feature_support_tickets");
  const isAdmin = me.role === "admin";
  const [opened, dialog] = useDisclosure(false);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Title order={1} size="h3">
            Support
          </Title>
          <Text c="dimmed" size="sm">
            {isAdmin ? "Manage and respond to support tickets" : "Get help with any issues you're experiencing"}
          </Text>
        </div>
        {enabled ? (
          <Button leftSection={<IconPlus size={18} />} onClick={dialog.open} style={{ flexShrink: 0 }}>
            New Ticket
          </Button>
        ) : null}
      </Group>
      <ClaimsSection />
      {enabled ? (
        <TicketList isAdmin={isAdmin} onCreate={dialog.open} />
      ) : (
        <Alert color="gray" title="Support">
          {FEATURE_DISABLED_MESSAGE}
        </Alert>
      )}
      <Modal opened={opened} onClose={dialog.close} title="Create New Support Ticket" closeButtonProps={{ "aria-label": "Close" }}>
        <NewTicketForm onDone={dialog.close} />
      </Modal>
    </Stack>
  );
}

function TicketList({ isAdmin, onCreate }: { isAdmin: boolean; onCreate: () => void }) {
  const all = trpc.supportTickets.list.useQuery(undefined, { ...TICKETS_QUERY_OPTIONS, enabled: isAdmin });
  const mine = trpc.supportTickets.mine.useQuery(undefined, { ...TICKETS_QUERY_OPTIONS, enabled: !isAdmin });
  const tickets = isAdmin ? all : mine;

  if (tickets.isPending) {
    return (
      <Text c="dimmed" role="status">
        Loading tickets...
      </Text>
    );
  }
  if (tickets.isError) {
    const answered = httpStatus(tickets.error);
    return (
      <Alert color="red" title="Error" role="alert">
        {answered ? `Failed to fetch tickets: ${answered.status} ${answered.statusText}`.trim() : SUPPORT_MESSAGES.listFailed}
      </Alert>
    );
  }
  // A non-array answer is treated as empty (docs/product.md#support).
  const list: Ticket[] = Array.isArray(tickets.data) ? tickets.data : [];
  if (list.length === 0) {
    return (
      <Card>
        <Stack align="center" ta="center" gap="sm">
          <Title order={2} size="h4">
            {SUPPORT_MESSAGES.noTickets}
          </Title>
          <Button variant="light" onClick={onCreate}>
            Create Your First Ticket
          </Button>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: "none" }} aria-label="Support tickets">
      {list.map((ticket) => (
        <li key={ticket.id}>
          <TicketCard ticket={ticket} />
        </li>
      ))}
    </Stack>
  );
}

/** Was the ticket changed after it was created (status or reply)? Then its updated date shows. */
const wasUpdated = (ticket: Pick<Ticket, "createdAt" | "updatedAt">) => new Date(ticket.updatedAt).getTime() !== new Date(ticket.createdAt).getTime();

function TicketCard({ ticket }: { ticket: Ticket }) {
  const titleId = `ticket-${ticket.id}-subject`;
  return (
    <Card component="article" aria-labelledby={titleId} padding="md">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title id={titleId} order={2} size="h5" style={{ overflowWrap: "anywhere" }}>
            {ticket.subject || "No Subject"}
          </Title>
          <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
            <TicketPriorityBadge priority={ticket.priority} />
            <TicketStatusBadge status={ticket.status} />
          </Group>
        </Group>
        <Text size="xs" c="dimmed">
          Created: {formatDateTime(ticket.createdAt)}
          {wasUpdated(ticket) ? ` · Updated: ${formatDateTime(ticket.updatedAt)}` : ""}
        </Text>
        <Text size="sm" lineClamp={2} style={{ whiteSpace: "pre-line" }}>
          {ticket.message}
        </Text>
        <Button
          renderRoot={(props) => <Link {...props} to="/support/$id" params={{ id: String(ticket.id) }} />}
          variant="light"
          size="sm"
          mih={44}
          aria-label={`View Details: ${ticket.subject}`}
          style={{ alignSelf: "flex-start" }}
        >
          View Details
        </Button>
      </Stack>
    </Card>
  );
}

interface TicketFormValues {
  subject: string;
  message: string;
  priority: TicketPriority;
}

/** The dialog's form: checks what the server checks (docs/product.md#support) before it sends anything. */
function NewTicketForm({ onDone }: { onDone: () => void }) {
  const utils = trpc.useUtils();
  const create = trpc.supportTickets.create.useMutation();
  const inFlight = useRef(false);
  const form = useForm<TicketFormValues>({
    mode: "controlled",
    initialValues: { subject: "", message: "", priority: "normal" },
    validate: schemaResolver(createTicketSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    if (inFlight.current || create.isPending) return;
    if (isOffline()) {
      notifyOffline();
      return;
    }
    inFlight.current = true;
    try {
      await create.mutateAsync(values);
      notify({ title: SUPPORT_MESSAGES.ticketCreated, message: SUPPORT_MESSAGES.ticketCreatedDescription });
      form.reset();
      onDone();
      await Promise.all([utils.supportTickets.mine.invalidate(), utils.supportTickets.list.invalidate()]);
    } catch (error) {
      const answered = httpStatus(error);
      notifyError(
        SUPPORT_MESSAGES.ticketCreateFailedTitle,
        answered ? `Failed to create ticket: ${answered.status}` : SUPPORT_MESSAGES.ticketCreateFailedGeneric,
      );
    } finally {
      inFlight.current = false;
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput label="Subject" required maxLength={100} autoComplete="off" {...form.getInputProps("subject")} />
        <Textarea label="Message" required rows={6} {...form.getInputProps("message")} />
        <Select
          label="Priority"
          data={TICKET_PRIORITIES.map((value) => ({ value, label: TICKET_PRIORITY_LABELS[value] }))}
          allowDeselect={false}
          size="md"
          // Inside the dialog, not a portal outside every landmark.
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps("priority")}
        />
        <BusyButton type="submit" fullWidth busy={create.isPending} busyLabel="Submitting...">
          Submit Ticket
        </BusyButton>
      </Stack>
    </form>
  );
}
