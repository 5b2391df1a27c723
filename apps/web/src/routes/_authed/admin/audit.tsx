import { ADMIN_AUDIT_ACTIONS, ADMIN_AUDIT_ACTION_LABELS, type AdminAuditAction, formatDateTime } from "@kolo/domain";
import { Badge, Button, Card, Group, NumberInput, Select, SimpleGrid, Skeleton, Stack, Table, Text, Title } from "@mantine/core";
import { keepPreviousData } from "@tanstack/react-query";
import { type SearchSchemaInput, createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { trpc } from "../../../lib/trpc";
import { LoadError, PageButtons, ScrollTable } from "../../../features/admin/shared";
import { optionalOneOf, optionalPositiveInt } from "../../../lib/search";

const PAGE_SIZE = 50;

/** ?page&adminId&userId&action, forgiving: unusable values are dropped (no zod here: see lib/search.ts). */
const validateSearch = (raw: { page?: unknown; adminId?: unknown; userId?: unknown; action?: unknown } & SearchSchemaInput) => ({
  page: optionalPositiveInt(raw.page) ?? 1,
  adminId: optionalPositiveInt(raw.adminId),
  userId: optionalPositiveInt(raw.userId),
  action: optionalOneOf(raw.action, ADMIN_AUDIT_ACTIONS),
});

export const Route = createFileRoute("/_authed/admin/audit")({
  validateSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.trpc.admin.audit.list.prefetch({ ...deps, limit: PAGE_SIZE }),
  component: AdminAuditPage,
});

/** `{balance: 1000, description: 'x'}` as 'balance: 1000 · description: x'. */
function fields(values: Record<string, unknown> | null): string {
  if (!values) return "";
  return Object.entries(values)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join(" · ");
}

/**
 * The audit trail: every admin write with who, what, before/after and when,
 * newest first, filtered by admin, user and action (kept in the URL).
 */
function AdminAuditPage() {
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const audit = trpc.admin.audit.list.useQuery({ ...search, limit: PAGE_SIZE }, { placeholderData: keepPreviousData });
  const data = audit.data;
  const [userId, setUserId] = useState<string | number>(search.userId ?? "");
  useEffect(() => setUserId(search.userId ?? ""), [search.userId]);

  const filter = (patch: Partial<typeof search>) => void navigate({ search: { ...search, ...patch, page: 1 } });

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Audit Trail
      </Title>
      <Card
        component="form"
        aria-label="Filters"
        onSubmit={(event) => {
          event.preventDefault();
          filter({ userId: typeof userId === "number" && userId > 0 ? userId : undefined });
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm" style={{ alignItems: "end" }}>
          <Select
            label="Admin"
            placeholder="All admins"
            data={(data?.admins ?? []).map((a) => ({ value: String(a.id), label: `${a.name} (${a.email})` }))}
            value={search.adminId ? String(search.adminId) : null}
            onChange={(value) => filter({ adminId: value ? Number(value) : undefined })}
            clearable
            size="md"
          />
          <Select
            label="Action"
            placeholder="All actions"
            data={ADMIN_AUDIT_ACTIONS.map((a) => ({ value: a, label: ADMIN_AUDIT_ACTION_LABELS[a] }))}
            value={search.action ?? null}
            onChange={(value) => filter({ action: (value ?? undefined) as AdminAuditAction | undefined })}
            clearable
            size="md"
          />
          <NumberInput label="User ID" placeholder="Any user" value={userId} onChange={setUserId} min={1} allowDecimal={false} hideControls size="md" />
          <Group gap="xs">
            <Button type="submit" size="md">
              Apply
            </Button>
            <Button variant="default" size="md" onClick={() => void navigate({ search: { page: 1 } })}>
              Clear
            </Button>
          </Group>
        </SimpleGrid>
      </Card>
      {audit.isError && !data ? (
        <LoadError title="Failed to load the audit trail" error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <Card padding={0} aria-busy={audit.isFetching}>
          <ScrollTable label="Audit entries" minWidth={960}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">When</Table.Th>
                  <Table.Th scope="col">Admin</Table.Th>
                  <Table.Th scope="col">Action</Table.Th>
                  <Table.Th scope="col">User</Table.Th>
                  <Table.Th scope="col">Subject</Table.Th>
                  <Table.Th scope="col">Before</Table.Th>
                  <Table.Th scope="col">After</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {!data ? (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <Skeleton h={32} />
                    </Table.Td>
                  </Table.Tr>
                ) : data.entries.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <Text c="dimmed" ta="center" py="md">
                        No admin actions recorded
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  data.entries.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td>{formatDateTime(entry.createdAt)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {entry.adminName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {entry.adminEmail}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Badge variant="light">{ADMIN_AUDIT_ACTION_LABELS[entry.action as AdminAuditAction] ?? entry.action}</Badge>
                      </Table.Td>
                      <Table.Td>
                        {entry.userId === null ? (
                          "None"
                        ) : (
                          <>
                            <Text size="sm">{entry.userName ?? `User ${entry.userId}`}</Text>
                            <Text size="xs" c="dimmed">
                              {entry.userEmail}
                            </Text>
                          </>
                        )}
                      </Table.Td>
                      <Table.Td>{entry.subject}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{fields(entry.before)}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{fields(entry.after)}</Text>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Card>
      )}
      {data ? (
        <PageButtons
          page={search.page}
          totalPages={data.totalPages}
          total={data.total}
          pageSize={PAGE_SIZE}
          noun="entries"
          onPage={(page) => void navigate({ search: { ...search, page } })}
        />
      ) : null}
    </Stack>
  );
}
