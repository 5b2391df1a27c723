import { formatNaira } from "@kolo/domain";
import { Box, Button, Card, Group, Skeleton, Text, Title, VisuallyHidden } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { trpc } from "../../../lib/trpc";
import { LoadError } from "../shared";

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

/** Transaction Overview: the last 14 days' completed volume, and Manage Transactions. */
export function TransactionOverview() {
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
