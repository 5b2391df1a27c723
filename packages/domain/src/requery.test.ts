import { describe, expect, it } from "vitest";
import { REQUERY_FIRST_DELAY_MS, REQUERY_MAX_DELAY_MS, REQUERY_WINDOW_MS, nextRequery } from "./requery";

const start = new Date("2026-11-22T10:00:00Z");
const at = (ms: number) => new Date(start.getTime() + ms);

describe("nextRequery (docs/decisions.md)", () => {
  it("asks again after 30 s first, then backs off by doubling", () => {
    expect(nextRequery(start, 0, at(1_000))).toEqual({ action: "retry", delayMs: REQUERY_FIRST_DELAY_MS });
    expect(nextRequery(start, 1, at(31_000))).toEqual({ action: "retry", delayMs: 60_000 });
    expect(nextRequery(start, 3, at(300_000))).toEqual({ action: "retry", delayMs: 240_000 });
  });

  it("never waits longer than the cap, nor past the 24 h window", () => {
    expect(nextRequery(start, 20, at(60 * 60_000))).toEqual({ action: "retry", delayMs: REQUERY_MAX_DELAY_MS });
    expect(nextRequery(start, 20, at(REQUERY_WINDOW_MS - 5_000))).toEqual({ action: "retry", delayMs: 5_000 });
  });

  it("flags for an admin once 24 h have passed", () => {
    expect(nextRequery(start, 50, at(REQUERY_WINDOW_MS))).toEqual({ action: "flag" });
    expect(nextRequery(start, 0, at(REQUERY_WINDOW_MS + 1))).toEqual({ action: "flag" });
  });

  it("honours a shorter first delay (tests and demos)", () => {
    expect(nextRequery(start, 0, start, 0)).toEqual({ action: "retry", delayMs: 0 });
    expect(nextRequery(start, 2, start, 1_000)).toEqual({ action: "retry", delayMs: 4_000 });
  });
});
