import { getRouteApi } from "@tanstack/react-router";
import { ADMIN_MESSAGES, FORCE_REASON_MIN_LENGTH, ADMIN_TRANSACTIONS_PAGE_SIZE, ADMIN_TRANSACTION_TABS, formatDateTime, formatNaira } from "@kolo/domain";
import { Alert, Badge, Box, Button, Group, Modal, Stack, Table, Tabs, Text, TextInput, Textarea, Title } from "@mantine/core";
import { keepPreviousData } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { errorCode, errorDetails } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { AdminTable } from "./admin-table";
import { StatusBadge, adminErrorMessage, useDebouncedSearch } from "./shared";
import { typeLabel } from "./type-label";

const route = getRouteApi("/_authed/admin/transactions");

type AdminTransaction = RouterOutputs["admin"]["transactions"]["list"]["transactions"][number];

const TAB_LABELS = { all: "All", pending: "Pending", processing: "Processing", completed: "Completed", failed: "Failed" } as const;

/**
 * Admin transactions (docs/product.md#admin-console item
 * 4): tabs with counts, server pagination, Complete and Fail on pending or processing rows,
 * Refresh, refreshed every 30 s; a search by reference (debounced 500 ms, kept in the URL as
 * ?reference, filtered by the server; docs/decisions.md).
 */
export function AdminTransactionsPage() {
  const { status, page, reference } = route.useSearch();
  const navigate = useNavigate({ from: "/admin/transactions" });
  const [text, setText] = useDebouncedSearch(reference, (next) => void navigate({ search: { status, page: 1, reference: next }, replace: true }));
  const list = trpc.admin.transactions.list.useQuery(
    { status, page, limit: ADMIN_TRANSACTIONS_PAGE_SIZE, reference },
    // Transaction moves arrive through the live event stream (lib/live.tsx).
    { placeholderData: keepPreviousData },
  );
  const data = list.data;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={1} size="h2">
            Transactions
          </Title>
          {data ? (
            <Badge size="lg" variant="light" aria-label={`Total: ${data.counts.all} transactions`}>
              Total: {data.counts.all}
            </Badge>
          ) : null}
        </Group>
        <BusyButton variant="default" size="md" busy={list.isFetching} busyLabel="Refreshing..." onClick={() => void list.refetch()}>
          Refresh
        </BusyButton>
      </Group>
      <TextInput
        aria-label="Search by reference"
        placeholder="Search by reference..."
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={100}
        size="md"
        type="search"
      />
      <Tabs value={status} onChange={(value) => void navigate({ search: { status: (value ?? "all") as typeof status, page: 1, reference } })}>
        <Tabs.List>
          {ADMIN_TRANSACTION_TABS.map((tab) => (
            <Tabs.Tab key={tab} value={tab} mih={44}>
              {TAB_LABELS[tab]}
              {data ? ` (${data.counts[tab]})` : ""}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <AdminTable
        label="Transactions"
        minWidth={1000}
        columns={["ID", "User", "Type", "Amount", "Status", "Reference", "Date", "Actions"].map((header) => ({ header }))}
        rows={data?.transactions}
        rowKey={(tx) => tx.id}
        renderRow={(tx) => <TransactionRow tx={tx} />}
        empty={reference ? `No transactions with a reference containing '${reference}'` : "No transactions found"}
        skeletonRows={5}
        fetching={list.isFetching}
        highlightOnHover
        error={list.isError ? { title: "Failed to fetch transactions", error: list.error, onRetry: () => void list.refetch() } : null}
        paging={
          data && {
            page,
            totalPages: data.totalPages,
            total: data.total,
            pageSize: ADMIN_TRANSACTIONS_PAGE_SIZE,
            noun: "transactions",
            onPage: (next) => void navigate({ search: { status, page: next, reference } }),
          }
        }
      />
    </Stack>
  );
}

/** Sender and recipient, or 'User {id}', or 'System Transaction' (docs/product.md#admin-console). */
function Parties({ tx }: { tx: AdminTransaction }) {
  const parties = [
    { role: "From", info: tx.senderInfo, id: tx.senderId },
    { role: "To", info: tx.recipientInfo, id: tx.recipientId },
  ].filter((p) => p.info !== null || p.id !== null);
  if (parties.length === 0) return <Text size="sm">System Transaction</Text>;
  return (
    <Stack gap={2}>
      {parties.map((p) => (
        <Box key={p.role}>
          {p.info ? (
            <>
              <Text size="sm" fw={600}>
                {parties.length > 1 ? `${p.role}: ` : ""}
                {p.info.name}
              </Text>
              <Text size="xs" c="dimmed">
                {p.info.email}
              </Text>
            </>
          ) : (
            <Text size="sm">User {p.id}</Text>
          )}
        </Box>
      ))}
    </Stack>
  );
}

function TransactionRow({ tx }: { tx: AdminTransaction }) {
  const utils = trpc.useUtils();
  const mutation = trpc.admin.transactions.updateStatus.useMutation();
  const [acting, setActing] = useState<"completed" | "failed" | null>(null);
  // The provider disagreed (409 with its answer): the admin may force the move with a written reason.
  const [refused, setRefused] = useState<{ status: "completed" | "failed"; message: string } | null>(null);
  const movable = tx.status === "pending" || tx.status === "processing";

  const move = async (status: "completed" | "failed", force?: { reason: string }) => {
    if (mutation.isPending) return;
    setActing(status);
    try {
      const answer = await mutation.mutateAsync(force ? { id: tx.id, status, force: true, reason: force.reason } : { id: tx.id, status });
      // A large forced move waits for a second admin (docs/admin-security.md "Approvals").
      if (answer.pending) notify({ title: "Awaiting Approval", message: answer.message });
      else notify({ title: ADMIN_MESSAGES.statusUpdated, message: ADMIN_MESSAGES.statusUpdatedDescription });
      setRefused(null);
    } catch (caught) {
      const providerStatus = (errorDetails(caught) as { providerStatus?: unknown } | undefined)?.providerStatus;
      if (!force && errorCode(caught) === "CONFLICT" && typeof providerStatus === "string") setRefused({ status, message: adminErrorMessage(caught) });
      else notifyError("Failed to update status", adminErrorMessage(caught));
    } finally {
      setActing(null);
      // The list's new status comes with the event stream (admin.transaction, lib/live.tsx); the figures and the queue's counts do not.
      await Promise.all([utils.admin.stats.invalidate(), utils.admin.reviews.integrity.invalidate()]);
    }
  };

  return (
    <Table.Tr>
      <Table.Td>{tx.id}</Table.Td>
      <Table.Td>
        <Parties tx={tx} />
      </Table.Td>
      <Table.Td>{typeLabel(tx.type)}</Table.Td>
      <Table.Td>{formatNaira(tx.amount)}</Table.Td>
      <Table.Td>
        <StatusBadge status={tx.status} />
      </Table.Td>
      <Table.Td>
        <Text size="xs" ff="monospace" style={{ wordBreak: "break-all" }}>
          {tx.reference}
        </Text>
      </Table.Td>
      <Table.Td>{formatDateTime(tx.createdAt)}</Table.Td>
      <Table.Td>
        {movable ? (
          <Group gap={6} wrap="nowrap">
            <BusyButton
              size="md"
              busy={acting === "completed"}
              disabled={acting !== null}
              busyLabel="Completing..."
              aria-label={`Complete transaction ${tx.id}`}
              onClick={() => void move("completed")}
            >
              Complete
            </BusyButton>
            <BusyButton
              size="md"
              color="red"
              variant="light"
              busy={acting === "failed"}
              disabled={acting !== null}
              busyLabel="Failing..."
              aria-label={`Fail transaction ${tx.id}`}
              onClick={() => void move("failed")}
            >
              Fail
            </BusyButton>
          </Group>
        ) : null}
        {refused ? (
          <ForceDialog
            txId={tx.id}
            status={refused.status}
            message={refused.message}
            busy={acting !== null}
            onForce={(reason) => void move(refused.status, { reason })}
            onClose={() => setRefused(null)}
          />
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The provider's refusal of an admin's Complete or Fail, with the way to force the move: a written
 * reason of at least FORCE_REASON_MIN_LENGTH characters, kept in the audit trail; the forced move
 * also lands in the review queue (docs/money-integrity.md "Admin moves").
 */
function ForceDialog({
  txId,
  status,
  message,
  busy,
  onForce,
  onClose,
}: {
  txId: number;
  status: "completed" | "failed";
  message: string;
  busy: boolean;
  onForce: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const verb = status === "completed" ? "Complete" : "Fail";
  const enough = reason.trim().length >= FORCE_REASON_MIN_LENGTH;
  return (
    <Modal opened onClose={onClose} title={`${verb} transaction ${txId}?`} centered closeButtonProps={{ "aria-label": "Close" }}>
      <Stack
        component="form"
        gap="sm"
        onSubmit={(event) => {
          event.preventDefault();
          if (enough && !busy) onForce(reason.trim());
        }}
      >
        <Alert color="orange" title="The provider disagrees" role="alert">
          <Text size="sm">{message}</Text>
        </Alert>
        <Textarea
          label="Reason for forcing it"
          description={`At least ${FORCE_REASON_MIN_LENGTH} characters; kept in the audit trail and the review queue`}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          maxLength={500}
          required
          autosize
          minRows={2}
          size="md"
        />
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" size="md" loading={busy} disabled={!enough}>
            Force {verb}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
