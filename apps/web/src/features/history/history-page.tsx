import { getRouteApi } from "@tanstack/react-router";
import { formatDay, lagosDayKey } from "@kolo/domain";
import { Box, Button, Card, Group, Skeleton, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useMemo, useState } from "react";
import { IconDownload } from "../../components/icons";
import { PageHeader } from "../../components/page-header";
import { useMe, useTransactions } from "../../lib/queries";
import { type TransactionType, type TransactionView } from "../../lib/transactions";
import { downloadTextFile } from "../../lib/download";
import { transactionsCsv } from "./transactions-csv";
import { StatementDialog } from "./statement-dialog";
import { TransactionRow } from "./transaction-row";
import { FILTERS, type Filter, FILTER_KEYS, type HistorySearch } from "./history-search";
import { useDebouncedSearch } from "../../lib/debounced-search";

/** How long typing pauses before the search goes to the URL and the server, as the admin console's searches. */
const SEARCH_DEBOUNCE_MS = 500;

const route = getRouteApi("/_authed/history");

interface DayGroup {
  key: string;
  title: string;
  transactions: TransactionView[];
}

/** Transactions newest first, grouped by Lagos calendar day. */
function groupByDay(transactions: readonly TransactionView[]): DayGroup[] {
  const groups = new Map<string, DayGroup>();
  for (const transaction of transactions) {
    const key = lagosDayKey(transaction.createdAt);
    let group = groups.get(key);
    if (!group) {
      group = { key, title: formatDay(transaction.createdAt), transactions: [] };
      groups.set(key, group);
    }
    group.transactions.push(transaction);
  }
  return [...groups.values()];
}

/** Today's date in Lagos as YYYY-MM-DD, for the export's file name. */
const todayKey = () => lagosDayKey(new Date());

export function HistoryPage() {
  const me = useMe();
  const search = route.useSearch();
  const { filter = "all", q, from, to } = search;
  const navigate = useNavigate({ from: "/history" });
  /** Replaces parts of the URL's search, dropping empty ones and the default tab. */
  const setSearch = (patch: Partial<HistorySearch>) => {
    const next: HistorySearch = { ...search, ...patch };
    void navigate({
      search: {
        filter: next.filter === "all" ? undefined : next.filter,
        q: next.q || undefined,
        from: next.from || undefined,
        to: next.to || undefined,
      },
      replace: true,
    });
  };
  const [text, setText] = useDebouncedSearch(q ?? "", (next) => setSearch({ q: next }), SEARCH_DEBOUNCE_MS);
  const narrowed = Boolean(q || from || to);
  // Search and dates go to the server (GET /api/transactions?q&from&to); the tab is applied here, as before.
  const transactions = useTransactions({ q, from, to });
  const [statementOpen, setStatementOpen] = useState(false);

  const filtered = useMemo(() => {
    const types: readonly TransactionType[] | null = FILTERS[filter].types;
    const all = transactions.data ?? [];
    return types ? all.filter((t) => types.includes(t.type)) : all;
  }, [transactions.data, filter]);
  const groups = useMemo(() => groupByDay(filtered), [filtered]);

  const exportCsv = () => {
    downloadTextFile(`kolo-transactions-${todayKey()}.csv`, transactionsCsv(filtered, me.id));
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="History"
        back="/dashboard"
        right={
          <Button
            variant="light"
            size="xs"
            leftSection={<IconDownload size={16} />}
            onClick={exportCsv}
            disabled={filtered.length === 0}
            style={{ flexShrink: 0 }}
          >
            Export
          </Button>
        }
      />
      <Button variant="outline" leftSection={<IconDownload size={16} />} onClick={() => setStatementOpen(true)}>
        Download Statement
      </Button>
      <StatementDialog opened={statementOpen} onClose={() => setStatementOpen(false)} />
      <Tabs value={filter} onChange={(value) => setSearch({ filter: (value ?? "all") as Filter })} variant="pills" radius="xl">
        <Tabs.List justify="space-between" style={{ flexWrap: "nowrap", overflowX: "auto" }} aria-label="Filter transactions">
          {FILTER_KEYS.map((key) => (
            <Tabs.Tab key={key} value={key} px={8} fz={13} style={{ flexShrink: 0 }}>
              {FILTERS[key].label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <TextInput
        type="search"
        label="Search"
        placeholder="Name, description or reference"
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        maxLength={100}
      />
      <Group grow gap="sm" wrap="nowrap">
        <TextInput type="date" label="From" value={from ?? ""} max={to} onChange={(event) => setSearch({ from: event.currentTarget.value })} />
        <TextInput type="date" label="To" value={to ?? ""} min={from} onChange={(event) => setSearch({ to: event.currentTarget.value })} />
      </Group>

      <Box aria-live="polite" aria-busy={transactions.isPending}>
        {transactions.isPending ? (
          <Stack gap="sm">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} h={52} radius="md" />
            ))}
            <Text size="sm" c="dimmed" ta="center">
              Loading transactions...
            </Text>
          </Stack>
        ) : transactions.isError && !transactions.data ? (
          <Card>
            <Stack align="center" gap="xs">
              <Text c="dimmed">Could not load your transactions.</Text>
              <Button variant="light" onClick={() => void transactions.refetch()}>
                Retry
              </Button>
            </Stack>
          </Card>
        ) : groups.length === 0 ? (
          <Card>
            <Stack align="center" gap="xs" py="lg">
              <Text c="dimmed" ta="center">
                No transactions found
              </Text>
              {narrowed && (
                <>
                  <Text size="sm" c="dimmed" ta="center">
                    Nothing matches this search or these dates.
                  </Text>
                  <Button
                    variant="light"
                    onClick={() => {
                      setText("");
                      setSearch({ q: undefined, from: undefined, to: undefined });
                    }}
                  >
                    Clear search and dates
                  </Button>
                </>
              )}
            </Stack>
          </Card>
        ) : (
          <Stack gap="md">
            {groups.map((group) => (
              <Card key={group.key} padding="md" component="section" aria-labelledby={`day-${group.key}`}>
                <Title id={`day-${group.key}`} order={2} size="h6" c="dimmed" mb={4}>
                  {group.title}
                </Title>
                <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: "none" }}>
                  {group.transactions.map((transaction) => (
                    <TransactionRow key={transaction.id} transaction={transaction} userId={me.id} />
                  ))}
                </Stack>
              </Card>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
