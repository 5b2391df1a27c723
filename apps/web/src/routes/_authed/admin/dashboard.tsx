import { formatDateTime, formatNaira } from "@kolo/domain";
import { Avatar, Badge, Box, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { Link, createFileRoute } from "@tanstack/react-router";
import { useState } from "react";
import { notify, notifyError } from "../../../lib/notify";
import { useMe } from "../../../lib/queries";
import { trpc } from "../../../lib/trpc";
import { LoadError, StatusBadge, adminErrorMessage } from "../../../features/admin/shared";

/** Recent Users shows the newest 5 (the spec's 'always No users found' is a defect we do not copy). */
const RECENT_USERS = 5;
/** The approvals card shows the newest pending requests, at most this many. */
const PENDING_SHOWN = 20;

export const Route = createFileRoute("/_authed/admin/dashboard")({
  loader: ({ context }) =>
    Promise.all([
      context.trpc.admin.stats.prefetch(),
      context.trpc.admin.volume.prefetch(),
      context.trpc.admin.users.list.prefetch({ page: 1, limit: RECENT_USERS, search: "" }),
      context.trpc.admin.reviews.integrity.prefetch(),
      context.trpc.admin.adjustments.list.prefetch({ status: "pending" }),
      context.trpc.admin.approvals.list.prefetch({ status: "pending", page: 1, limit: PENDING_SHOWN }),
    ]),
  component: AdminDashboardPage,
});

/**
 * Admin dashboard (docs/product.md#admin-console): the six stats of GET
 * /api/admin/stats, the verification level guide, Transaction Overview with the last 14 days'
 * completed volume, the newest users, System Settings and Feature Management.
 */
function AdminDashboardPage() {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Admin Dashboard
      </Title>
      <Stats />
      <MoneyIntegrity />
      <PendingApprovals />
      <LevelGuide />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <TransactionOverview />
        <RecentUsers />
      </SimpleGrid>
      <SystemSettings />
    </Stack>
  );
}

function Stats() {
  const stats = trpc.admin.stats.useQuery();
  if (stats.isError) return <LoadError title="Failed to load statistics" error={stats.error} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  const items = [
    { label: "Total Users", value: s?.totalUsers },
    { label: "Unverified Users", value: s?.level0Users },
    { label: "BVN Verified", value: s?.level1Users },
    { label: "Fully Verified", value: s?.level2Users },
    { label: "Active Merchants", value: s?.activeMerchants },
    { label: "Daily Transactions", value: s === undefined ? undefined : formatNaira(s.dailyTransactions) },
  ];
  return (
    <SimpleGrid component="section" aria-label="Statistics" cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
      {items.map((item) => (
        // The money figure takes a whole row on a phone: an amount is never cut (text.css).
        <Card key={item.label} padding="md" className={item.label === "Daily Transactions" ? "kolo-wide-on-phone" : undefined}>
          <Text size="sm" c="dimmed" component="h2" m={0} fw={500}>
            {item.label}
          </Text>
          {item.value === undefined ? (
            <Skeleton h={28} mt={6} />
          ) : (
            <Text fz={24} fw={700}>
              {item.value.toLocaleString("en-NG")}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}

/**
 * Money integrity (docs/money-integrity.md): how many records wait for a person, with the way to
 * them, and when the ledger was last verified and whether it held (docs/ledger-verification.md).
 */
function MoneyIntegrity() {
  const integrity = trpc.admin.reviews.integrity.useQuery();
  if (integrity.isError) return <LoadError title="Failed to load the review queue" error={integrity.error} onRetry={() => void integrity.refetch()} />;
  const open = integrity.data?.open;
  const ledger = integrity.data?.ledger;
  return (
    <Card component="section" aria-labelledby="integrity-title">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Box>
          <Title id="integrity-title" order={2} size="h4">
            Review Queue
          </Title>
          {open === undefined ? (
            <Skeleton h={20} mt={6} w={220} />
          ) : (
            <Text size="sm" mt={4}>
              {open === 0 ? "Nothing needs a review" : `${open.toLocaleString("en-NG")} open ${open === 1 ? "item needs" : "items need"} a review`}
            </Text>
          )}
          {integrity.data === undefined ? null : ledger === null || ledger === undefined ? (
            <Text size="sm" mt={4}>
              Ledger never verified
            </Text>
          ) : ledger.ok ? (
            <Text size="sm" mt={4}>
              Ledger verified {formatDateTime(ledger.verifiedAt)}: intact
            </Text>
          ) : (
            <Text size="sm" mt={4} c="red.9" fw={700}>
              Ledger check FAILED {formatDateTime(ledger.verifiedAt)}: {ledger.firstBroken ?? "see the verification"}
            </Text>
          )}
        </Box>
        <Button component={Link} to="/admin/reviews" size="md" variant={open ? "filled" : "default"}>
          Open Review Queue
        </Button>
      </Group>
    </Card>
  );
}

/** The approvals queue's kinds as the card names them. */
const KIND_LABELS: Record<string, string> = {
  adjustment: "Adjustment",
  setting: "Money setting",
  role: "Admin role",
  review_credit: "Review credit",
  forced_move: "Forced move",
};

/**
 * Approvals (docs/admin-security.md "Approvals"): every privileged act one admin asked for waits
 * here (large adjustments, money settings, admin grants, large review credits and forced moves)
 * until an admin other than its requester and its subject approves (it is carried out then) or
 * rejects it. The server refuses anyone else, and an admin of less than 24 hours.
 */
function PendingApprovals() {
  const me = useMe();
  const utils = trpc.useUtils();
  const list = trpc.admin.approvals.list.useQuery({ status: "pending", page: 1, limit: PENDING_SHOWN });
  const threshold = trpc.admin.adjustments.list.useQuery({ status: "pending" });
  const approve = trpc.admin.approvals.approve.useMutation();
  const reject = trpc.admin.approvals.reject.useMutation();
  const [busyId, setBusyId] = useState<number | null>(null);
  if (list.isError) return <LoadError title="Failed to load pending approvals" error={list.error} onRetry={() => void list.refetch()} />;
  const decide = async (id: number, decision: "approve" | "reject") => {
    if (busyId !== null) return;
    setBusyId(id);
    try {
      const result = decision === "approve" ? await approve.mutateAsync({ id }) : await reject.mutateAsync({ id });
      notify({ title: decision === "approve" ? "Approved" : "Rejected", message: result.message });
      await utils.admin.invalidate();
    } catch (caught) {
      notifyError("Not decided", adminErrorMessage(caught));
    } finally {
      setBusyId(null);
    }
  };
  const items = list.data?.items;
  return (
    <Card component="section" aria-labelledby="approvals-title">
      <Title id="approvals-title" order={2} size="h4">
        Awaiting Approval
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {threshold.data
          ? `A second admin approves credits of ${formatNaira(threshold.data.threshold)} or more (one admin's to one user over 24 hours), money settings and new admins.`
          : " "}
      </Text>
      {items === undefined ? (
        <Skeleton h={40} mt="sm" />
      ) : items.length === 0 ? (
        <Text size="sm" mt="sm">
          Nothing is waiting
        </Text>
      ) : (
        <Stack component="ul" gap="sm" mt="sm" p={0} style={{ listStyle: "none" }}>
          {items.map((a) => (
            <Group component="li" key={a.id} justify="space-between" wrap="wrap" gap="xs">
              <Box>
                <Group gap="xs">
                  <Badge variant="light" color="gray">
                    {KIND_LABELS[a.kind] ?? a.kind}
                  </Badge>
                  <Text size="sm" fw={600}>
                    {a.summary}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {a.subjectName ? `${a.subjectName} · ` : ""}by {a.requestedByName ?? `admin ${a.requestedBy}`} · {formatDateTime(a.createdAt)}
                </Text>
              </Box>
              {a.requestedBy === me.id || a.subjectUserId === me.id ? (
                <Text size="xs" c="dimmed">
                  Another admin must approve it
                </Text>
              ) : (
                <Group gap="xs">
                  <Button size="md" loading={busyId === a.id && approve.isPending} disabled={busyId !== null} onClick={() => void decide(a.id, "approve")}>
                    Approve
                  </Button>
                  <Button
                    size="md"
                    variant="default"
                    loading={busyId === a.id && reject.isPending}
                    disabled={busyId !== null}
                    onClick={() => void decide(a.id, "reject")}
                  >
                    Reject
                  </Button>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

const LEVELS = [
  { level: 0, title: "Level 0: Unverified", access: "Limited access", color: "gray" },
  { level: 1, title: "Level 1: BVN Verified", access: "Partial access", color: "blue" },
  { level: 2, title: "Level 2: Fully Verified", access: "Full access", color: "kolo" },
] as const;

function LevelGuide() {
  return (
    <Card component="section" aria-labelledby="level-guide-title">
      <Title id="level-guide-title" order={2} size="h4" mb="sm">
        Verification Levels
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {LEVELS.map((l) => (
          <Group key={l.level} gap="sm" wrap="nowrap">
            <Badge color={l.color} variant="light" size="lg">
              Level {l.level}
            </Badge>
            <Box>
              <Text fw={600} size="sm">
                {l.title}
              </Text>
              <Text size="sm" c="dimmed">
                {l.access}
              </Text>
            </Box>
          </Group>
        ))}
      </SimpleGrid>
    </Card>
  );
}

const dayLabel = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", timeZone: "UTC" });
const shortDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** Completed volume per Lagos day as SVG bars, with the figures in a table for screen readers. */
function VolumeChart({ days }: { days: { day: string; amount: number; count: number }[] }) {
  const width = 560;
  const height = 180;
  const bottom = 22;
  const max = Math.max(...days.map((d) => d.amount), 1);
  const slot = width / days.length;
  const total = days.reduce((sum, d) => sum + d.amount, 0);
  return (
    <Box>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        role="img"
        aria-label={`Completed volume over the last ${days.length} days: ${formatNaira(total)} in total`}
      >
        <line x1={0} x2={width} y1={height - bottom} y2={height - bottom} stroke="var(--mantine-color-gray-4)" />
        {days.map((d, i) => {
          const barHeight = ((height - bottom - 8) * d.amount) / max;
          return (
            <g key={d.day}>
              <rect
                x={i * slot + slot * 0.15}
                y={height - bottom - barHeight}
                width={slot * 0.7}
                height={Math.max(barHeight, d.amount > 0 ? 2 : 0)}
                rx={3}
                fill="var(--mantine-color-kolo-7)"
              >
                <title>{`${shortDay(d.day)}: ${formatNaira(d.amount)} (${d.count} transactions)`}</title>
              </rect>
              {i % 2 === days.length % 2 ? null : (
                <text x={i * slot + slot / 2} y={height - 6} textAnchor="middle" fontSize={11} fill="var(--mantine-color-gray-7)">
                  {shortDay(d.day)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <VisuallyHidden>
        <table>
          <caption>Completed transactions per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Volume</th>
              <th scope="col">Transactions</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{shortDay(d.day)}</td>
                <td>{formatNaira(d.amount)}</td>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}

function TransactionOverview() {
  const volume = trpc.admin.volume.useQuery();
  return (
    <Card component="section" aria-labelledby="overview-title">
      <Group justify="space-between" mb="sm">
        <Title id="overview-title" order={2} size="h4">
          Transaction Overview
        </Title>
        <Text size="sm" c="dimmed">
          Last 14 days
        </Text>
      </Group>
      {volume.isError ? (
        <LoadError title="Failed to load the overview" error={volume.error} onRetry={() => void volume.refetch()} />
      ) : volume.data ? (
        <VolumeChart days={volume.data} />
      ) : (
        <Skeleton h={180} />
      )}
      <Button component={Link} to="/admin/transactions" mt="md" size="md" fullWidth>
        Manage Transactions
      </Button>
    </Card>
  );
}

function RecentUsers() {
  const users = trpc.admin.users.list.useQuery({ page: 1, limit: RECENT_USERS, search: "" });
  return (
    <Card component="section" aria-labelledby="recent-users-title">
      <Group justify="space-between" mb="sm">
        <Title id="recent-users-title" order={2} size="h4">
          Recent Users
        </Title>
        <Button component={Link} to="/admin/users" variant="subtle" size="md">
          View All
        </Button>
      </Group>
      {users.isError ? (
        <LoadError title="Failed to fetch users" error={users.error} onRetry={() => void users.refetch()} />
      ) : !users.data ? (
        <Stack gap="xs">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={40} />
          ))}
        </Stack>
      ) : users.data.users.length === 0 ? (
        <Text c="dimmed">No users found</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: "none" }}>
          {users.data.users.map((user) => (
            <Group component="li" key={user.id} justify="space-between" gap="xs">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Avatar name={user.name} color="kolo" variant="filled" radius="xl" alt="" />
                <Box miw={0}>
                  <Text fw={600} size="sm" truncate title={user.name}>
                    {user.name}
                  </Text>
                  <Text size="sm" c="dimmed" truncate title={user.email}>
                    {user.email}
                  </Text>
                </Box>
              </Group>
              <Group gap={6} wrap="nowrap">
                <Badge variant="light" color="gray">
                  Level {user.verificationLevel}
                </Badge>
                <StatusBadge status={user.status} />
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}

const SETTINGS = [
  {
    title: "Transaction Fees",
    description: "Withdrawals and bank transfers: 1% of the amount, minimum ₦50, maximum ₦1,000. Transfers between users are free.",
  },
  { title: "Payment Gateway", description: "Card top-ups, bank payouts and BVN lookups through Paystack." },
  { title: "User Verification", description: "BVN (level 1), then a bank account in the user's name (level 2)." },
] as const;

function SystemSettings() {
  return (
    <Card component="section" aria-labelledby="system-settings-title">
      <Title id="system-settings-title" order={2} size="h4" mb="sm">
        System Settings
      </Title>
      <Stack gap="sm">
        {SETTINGS.map((setting) => (
          <Group key={setting.title} justify="space-between" wrap="nowrap" align="flex-start">
            <Box>
              <Text fw={600}>{setting.title}</Text>
              <Text size="sm" c="dimmed" id={`setting-${setting.title.replace(/\s/g, "-")}`}>
                {setting.description}
              </Text>
            </Box>
            <Button variant="default" size="md" disabled aria-describedby="settings-fixed-note">
              Edit
            </Button>
          </Group>
        ))}
        <Text id="settings-fixed-note" size="sm" c="dimmed">
          These settings are part of the server's configuration and cannot be edited here.
        </Text>
        <Group justify="space-between" wrap="nowrap">
          <Box>
            <Text fw={600}>Feature Management</Text>
            <Text size="sm" c="dimmed">
              Switch features on or off for all users.
            </Text>
          </Box>
          <Button component={Link} to="/admin/settings" size="md">
            Manage
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
