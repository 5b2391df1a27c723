import { getRouteApi } from "@tanstack/react-router";
import { ADMIN_USERS_PAGE_SIZE } from "@kolo/domain";
import { Avatar, Badge, Button, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { keepPreviousData } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { trpc } from "../../lib/trpc";
import { AdminTable } from "./admin-table";
import { StatusBadge, type AdminUser, useDebouncedSearch } from "./shared";
import { HistoryDialog } from "./history-dialog";
import { RoleDialog } from "./role-dialog";
import { StatusDialog } from "./status-dialog";
import { WalletDialog } from "./wallet-dialog";

const route = getRouteApi("/_authed/admin/users");

type Dialog = { kind: "credit" | "debit" | "status" | "history" | "role"; user: AdminUser } | null;

/**
 * Admin users (docs/product.md#admin-console): search debounced by 500 ms
 * (back to page 1), the table with the four actions, pagination, and the History, Credit/Debit
 * and Suspend/Activate dialogs. Page and search live in the URL, so a refresh keeps them.
 */
export function AdminUsersPage() {
  const { page, search } = route.useSearch();
  const navigate = useNavigate({ from: "/admin/users" });
  const [text, setText] = useDebouncedSearch(search, (next) => void navigate({ search: { page: 1, search: next }, replace: true }));
  const [dialog, setDialog] = useState<Dialog>(null);

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
      <AdminTable
        label="Users"
        minWidth={860}
        columns={[{ header: "Name" }, { header: "Email" }, { header: "Status" }, { header: "Verification" }, { header: "Actions" }]}
        rows={data?.users}
        rowKey={(user) => user.id}
        renderRow={(user) => <UserRow user={user} onAction={(kind) => setDialog({ kind, user })} />}
        empty="No users found"
        skeletonRows={5}
        fetching={users.isFetching}
        highlightOnHover
        error={users.isError ? { title: "Failed to fetch users", error: users.error, onRetry: () => void users.refetch() } : null}
        paging={
          data && {
            page,
            totalPages: data.totalPages,
            total: data.totalUsers,
            pageSize: ADMIN_USERS_PAGE_SIZE,
            noun: "users",
            onPage: (next) => void navigate({ search: { page: next, search } }),
          }
        }
      />
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
