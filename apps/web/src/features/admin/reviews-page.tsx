import { getRouteApi } from "@tanstack/react-router";
import { formatDateTime, formatNaira } from "@kolo/domain";
import { Badge, Button, Group, Modal, Radio, Stack, Table, Tabs, Text, Textarea, Title } from "@mantine/core";
import { keepPreviousData } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { AdminTable } from "./admin-table";
import { adminErrorMessage } from "./shared";
import { typeLabel } from "./type-label";
import { PAGE_SIZE } from "./reviews-search";

const route = getRouteApi("/_authed/admin/reviews");

const ACTIONS = [
  { value: "complete", label: "Complete: the provider delivered (asks it first)" },
  { value: "fail", label: "Fail: the provider did not (asks it first)" },
  { value: "credit", label: "Credit the user what the provider owes them" },
  { value: "dismiss", label: "Dismiss with a note" },
] as const;
/** A payment held by fraud monitoring (docs/product.md "Fraud controls"): released or rejected, nothing else. */
const FRAUD_ACTIONS = [
  { value: "release", label: "Release: the payment proceeds" },
  { value: "reject", label: "Reject: the money returns to the user" },
] as const;
type Action = (typeof ACTIONS)[number]["value"] | (typeof FRAUD_ACTIONS)[number]["value"];

const CAUSE_LABELS: Record<string, string> = {
  stuck: "No answer for 24 h",
  contradiction: "Provider contradicts Kolo",
  late_success: "Paid late",
  forced: "Forced by an admin",
  reconciliation: "Reconciliation",
  unmatched: "Matches no account number",
  fraud: "Fraud monitoring",
};
const KIND_LABELS: Record<string, string> = {
  topup: typeLabel("topup"),
  payout: "Payout",
  purchase: "Purchase",
  credit_unmatched: "Unmatched credit",
  fraud: "Held payment",
};
/** Fraud monitoring's rules, as their hit counts are labelled. */
const RULE_LABELS: Record<string, string> = {
  new_device_share: "New device, over half the balance",
  new_recipients: "Over 5 new recipients in an hour",
  above_median: "Over 5 × the 90-day median",
  after_reset: "Soon after a password or PIN reset",
};

/** How long ago, in whole minutes, hours or days. */
function age(createdAt: Date | string): string {
  const minutes = Math.max(0, Math.floor((Date.now() - new Date(createdAt).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / (24 * 60))} days`;
}

interface Pending {
  id: number;
  reference: string;
  kind: string;
}

/**
 * The review queue (docs/money-integrity.md "Review queue"): every record that needs a person,
 * open items newest first, with the money still held; each is resolved by Complete, Fail, Credit
 * (the server asks the provider first) or Dismiss, with a note; a payment held by fraud monitoring
 * by Release or Reject, and each fraud rule's hit count is shown above; resolved items under their own tab.
 */
export function AdminReviewsPage() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: "/admin/reviews" });
  const utils = trpc.useUtils();
  const reviews = trpc.admin.reviews.list.useQuery({ ...search, limit: PAGE_SIZE }, { placeholderData: keepPreviousData });
  const data = reviews.data;
  const [resolving, setResolving] = useState<Pending | null>(null);
  const [action, setAction] = useState<Action | null>(null);
  const [note, setNote] = useState("");
  const resolve = trpc.admin.reviews.resolve.useMutation({
    onSuccess: async (answer) => {
      if (answer.pending) notify({ title: "Awaiting Approval", message: answer.message });
      else notify({ title: answer.message, message: `${resolving?.reference ?? ""} resolved` });
      close();
      // A transaction the resolution moves comes with the event stream (admin.transaction); the queue itself does not.
      await Promise.all([utils.admin.reviews.list.invalidate(), utils.admin.reviews.integrity.invalidate()]);
    },
  });
  const close = () => {
    setResolving(null);
    setAction(null);
    setNote("");
    resolve.reset();
  };
  const open = search.status === "open";

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Review Queue
      </Title>
      <Tabs value={search.status} onChange={(value) => void navigate({ search: { status: value === "resolved" ? "resolved" : "open", page: 1 } })}>
        <Tabs.List>
          <Tabs.Tab value="open">Open</Tabs.Tab>
          <Tabs.Tab value="resolved">Resolved</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {data ? (
        <Group gap="xs" aria-label="Payments held by each fraud rule" data-testid="fraud-rule-hits">
          {Object.entries(RULE_LABELS).map(([rule, label]) => (
            <Badge key={rule} variant="light" color="gray" tt="none" size="lg">
              {label}: {data.ruleHits[rule] ?? 0}
            </Badge>
          ))}
        </Group>
      ) : null}
      <AdminTable
        label="Review items"
        minWidth={1100}
        columns={[
          { header: "Kind" },
          { header: "Reference" },
          { header: "User" },
          { header: "Amount" },
          { header: "Reason" },
          { header: "Provider's last answer" },
          { header: open ? "Age" : "Resolved" },
          { header: open ? "Still held" : "Resolution" },
          open ? { header: "Action" } : null,
        ]}
        rows={data?.items}
        rowKey={(item) => item.id}
        empty={open ? "Nothing needs a review" : "No resolved review items"}
        fetching={reviews.isFetching}
        error={reviews.isError ? { title: "Failed to load the review queue", error: reviews.error, onRetry: () => void reviews.refetch() } : null}
        paging={
          data && {
            page: search.page,
            totalPages: data.totalPages,
            total: data.total,
            pageSize: PAGE_SIZE,
            noun: "items",
            onPage: (page) => void navigate({ search: { ...search, page } }),
          }
        }
        renderRow={(item) => (
          <Table.Tr key={item.id}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {KIND_LABELS[item.kind] ?? item.kind}
              </Text>
              <Badge variant="light" color="orange" mt={4}>
                {CAUSE_LABELS[item.cause] ?? item.cause}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace" style={{ wordBreak: "break-all" }}>
                {item.reference}
              </Text>
            </Table.Td>
            <Table.Td>{item.userId === null ? "None" : (item.userName ?? `User ${item.userId}`)}</Table.Td>
            <Table.Td>{formatNaira(item.amount)}</Table.Td>
            <Table.Td>
              <Text size="sm">{item.reason}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{item.providerStatus ?? "None"}</Text>
            </Table.Td>
            <Table.Td>{open ? age(item.createdAt) : item.resolvedAt ? formatDateTime(item.resolvedAt) : ""}</Table.Td>
            <Table.Td>
              {open ? (
                formatNaira(item.heldAmount)
              ) : (
                <>
                  <Text size="sm" fw={600}>
                    {item.resolution}
                  </Text>
                  <Text size="xs">{item.note}</Text>
                </>
              )}
            </Table.Td>
            {open ? (
              <Table.Td>
                <Button
                  size="md"
                  variant="light"
                  onClick={() => setResolving({ id: item.id, reference: item.reference, kind: item.kind })}
                  aria-label={`Resolve ${item.reference}`}
                >
                  Resolve
                </Button>
              </Table.Td>
            ) : null}
          </Table.Tr>
        )}
      />
      <Modal opened={resolving !== null} onClose={close} title={`Resolve ${resolving?.reference ?? ""}`} centered closeButtonProps={{ "aria-label": "Close" }}>
        <Stack
          component="form"
          gap="sm"
          onSubmit={(event) => {
            event.preventDefault();
            if (!resolving || !action || resolve.isPending) return;
            resolve.mutate({ id: resolving.id, action, note });
          }}
        >
          <Radio.Group label="Resolution" value={action} onChange={(value) => setAction(value as Action)} withAsterisk>
            <Stack gap="xs" mt="xs">
              {(resolving?.kind === "fraud" ? FRAUD_ACTIONS : ACTIONS).map((a) => (
                <Radio.Card key={a.value} value={a.value} p="sm" radius="md" aria-label={a.label}>
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator aria-hidden="true" />
                    <Text size="sm">{a.label}</Text>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Note"
            description="Why: kept in the audit trail"
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            minLength={3}
            maxLength={500}
            required
            autosize
            minRows={2}
            size="md"
          />
          {resolve.isError ? (
            <Text c="red.9" size="sm" role="alert">
              {adminErrorMessage(resolve.error)}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" size="md" loading={resolve.isPending} disabled={!action || note.trim().length < 3}>
              Resolve
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
