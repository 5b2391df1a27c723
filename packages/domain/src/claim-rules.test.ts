import { describe, expect, it } from "vitest";
import { CLAIM_WINDOW_MS, claimDeadlines, isWorkingDay, withinClaimWindow, workingDaysAfter } from "./claim-rules";

describe("the working days of a claim's decision deadline", () => {
  it("counts Monday to Friday after the report's Lagos day, to the end of the 14th", () => {
    // Friday 27 November 2026, 10:00 in Lagos: the 14th working day after is Thursday 17 December.
    expect(workingDaysAfter(new Date("2026-11-27T09:00:00Z"), 14).toISOString()).toBe("2026-12-17T22:59:59.999Z");
  });

  it("skips Christmas, Boxing Day (observed Monday) and New Year's Day", () => {
    expect(isWorkingDay("2026-12-25")).toBe(false);
    expect(isWorkingDay("2026-12-28")).toBe(false);
    expect(isWorkingDay("2026-12-29")).toBe(true);
    expect(workingDaysAfter(new Date("2026-12-21T09:00:00Z"), 14).toISOString()).toBe("2027-01-13T22:59:59.999Z");
  });

  it("takes the Lagos day: 23:30 UTC on a Sunday is already Monday in Lagos", () => {
    expect(workingDaysAfter(new Date("2026-11-29T23:30:00Z"), 1).toISOString()).toBe("2026-12-01T22:59:59.999Z");
  });

  it("answers within 24 hours", () => {
    const at = new Date("2026-11-27T09:00:00Z");
    expect(claimDeadlines(at).answerBy.toISOString()).toBe("2026-11-28T09:00:00.000Z");
  });
});

describe("the 72-hour window", () => {
  it("is strictly less than 72 hours", () => {
    const made = new Date("2026-11-27T09:00:00Z");
    expect(withinClaimWindow(made, new Date(made.getTime() + CLAIM_WINDOW_MS - 1))).toBe(true);
    expect(withinClaimWindow(made, new Date(made.getTime() + CLAIM_WINDOW_MS))).toBe(false);
  });
});
