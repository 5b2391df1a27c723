import { describe, expect, it } from "vitest";
import { averageTicketKobo, lagosDays, merchantAnalyticsQuerySchema, summariseMerchantSales } from "./merchant-analytics";

describe("merchant analytics rules", () => {
  it("rounds the average ticket half up to the kobo, 0 without payments", () => {
    expect(averageTicketKobo(375_050n, 4)).toBe(93_763n);
    expect(averageTicketKobo(375_049n, 4)).toBe(93_762n);
    expect(averageTicketKobo(100n, 3)).toBe(33n);
    expect(averageTicketKobo(200n, 3)).toBe(67n);
    expect(averageTicketKobo(0n, 0)).toBe(0n);
  });

  it("lists the period's Lagos days oldest first, across a month and a year", () => {
    expect(lagosDays("2026-03-01", 3)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
    expect(lagosDays("2026-01-01", 2)).toEqual(["2025-12-31", "2026-01-01"]);
    expect(lagosDays("2026-03-10", 90)[0]).toBe("2025-12-11");
  });

  it("fills every day and channel, and refuses a row outside the period", () => {
    const summary = summariseMerchantSales(lagosDays("2026-03-10", 2), [
      { day: "2026-03-10", channel: "qr", kobo: 150n, count: 2 },
      { day: "2026-03-10", channel: "card", kobo: 50n, count: 1 },
    ]);
    expect(summary).toEqual({
      totalSales: 200n,
      paymentCount: 3,
      averageTicket: 67n,
      daily: [
        { day: "2026-03-09", amount: 0n, count: 0 },
        { day: "2026-03-10", amount: 200n, count: 3 },
      ],
      channels: [
        { channel: "qr", amount: 150n, count: 2 },
        { channel: "invoice", amount: 0n, count: 0 },
        { channel: "link", amount: 0n, count: 0 },
        { channel: "card", amount: 50n, count: 1 },
      ],
    });
    expect(() => summariseMerchantSales(["2026-03-10"], [{ day: "2026-03-09", channel: "qr", kobo: 1n, count: 1 }])).toThrow();
    expect(() => summariseMerchantSales(["2026-03-10"], [{ day: "2026-03-10", channel: "cash", kobo: 1n, count: 1 }])).toThrow();
  });

  it("takes 7, 30 or 90 days, 30 by default", () => {
    expect(merchantAnalyticsQuerySchema.parse({ days: "90" })).toEqual({ days: 90 });
    expect(merchantAnalyticsQuerySchema.parse({})).toEqual({ days: 30 });
    expect(merchantAnalyticsQuerySchema.safeParse({ days: "14" }).success).toBe(false);
  });
});
