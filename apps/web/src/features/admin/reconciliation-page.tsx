import { formatDateTime, formatNaira, lagosDayKey } from "@kolo/domain";
import { Alert, Badge, Button, Card, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { unparse } from "papaparse";
import { useState } from "react";
import { notify, notifyError } from "../../lib/notify";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { AdminTable } from "./admin-table";
import { StatusBadge, adminErrorMessage } from "./shared";

type Run = RouterOutputs["admin"]["reconciliation"]["list"]["runs"][number];

/** Readable names of the exception classes (docs/money-integrity.md "Daily reconciliation"). */
const CLASS_LABELS: Record<string, string> = {
  provider_success_not_completed: "Paid at provider, not completed",
  completed_not_successful_at_provider: "Completed, not paid at provider",
  amount_differs: "Amount differs",
  pending_over_24h: "Pending over 24 h",
};

/** Text a spreadsheet would run as a formula (papaparse's escapeFormulae set). */
const csvOf = (rows: Record<string, unknown>[]) => unparse(rows, { escapeFormulae: true });

/** Yesterday in Lagos as YYYY-MM-DD: the day the nightly run covers (Lagos keeps UTC+1 all year, so 24 h back is the previous day). */
const lagosYesterday = () => lagosDayKey(Date.now() - 24 * 60 * 60 * 1000);

/** Saves `text` as a file named `name` (a CSV download). */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * Daily reconciliation (docs/money-integrity.md): the runs, newest first, with their matched
 * count, exceptions by class, the day's totals and the ledger verification; a CSV of each run's
 * exceptions; and a form to run any past day now, set to yesterday (Lagos) at first.
 */
export function AdminReconciliationPage() {
  const utils = trpc.useUtils();
  const runs = trpc.admin.reconciliation.list.useQuery();
  // The form starts on yesterday (Lagos), the last complete day; any earlier day can be picked.
  const [date, setDate] = useState(lagosYesterday);
  const run = trpc.admin.reconciliation.run.useMutation({
    onSuccess: async (answer) => {
      notify({
        title: "Reconciliation finished",
        message: `${answer.date}: ${answer.matched} matched, ${Object.values(answer.exceptions).reduce((a, b) => a + b, 0)} exceptions`,
      });
      await Promise.all([utils.admin.reconciliation.list.invalidate(), utils.admin.reviews.integrity.invalidate(), utils.admin.reviews.list.invalidate()]);
    },
    onError: (error) => notifyError("Reconciliation failed", adminErrorMessage(error)),
  });
  const [exporting, setExporting] = useState<number | null>(null);

  const exportRun = async (item: Run) => {
    setExporting(item.id);
    try {
      const detail = await utils.admin.reconciliation.byId.fetch({ id: item.id });
      const rows = detail.exceptionRows.map((row) => ({
        Class: CLASS_LABELS[row.class] ?? row.class,
        Kind: row.kind,
        Reference: row.reference,
        "Kolo amount (NGN)": row.koloAmount?.toFixed(2) ?? "",
        "Provider amount (NGN)": row.providerAmount?.toFixed(2) ?? "",
        "Kolo status": row.koloStatus ?? "",
        "Provider status": row.providerStatus ?? "",
        "Review item": row.reviewItemId ?? "",
      }));
      download(`kolo-reconciliation-${item.date}-run-${item.id}.csv`, csvOf(rows.length > 0 ? rows : [{ Class: "No exceptions", Kind: "", Reference: "" }]));
    } catch (error) {
      notifyError("Download failed", adminErrorMessage(error));
    } finally {
      setExporting(null);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Reconciliation
      </Title>
      <Card
        component="form"
        aria-label="Run a reconciliation"
        onSubmit={(event) => {
          event.preventDefault();
          if (date && !run.isPending) run.mutate({ date });
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label="Day (Lagos)"
            value={date}
            max={lagosDayKey(Date.now())}
            onChange={(event) => setDate(event.currentTarget.value)}
            required
            size="md"
          />
          <Button type="submit" size="md" loading={run.isPending} disabled={!date}>
            Run Reconciliation
          </Button>
        </Group>
        <Text size="sm" mt="xs">
          Runs every night at 00:30 for the day before; any past day can be run again (each exception enters the review queue once).
        </Text>
      </Card>
      <AdminTable
        label="Reconciliation runs"
        minWidth={1100}
        columns={["Day", "State", "Matched", "Exceptions", "Money in", "Money out", "Ledger", "Finished", "CSV"].map((header) => ({ header }))}
        rows={runs.data?.runs}
        rowKey={(item) => item.id}
        empty="No reconciliation has run yet"
        fetching={runs.isFetching}
        error={runs.isError ? { title: "Failed to load the reconciliation runs", error: runs.error, onRetry: () => void runs.refetch() } : null}
        renderRow={(item) => {
          const exceptions = Object.entries(item.exceptions).filter(([, n]) => n > 0);
          const t = item.totals;
          return (
            <Table.Tr key={item.id}>
              <Table.Td>{item.date}</Table.Td>
              <Table.Td>
                <StatusBadge status={item.state === "completed" ? "completed" : item.state === "failed" ? "failed" : "pending"} />
                {item.error ? (
                  <Text size="xs" c="red.9">
                    {item.error}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{item.matched}</Table.Td>
              <Table.Td>
                {exceptions.length === 0 ? (
                  "None"
                ) : (
                  <Stack gap={2}>
                    {exceptions.map(([name, n]) => (
                      <Text size="sm" key={name}>
                        {CLASS_LABELS[name] ?? name}: {n}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm">Kolo {formatNaira(t.moneyIn ?? 0)}</Text>
                <Text size="sm">Paystack {formatNaira(t.providerMoneyIn ?? 0)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">Payouts {formatNaira(t.payouts ?? 0)}</Text>
                <Text size="sm">Fees {formatNaira(t.payoutFees ?? 0)}</Text>
                <Text size="sm">Purchases {formatNaira(t.purchases ?? 0)}</Text>
                <Text size="sm">Paystack {formatNaira(t.providerPayouts ?? 0)}</Text>
              </Table.Td>
              <Table.Td>
                {item.ledger === null ? (
                  "Not checked"
                ) : item.ledger.ok ? (
                  <Badge color="kolo" variant="light">
                    Intact
                  </Badge>
                ) : (
                  <Alert color="red" p={6} title="Broken">
                    <Text size="xs">{item.ledger.firstBroken}</Text>
                  </Alert>
                )}
              </Table.Td>
              <Table.Td>{item.finishedAt ? formatDateTime(item.finishedAt) : "Running"}</Table.Td>
              <Table.Td>
                <Button
                  size="md"
                  variant="default"
                  loading={exporting === item.id}
                  onClick={() => void exportRun(item)}
                  aria-label={`Download CSV of run ${item.id} (${item.date})`}
                >
                  Download CSV
                </Button>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
    </Stack>
  );
}
