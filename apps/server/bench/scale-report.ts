// bench:scale's report (docs/performance.md "bench:scale"): each operation's p50/p99 against its
// goal, as a plain-text table. Pure: no I/O. Benchmarks only.

/** A read's or a run's p99 at most `ms`; or a throughput of at least `min` per second. */
export type Goal = { kind: "p99"; ms: number } | { kind: "tps"; min: number };

export interface ReportRow {
  operation: string;
  /** Samples measured (0: not measured, see `note`). */
  n: number;
  /** Milliseconds. */
  p50: number;
  p99: number;
  /** null: reported without a goal. */
  goal: Goal | null;
  /** Per second, for a throughput goal. */
  tps?: number;
  /** Met the goal; undefined when there is no goal or nothing was measured. */
  pass?: boolean;
  note?: string;
}

/** Whether `row` meets its goal: undefined without a goal or without samples. */
export function judge(row: ReportRow): boolean | undefined {
  if (!row.goal || row.n === 0) return undefined;
  return row.goal.kind === "p99" ? row.p99 <= row.goal.ms : (row.tps ?? 0) >= row.goal.min;
}

const goalText = (goal: Goal | null) =>
  !goal ? "-" : goal.kind === "tps" ? `>= ${goal.min.toFixed(0)}/s` : goal.ms >= 10_000 ? `p99 <= ${goal.ms / 1000} s` : `p99 <= ${goal.ms} ms`;

/** The rows as an aligned table: operation, n, p50 ms, p99 ms, goal, pass/miss (and the note after it). */
export function formatReport(rows: ReportRow[]): string {
  const table = [
    ["operation", "n", "p50 ms", "p99 ms", "goal", "result"],
    ...rows.map((row) => [
      row.operation,
      String(row.n),
      row.n ? row.p50.toFixed(1) : "-",
      row.n ? row.p99.toFixed(1) : "-",
      goalText(row.goal),
      `${row.pass === undefined ? "-" : row.pass ? "pass" : "MISS"}${row.note ? `  ${row.note}` : ""}`,
    ]),
  ];
  const widths = table[0]!.map((_, column) => Math.max(...table.map((cells) => (column === 5 ? 0 : cells[column]!.length))));
  return table
    .map((cells) => cells.map((cell, column) => (column === 0 || column === 5 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  "))
    .map((line) => line.trimEnd())
    .join("\n");
}
