// The sales-per-day chart of /merchant/analytics (@mantine/charts on recharts), in its own chunk:
// the analytics page loads it lazily, so neither the dashboard nor the page's first paint waits for
// recharts. Its styles are in styles/mantine-later.css.
import { formatNaira } from "@kolo/domain";
import { BarChart } from "@mantine/charts";

/** Day labels on the axis: '10 Mar' (the day is a Lagos calendar day already). */
const dayLabel = new Intl.DateTimeFormat("en-NG", { day: "numeric", month: "short", timeZone: "UTC" });
const shortDay = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));

/** Sales per Lagos day (naira), oldest first, as bars. */
export default function SalesChart({ daily }: { daily: readonly { day: string; amount: number; count: number }[] }) {
  const data = daily.map((d) => ({ day: shortDay(d.day), Sales: d.amount }));
  return (
    <BarChart
      h={200}
      data={data}
      dataKey="day"
      series={[{ name: "Sales", color: "kolo.6" }]}
      valueFormatter={formatNaira}
      withYAxis={false}
      gridAxis="none"
      tickLine="none"
      xAxisProps={{ interval: "preserveStartEnd", minTickGap: 16 }}
      barProps={{ radius: 2 }}
    />
  );
}
