// bench:scale's pure parts (docs/performance.md "bench:scale"): the percentile, the goals judged,
// the table, and the subjects it picks from a database with nothing in it. Nothing here is timed.
import { useTestDatabase } from "@kolo/db/testing";
import { describe, expect, it } from "vitest";
import { percentile } from "../bench/kit";
import { type ReportRow, formatReport, judge } from "../bench/scale-report";
import { pickSubjects } from "../bench/scale-subjects";

const { t } = useTestDatabase();

describe("bench:scale", () => {
  it("takes the nearest-rank percentile of sorted samples, 0 of none", () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 50)).toBe(51);
    expect(percentile(samples, 99)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBe(0);
  });

  it("judges a p99 goal, a throughput goal, and nothing without a goal or samples", () => {
    const row = (over: Partial<ReportRow>): ReportRow => ({ operation: "x", n: 10, p50: 10, p99: 40, goal: { kind: "p99", ms: 50 }, ...over });
    expect(judge(row({}))).toBe(true);
    expect(judge(row({ p99: 50.1 }))).toBe(false);
    expect(judge(row({ goal: { kind: "tps", min: 90 }, tps: 95 }))).toBe(true);
    expect(judge(row({ goal: { kind: "tps", min: 90 }, tps: 80 }))).toBe(false);
    expect(judge(row({ goal: null }))).toBeUndefined();
    expect(judge(row({ n: 0 }))).toBeUndefined();
  });

  it("prints one aligned line per operation with its goal and result", () => {
    const rows: ReportRow[] = [
      { operation: "history: first page", n: 30, p50: 4.25, p99: 61, goal: { kind: "p99", ms: 50 }, pass: false },
      { operation: "reconciliation", n: 1, p50: 42_000, p99: 42_000, goal: { kind: "p99", ms: 60_000 }, pass: true, note: "100,000 records" },
      { operation: "history: page 50", n: 0, p50: 0, p99: 0, goal: { kind: "p99", ms: 50 }, note: "no page" },
    ];
    const lines = formatReport(rows).split("\n");
    expect(lines[0]).toMatch(/^operation\s+n\s+p50 ms\s+p99 ms\s+goal\s+result$/);
    expect(lines[1]).toMatch(/^history: first page\s+30\s+4\.3\s+61\.0\s+p99 <= 50 ms\s+MISS$/);
    expect(lines[2]).toMatch(/^reconciliation\s+1\s+42000\.0\s+42000\.0\s+p99 <= 60 s\s+pass {2}100,000 records$/);
    expect(lines[3]).toMatch(/^history: page 50\s+0\s+-\s+-\s+p99 <= 50 ms\s+- {2}no page$/);
  });

  it("picks no subject from an empty database", async () => {
    expect(await pickSubjects(t.client)).toEqual({
      users: 0,
      transactions: 0,
      busiest: null,
      receiptReference: null,
      historySearch: null,
      lastActiveDay: null,
      searchName: null,
      searchEmail: null,
      searchPhone: null,
      adminReference: null,
    });
  });
});
