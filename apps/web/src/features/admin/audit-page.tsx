import { getRouteApi } from "@tanstack/react-router";
import { ADMIN_AUDIT_ACTIONS, ADMIN_AUDIT_ACTION_LABELS, type AdminAuditAction, formatDateTime } from "@kolo/domain";
import { Badge, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { keepPreviousData } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { trpc } from "../../lib/trpc";
import { AdminTable } from "./admin-table";
import { auditFields } from "./audit-format";
import { PAGE_SIZE } from "./audit-search";

const route = getRouteApi("/_authed/admin/audit");

/** The filters' "no filter" option. */
const ALL = "all";

/** Before or after values, one 'Label: value' per line (auditFields: ₦ amounts, admins by name). */
function Fields({ values, subject, adminNames }: { values: Record<string, unknown> | null; subject: string; adminNames: ReadonlyMap<number, string> }) {
  return (
    <Stack gap={2}>
      {auditFields(values, subject, adminNames).map((line) => (
        <Text size="sm" key={line}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The audit trail: every admin write with who, what, before/after and when,
 * newest first, filtered by admin, user and action (kept in the URL); values as auditFields writes them.
 */
export function AdminAuditPage() {
  const search = route.useSearch();
  const navigate = useNavigate({ from: "/admin/audit" });
  const audit = trpc.admin.audit.list.useQuery({ ...search, limit: PAGE_SIZE }, { placeholderData: keepPreviousData });
  const data = audit.data;
  const adminNames = useMemo(() => new Map((data?.admins ?? []).map((a) => [a.id, a.name])), [data?.admins]);
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
            // 'All admins' is an option rather than a clear button (whose 28 px target is under 44 px).
            data={[{ value: ALL, label: "All admins" }, ...(data?.admins ?? []).map((a) => ({ value: String(a.id), label: `${a.name} (${a.email})` }))]}
            value={search.adminId ? String(search.adminId) : ALL}
            onChange={(value) => filter({ adminId: value && value !== ALL ? Number(value) : undefined })}
            allowDeselect={false}
            size="md"
          />
          <Select
            label="Action"
            data={[{ value: ALL, label: "All actions" }, ...ADMIN_AUDIT_ACTIONS.map((a) => ({ value: a, label: ADMIN_AUDIT_ACTION_LABELS[a] }))]}
            value={search.action ?? ALL}
            onChange={(value) => filter({ action: value && value !== ALL ? (value as AdminAuditAction) : undefined })}
            allowDeselect={false}
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
      <AdminTable
        label="Audit entries"
        minWidth={960}
        columns={[
          { header: "When", cell: (entry) => formatDateTime(entry.createdAt) },
          {
            header: "Admin",
            cell: (entry) => (
              <>
                <Text size="sm" fw={600}>
                  {entry.adminName}
                </Text>
                <Text size="xs" c="dimmed">
                  {entry.adminEmail}
                </Text>
              </>
            ),
          },
          { header: "Action", cell: (entry) => <Badge variant="light">{ADMIN_AUDIT_ACTION_LABELS[entry.action as AdminAuditAction] ?? entry.action}</Badge> },
          {
            header: "User",
            cell: (entry) =>
              entry.userId === null ? (
                "None"
              ) : (
                <>
                  <Text size="sm">{entry.userName ?? `User ${entry.userId}`}</Text>
                  <Text size="xs" c="dimmed">
                    {entry.userEmail}
                  </Text>
                </>
              ),
          },
          { header: "Subject", cell: (entry) => entry.subject },
          { header: "Before", cell: (entry) => <Fields values={entry.before} subject={entry.subject ?? ""} adminNames={adminNames} /> },
          { header: "After", cell: (entry) => <Fields values={entry.after} subject={entry.subject ?? ""} adminNames={adminNames} /> },
        ]}
        rows={data?.entries}
        rowKey={(entry) => entry.id}
        empty="No admin actions recorded"
        fetching={audit.isFetching}
        error={audit.isError ? { title: "Failed to load the audit trail", error: audit.error, onRetry: () => void audit.refetch() } : null}
        paging={
          data && {
            page: search.page,
            totalPages: data.totalPages,
            total: data.total,
            pageSize: PAGE_SIZE,
            noun: "entries",
            onPage: (page) => void navigate({ search: { ...search, page } }),
          }
        }
      />
    </Stack>
  );
}
