import { lagosDayKey, statementQuerySchema } from "@kolo/domain";
import { Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";

const daysBefore = (days: number) => lagosDayKey(Date.now() - days * 86_400_000);

/**
 * 'Download Statement' (docs/product.md "Statements"): a period of up to 12 months (Lagos days) and
 * PDF or CSV; the file comes from GET /api/statements, streamed by the server, saved by the browser.
 * The period is checked here with the server's own schema first.
 */
export function StatementDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [from, setFrom] = useState(daysBefore(30));
  const [to, setTo] = useState(daysBefore(0));
  const [format, setFormat] = useState<"pdf" | "csv">("pdf");
  const checked = statementQuerySchema.safeParse({ from, to, format });
  const problems = checked.success ? {} : Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  const href = `/api/statements?${new URLSearchParams({ from, to, format }).toString()}`;
  return (
    <Modal opened={opened} onClose={onClose} title="Download Statement" centered closeButtonProps={{ "aria-label": "Close" }}>
      <Stack>
        <Text size="sm" c="dimmed">
          Every movement of your wallet in the period, with the opening and closing balances. Up to 12 months.
        </Text>
        <TextInput label="From" type="date" required value={from} max={to} onChange={(event) => setFrom(event.currentTarget.value)} error={problems.from} />
        <TextInput label="To" type="date" required value={to} max={daysBefore(0)} onChange={(event) => setTo(event.currentTarget.value)} error={problems.to} />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="statement-format">
            Format
          </Text>
          <SegmentedControl
            aria-labelledby="statement-format"
            value={format}
            onChange={(value) => setFormat(value === "csv" ? "csv" : "pdf")}
            data={[
              { value: "pdf", label: "PDF" },
              { value: "csv", label: "CSV" },
            ]}
          />
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          {checked.success ? (
            <Button component="a" href={href} download={`kolo-statement-${from}-to-${to}.${format}`} onClick={onClose}>
              Download
            </Button>
          ) : (
            <Button disabled>Download</Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
