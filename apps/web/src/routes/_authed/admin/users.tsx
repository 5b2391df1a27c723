import { ADMIN_MESSAGES, ADMIN_SEARCH_DEBOUNCE_MS, ADMIN_USERS_PAGE_SIZE, formatDateTime, formatNaira } from "@kolo/domain";
import { Avatar, Badge, Box, Button, Card, Group, Modal, NativeSelect, NumberInput, Skeleton, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData } from "@tanstack/react-query";
import { type SearchSchemaInput, createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { BusyButton } from "../../../components/busy-button";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { notify, notifyError } from "../../../lib/notify";
import { isOffline, notifyOffline } from "../../../lib/offline";
import { type RouterOutputs, trpc } from "../../../lib/trpc";
import { LoadError, PageButtons, ScrollTable, StatusBadge, TYPE_LABELS, adminErrorMessage } from "./-components/shared";
import { optionalPositiveInt, optionalString } from "../../../lib/search";

type AdminUser = RouterOutputs["admin"]["users"]["list"]["users"][number];

/** ?page&search, forgiving: anything unusable falls back to page 1 and no search (no zod here: see lib/search.ts). */
const validateSearch = (raw: { page?: unknown; search?: unknown } & SearchSchemaInput) => ({
  page: optionalPositiveInt(raw.page) ?? 1,
  search: optionalString(raw.search) ?? "",
});

export const Route = createFileRoute("/_authed/admin/users")({
  validateSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.trpc.admin.users.list.prefetch({ page: deps.page, limit: ADMIN_USERS_PAGE_SIZE, search: deps.search }),
  component: AdminUsersPage,
});

type Dialog = { kind: "credit" | "debit" | "status" | "history" | "role"; user: AdminUser } | null;

/**
 * Admin users (docs/product.md#admin-console): search debounced by 500 ms
 * (back to page 1), the table with the four actions, pagination, and the History, Credit/Debit
 * and Suspend/Activate dialogs. Page and search live in the URL, so a refresh keeps them.
 */
function AdminUsersPage() {
  const { page, search } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [text, setText] = useState(search);
  const [debounced] = useDebouncedValue(text, ADMIN_SEARCH_DEBOUNCE_MS);
  const [dialog, setDialog] = useState<Dialog>(null);

  useEffect(() => {
    if (debounced.trim() !== search) void navigate({ search: { page: 1, search: debounced.trim() }, replace: true });
  }, [debounced, search, navigate]);

  const users = trpc.admin.users.list.useQuery({ page, limit: ADMIN_USERS_PAGE_SIZE, search }, { placeholderData: keepPreviousData });
  const data = users.data;

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        User Management
      </Title>
      <TextInput
        aria-label="Search users"
        placeholder="Search users by name or email..."
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        size="md"
        type="search"
      />
      {users.isError && !data ? (
        <LoadError title="Failed to fetch users" error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <Card padding={0} aria-busy={users.isFetching}>
          <ScrollTable label="Users" minWidth={860}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Name</Table.Th>
                  <Table.Th scope="col">Email</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Verification</Table.Th>
                  <Table.Th scope="col">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!data ? (
                  Array.from({ length: 5 }, (_, i) => (
                    <Table.Tr key={i}>
                      <Table.Td colSpan={5}>
                        <Skeleton h={32} />
                      </Table.Td>
                    </Table.Tr>
                  ))
                ) : data.users.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" ta="center" py="md">
                        No users found
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  data.users.map((user) => <UserRow key={user.id} user={user} onAction={(kind) => setDialog({ kind, user })} />)
                )}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Card>
      )}
      {data ? (
        <PageButtons
          page={page}
          totalPages={data.totalPages}
          total={data.totalUsers}
          pageSize={ADMIN_USERS_PAGE_SIZE}
          noun="users"
          onPage={(next) => void navigate({ search: { page: next, search } })}
        />
      ) : null}
      <WalletDialog
        dialog={dialog?.kind === "credit" || dialog?.kind === "debit" ? { kind: dialog.kind, user: dialog.user } : null}
        onClose={() => setDialog(null)}
      />
      <StatusDialog user={dialog?.kind === "status" ? dialog.user : null} onClose={() => setDialog(null)} />
      <HistoryDialog user={dialog?.kind === "history" ? dialog.user : null} onClose={() => setDialog(null)} />
      <RoleDialog user={dialog?.kind === "role" ? dialog.user : null} onClose={() => setDialog(null)} />
    </Stack>
  );
}

function UserRow({ user, onAction }: { user: AdminUser; onAction: (kind: NonNullable<Dialog>["kind"]) => void }) {
  const active = user.status === "active";
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar name={user.name} color="kolo" variant="filled" radius="xl" alt="" />
          <Text fw={600} size="sm">
            {user.name}
          </Text>
        </Group>
      </Table.Td>
      <Table.Td>{user.email}</Table.Td>
      <Table.Td>
        <StatusBadge status={user.status} />
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color="gray">
          Level {user.verificationLevel}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Button size="md" variant="light" aria-label={`Credit ${user.name}`} onClick={() => onAction("credit")}>
            Credit
          </Button>
          <Button size="md" variant="light" color="orange" aria-label={`Debit ${user.name}`} onClick={() => onAction("debit")}>
            Debit
          </Button>
          <Button
            size="md"
            variant="light"
            color={active ? "red" : "kolo"}
            aria-label={`${active ? "Suspend" : "Activate"} ${user.name}`}
            onClick={() => onAction("status")}
          >
            {active ? "Suspend" : "Activate"}
          </Button>
          <Button size="md" variant="default" aria-label={`History of ${user.name}`} onClick={() => onAction("history")}>
            History
          </Button>
          <Button size="md" variant="default" aria-label={`Role of ${user.name}`} onClick={() => onAction("role")}>
            Role
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Credit/Debit (docs/product.md#admin-console): amount > 0 (step 0.01), optional description, the current balance. */
function WalletDialog({ dialog, onClose }: { dialog: { kind: "credit" | "debit"; user: AdminUser } | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const mutation = trpc.admin.users.wallet.useMutation();
  const [amount, setAmount] = useState<string | number>("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const opened = dialog !== null;

  useEffect(() => {
    if (!opened) return;
    setAmount("");
    setDescription("");
    setError(null);
    key.current = newIdempotencyKey();
  }, [opened]);

  const kind = dialog?.kind ?? "credit";
  const title = kind === "credit" ? "Credit Wallet" : "Debit Wallet";

  const submit = async () => {
    if (!dialog || mutation.isPending) return;
    const value = typeof amount === "number" ? amount : Number.parseFloat(amount);
    if (!Number.isFinite(value) || value <= 0) {
      setError(ADMIN_MESSAGES.amountPositive);
      return;
    }
    if (isOffline()) {
      notifyOffline();
      return;
    }
    try {
      const result = await mutation.mutateAsync({ userId: dialog.user.id, amount: value, description, type: kind, idempotencyKey: key.current });
      // At or above the approval threshold nothing moves yet: another admin approves it on the dashboard.
      if (result.pending) notify({ title: "Awaiting Approval", message: result.message });
      else
        notify({
          title: ADMIN_MESSAGES.walletUpdated,
          message: `${formatNaira(value)} ${kind === "credit" ? "credited to" : "debited from"} ${dialog.user.name}.`,
        });
      await Promise.all([utils.admin.users.invalidate(), utils.admin.stats.invalidate(), utils.admin.adjustments.invalidate()]);
      onClose();
    } catch (caught) {
      notifyError("Failed to update wallet", adminErrorMessage(caught));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ "aria-label": "Close" }}>
      {dialog ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text size="sm">
              {dialog.user.name} · {dialog.user.email}
            </Text>
            <Text size="sm">
              Current balance: <strong>{formatNaira(dialog.user.balance)}</strong>
            </Text>
            <NumberInput
              label="Amount (₦)"
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setError(null);
              }}
              min={0}
              step={0.01}
              decimalScale={2}
              thousandSeparator=","
              hideControls
              error={error}
              data-autofocus
              size="md"
            />
            <TextInput
              label="Description"
              placeholder={kind === "credit" ? ADMIN_MESSAGES.defaultCredit : ADMIN_MESSAGES.defaultDebit}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              maxLength={200}
              size="md"
            />
            <Group justify="flex-end">
              <Button variant="default" size="md" onClick={onClose}>
                Cancel
              </Button>
              <BusyButton type="submit" size="md" color={kind === "credit" ? undefined : "orange"} busy={mutation.isPending} busyLabel="Processing...">
                {title}
              </BusyButton>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}

/** Suspend/Activate confirmation (docs/product.md#admin-console); Activate also unlocks a locked account. */
function StatusDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const mutation = trpc.admin.users.status.useMutation();
  const suspending = user?.status === "active";
  const title = suspending ? "Suspend User" : "Activate User";

  const confirm = async () => {
    if (!user || mutation.isPending) return;
    try {
      await mutation.mutateAsync({ userId: user.id, status: suspending ? "suspended" : "active" });
      notify({ title: ADMIN_MESSAGES.userStatusUpdated, message: `${user.name} is now ${suspending ? "suspended" : "active"}.` });
      await utils.admin.users.invalidate();
      onClose();
    } catch (caught) {
      notifyError("Failed to update user status", adminErrorMessage(caught));
    }
  };

  return (
    <Modal opened={user !== null} onClose={onClose} title={title} centered closeButtonProps={{ "aria-label": "Close" }}>
      {user ? (
        <Stack>
          <Text>
            {suspending
              ? `Are you sure you want to suspend ${user.name}? The user will not be able to access their account or make any transactions.`
              : user.status === "locked"
                ? `Are you sure you want to activate ${user.name}? The account is locked after failed sign-ins; activating unlocks it and resets the failed sign-in count.`
                : `Are you sure you want to activate ${user.name}? The user will be able to access their account and transact again.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={onClose}>
              Cancel
            </Button>
            <BusyButton size="md" color={suspending ? "red" : "kolo"} busy={mutation.isPending} busyLabel="Updating..." onClick={() => void confirm()}>
              {suspending ? "Suspend" : "Activate"}
            </BusyButton>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

const ROLE_LABELS = { personal: "Personal", merchant: "Merchant", admin: "Admin" } as const;

/**
 * Grant or revoke the admin role (PATCH /api/admin/users/{id}/role; docs/admin-security.md): a new
 * admin sets up the second factor at their next sign-in. The server refuses one's own role.
 */
function RoleDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const mutation = trpc.admin.users.role.useMutation();
  const [role, setRole] = useState<keyof typeof ROLE_LABELS>("personal");
  useEffect(() => {
    if (user) setRole(user.role);
  }, [user]);

  const confirm = async () => {
    if (!user || mutation.isPending) return;
    try {
      await mutation.mutateAsync({ userId: user.id, role });
      notify({ title: ADMIN_MESSAGES.roleUpdated, message: `${user.name} is now ${ROLE_LABELS[role].toLowerCase()}.` });
      await utils.admin.users.invalidate();
      onClose();
    } catch (caught) {
      notifyError("Failed to update role", adminErrorMessage(caught));
    }
  };

  return (
    <Modal opened={user !== null} onClose={onClose} title="Change Role" centered closeButtonProps={{ "aria-label": "Close" }}>
      {user ? (
        <Stack>
          <NativeSelect
            label={`Role of ${user.name}`}
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as keyof typeof ROLE_LABELS)}
            data={Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label }))}
            size="md"
          />
          {role === "admin" && user.role !== "admin" ? (
            <Text size="sm">An admin can credit any wallet. {user.name} will set up a second factor at their next sign-in.</Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={onClose}>
              Cancel
            </Button>
            <BusyButton size="md" busy={mutation.isPending} busyLabel="Updating..." disabled={role === user.role} onClick={() => void confirm()}>
              Save Role
            </BusyButton>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** History (docs/product.md#admin-console): the user's transactions with date, type, amount, status and details. */
function HistoryDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const history = trpc.admin.users.transactions.useQuery({ userId: user?.id ?? 0 }, { enabled: user !== null });
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? `Transaction History: ${user.name}` : "Transaction History"}
      size="xl"
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      {history.isError ? (
        <LoadError title="Failed to fetch transactions" error={history.error} onRetry={() => void history.refetch()} />
      ) : !history.data ? (
        <Stack gap="xs" role="status" aria-label="Loading">
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : history.data.length === 0 ? (
        <Text c="dimmed">No transactions found</Text>
      ) : (
        <ScrollTable label="Transactions" minWidth={640}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((tx) => (
                <Table.Tr key={tx.id}>
                  <Table.Td>{formatDateTime(tx.createdAt)}</Table.Td>
                  <Table.Td>{TYPE_LABELS[tx.type] ?? tx.type}</Table.Td>
                  <Table.Td>{formatNaira(tx.amount)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={tx.status} />
                  </Table.Td>
                  <Table.Td>
                    <Box>
                      <Text size="sm">{tx.description}</Text>
                      {tx.metadata.phoneNumber ? (
                        <Text size="xs" c="dimmed">
                          Phone: {tx.metadata.phoneNumber}
                        </Text>
                      ) : null}
                      {tx.metadata.network ? (
                        <Text size="xs" c="dimmed">
                          Network: {tx.metadata.network}
                        </Text>
                      ) : null}
                      {tx.metadata.bankName ? (
                        <Text size="xs" c="dimmed">
                          Bank: {tx.metadata.bankName}
                        </Text>
                      ) : null}
                      {tx.metadata.accountNumber ? (
                        <Text size="xs" c="dimmed">
                          Account: ****{tx.metadata.accountNumber.slice(-4)}
                        </Text>
                      ) : null}
                    </Box>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Modal>
  );
}
