import { MERCHANT_ANALYTICS_DAYS, MERCHANT_CHANNEL_LABELS, type MerchantAnalyticsDays, formatNaira } from "@kolo/domain";
import { Box, Button, Card, Group, Progress, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { getRouteApi, useNavigate } from "@tanstack/react-router";
import { unparse } from "papaparse";
import { Suspense, lazy } from "react";
import { IconDownload } from "../../components/icons";
import { PageHeader } from "../../components/page-header";
import { downloadTextFile } from "../../lib/download";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { MerchantLoadError, MerchantSection } from "./merchant-load-error";

const SalesChart = lazy(() => import("./sales-chart"));

type Analytics = RouterOutputs["merchants"]["analytics"];

const route = getRouteApi("/_authed/merchant/analytics");

/** Cached 60 s, as the merchant account (docs/product.md#merchants-and-invoices). */
const ANALYTICS_OPTIONS = { staleTime: 60_000, retry: false } as const;

/**
 * The CSV of a period: one row per Lagos day (Date, Payments, Sales (NGN)), then Total, and the
 * channels and refunds of the period; naira with 2 decimals. Names are not in it, so no text a
 * spreadsheet would run as a formula; papaparse escapes it anyway.
 */
export function analyticsCsv(analytics: Analytics): string {
  const rows = [
    ...analytics.daily.map((d) => [d.day, String(d.count), d.amount.toFixed(2)]),
    ["Total", String(analytics.paymentCount), analytics.totalSales.toFixed(2)],
    ...analytics.channels.map((c) => [`Channel: ${MERCHANT_CHANNEL_LABELS[c.channel]}`, String(c.count), c.amount.toFixed(2)]),
    ["Refunds", String(analytics.refunds.count), analytics.refunds.amount.toFixed(2)],
  ];
  return unparse({ fields: ["Date", "Payments", "Sales (NGN)"], data: rows }, { escapeFormulae: true });
}

/**
 * /merchant/analytics (docs/product.md#merchants-and-invoices "Analytics and customers"): for 7, 30
 * or 90 Lagos days, the sales per day as a chart, the number of payments, the average ticket, sales
 * by channel, refunds, and a CSV download. The chart's code loads after the figures.
 */
export function MerchantAnalyticsPage() {
  const { days } = route.useSearch();
  const navigate = useNavigate({ from: "/merchant/analytics" });
  const analytics = trpc.merchants.analytics.useQuery({ days }, { ...ANALYTICS_OPTIONS, placeholderData: (previous) => previous });
  const data = analytics.data;

  return (
    <Stack gap="md">
      <PageHeader title="Analytics" back="/merchant/dashboard" />
      <SegmentedControl
        fullWidth
        aria-label="Period"
        value={String(days)}
        onChange={(value) => void navigate({ search: { days: Number(value) as MerchantAnalyticsDays }, replace: true })}
        data={MERCHANT_ANALYTICS_DAYS.map((d) => ({ value: String(d), label: `${d} days` }))}
      />
      {analytics.isError && !data ? (
        <MerchantLoadError error={analytics.error} what="analytics" onRetry={() => void analytics.refetch()} />
      ) : !data ? (
        <Stack gap="sm" aria-busy="true">
          <Skeleton h={140} radius="md" />
          <Skeleton h={240} radius="md" />
          <Text size="sm" c="dimmed" ta="center">
            Loading analytics...
          </Text>
        </Stack>
      ) : (
        <Figures analytics={data} />
      )}
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card padding="sm">
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </Card>
  );
}

function Figures({ analytics }: { analytics: Analytics }) {
  const largest = Math.max(...analytics.channels.map((c) => c.amount), 0);
  return (
    <>
      <Box component="section" aria-labelledby="period-summary-title" aria-live="polite">
        <Title id="period-summary-title" order={2} size="h5" mb="xs">
          Last {analytics.days} days
        </Title>
        <SimpleGrid cols={2} spacing="sm">
          <Stat label="Total sales" value={formatNaira(analytics.totalSales)} />
          <Stat label="Payments" value={String(analytics.paymentCount)} />
          <Stat label="Average ticket" value={formatNaira(analytics.averageTicket)} />
          <Stat label="Refunds" value={`${formatNaira(analytics.refunds.amount)} (${analytics.refunds.count})`} />
        </SimpleGrid>
      </Box>
      <MerchantSection id="sales-per-day-title" title="Sales per day">
        <Box
          role="img"
          aria-label={`Sales per day from ${analytics.from} to ${analytics.to}: ${formatNaira(analytics.totalSales)} in ${analytics.paymentCount} payments`}
          data-testid="sales-chart"
        >
          <Suspense fallback={<Skeleton h={200} radius="md" />}>
            <SalesChart daily={analytics.daily} />
          </Suspense>
        </Box>
      </MerchantSection>
      <MerchantSection id="sales-by-channel-title" title="Sales by channel">
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: "none" }}>
          {analytics.channels.map((c) => (
            <li key={c.channel}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {MERCHANT_CHANNEL_LABELS[c.channel]}
                </Text>
                <Text size="sm">
                  {formatNaira(c.amount)} · {c.count} {c.count === 1 ? "payment" : "payments"}
                </Text>
              </Group>
              <Progress value={largest > 0 ? (c.amount / largest) * 100 : 0} size="sm" mt={4} aria-hidden="true" />
            </li>
          ))}
        </Stack>
      </MerchantSection>
      <Button
        variant="outline"
        leftSection={<IconDownload size={16} />}
        onClick={() => downloadTextFile(`kolo-sales-${analytics.from}-to-${analytics.to}.csv`, analyticsCsv(analytics))}
      >
        Download CSV
      </Button>
    </>
  );
}
