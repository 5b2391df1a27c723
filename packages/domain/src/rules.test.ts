import { describe, expect, it } from "vitest";
import { formatDateTime, formatDay, lagosDate, lagosDayKey, startOfLagosDay } from "./dates";
import { DomainError } from "./errors";
import { FEATURE_KEYS, isFeatureEnabled } from "./features";
import { applyPostings, assertBalanced, holdTransition } from "./ledger";
import { parseTransactionMetadata } from "./transaction-metadata";

describe("feature switches", () => {
  it("admins always pass; others follow the switch; a missing key counts as on", () => {
    const settings = [{ key: "feature_topup", value: false }];
    expect(isFeatureEnabled(settings, "feature_topup", "personal")).toBe(false);
    expect(isFeatureEnabled(settings, "feature_topup", "admin")).toBe(true);
    expect(isFeatureEnabled(settings, "feature_airtime", "personal")).toBe(true);
    expect(isFeatureEnabled(undefined, "feature_topup", "merchant")).toBe(true);
    expect(FEATURE_KEYS).toHaveLength(11);
  });
});

describe("Lagos calendar day", () => {
  it("starts at 23:00 UTC of the previous UTC day", () => {
    expect(startOfLagosDay(new Date("2026-11-21T22:59:59Z")).toISOString()).toBe("2026-11-20T23:00:00.000Z");
    expect(startOfLagosDay(new Date("2026-11-21T23:00:00Z")).toISOString()).toBe("2026-11-21T23:00:00.000Z");
    expect(lagosDayKey("2026-11-21T23:30:00Z")).toBe("2026-11-22");
  });

  it("formats en-NG with 12-hour time and says 'Invalid date' for garbage", () => {
    expect(formatDateTime("2026-11-21T14:05:00Z")).toMatch(/21\/11\/2026.*3:05\s?pm/i);
    expect(formatDateTime("2026-11-21T23:30:00Z")).toMatch(/22\/11\/2026.*12:30\s?am/i);
    expect(formatDateTime("not a date")).toBe("Invalid date");
    expect(formatDay("nope")).toBe("Invalid date");
  });
});

describe("journal entries", () => {
  it("must balance, with no zero posting and one posting per account", () => {
    expect(() =>
      assertBalanced([
        { accountId: 1, amount: -100n },
        { accountId: 2, amount: 100n },
      ]),
    ).not.toThrow();
    expect(() =>
      assertBalanced([
        { accountId: 1, amount: -100n },
        { accountId: 2, amount: 99n },
      ]),
    ).toThrow(/balance/);
    expect(() =>
      assertBalanced([
        { accountId: 1, amount: 0n },
        { accountId: 2, amount: 0n },
      ]),
    ).toThrow(/zero/);
    expect(() => assertBalanced([{ accountId: 1, amount: 5n }])).toThrow(/two postings/);
    expect(() =>
      assertBalanced([
        { accountId: 1, amount: -5n },
        { accountId: 1, amount: 5n },
      ]),
    ).toThrow(/One posting/);
  });

  it("refuses to take a wallet below zero but lets a system account go negative", () => {
    const accounts = new Map([
      [1, { balance: 500n, isSystem: false }],
      [2, { balance: 0n, isSystem: false }],
      [3, { balance: 0n, isSystem: true }],
    ]);
    expect(
      applyPostings(accounts, [
        { accountId: 1, amount: -500n },
        { accountId: 2, amount: 500n },
      ]),
    ).toEqual(
      new Map([
        [1, 0n],
        [2, 500n],
      ]),
    );
    expect(() =>
      applyPostings(accounts, [
        { accountId: 1, amount: -501n },
        { accountId: 2, amount: 501n },
      ]),
    ).toThrow(DomainError);
    expect(
      applyPostings(accounts, [
        { accountId: 3, amount: -900n },
        { accountId: 2, amount: 900n },
      ]).get(3),
    ).toBe(-900n);
  });
});

describe("ledger kit rules", () => {
  it("lagosDate is the Lagos calendar day: 23:30 UTC is already tomorrow in Lagos", () => {
    expect(lagosDate(new Date("2026-11-21T22:59:59Z"))).toBe("2026-11-21");
    expect(lagosDate(new Date("2026-11-21T23:00:00Z"))).toBe("2026-11-22");
  });

  it("holdTransition: settle and release act on a held hold only; reverse on a settled one only", () => {
    expect(holdTransition("held", "settle")).toBe("settled");
    expect(holdTransition("held", "release")).toBe("released");
    expect(holdTransition("held", "reverse")).toBe("not-settled");
    expect(holdTransition("settled", "release")).toBe("already-settled");
    expect(holdTransition("settled", "reverse")).toBe("reversed");
    expect(holdTransition("released", "settle")).toBe("already-released");
    expect(holdTransition("released", "reverse")).toBe("not-settled");
    expect(holdTransition("reversed", "settle")).toBe("already-reversed");
    expect(holdTransition("reversed", "reverse")).toBe("already-reversed");
  });

  it("domain error codes map once to transport codes", () => {
    expect(new DomainError("INSUFFICIENT_BALANCE", "Insufficient Balance").transportCode).toBe("BAD_REQUEST");
    expect(new DomainError("RECIPIENT_NOT_FOUND", "Recipient not found").transportCode).toBe("NOT_FOUND");
    expect(new DomainError("IDEMPOTENCY_KEY_REUSED", "x").transportCode).toBe("CONFLICT");
    expect(new DomainError("ACCOUNT_LOCKED", "Account locked").transportCode).toBe("FORBIDDEN");
  });

  it("transaction metadata is typed per type: unknown fields are refused", () => {
    expect(parseTransactionMetadata("p2p", { senderName: "A", recipientName: "B" }).senderName).toBe("A");
    expect(() => parseTransactionMetadata("topup", { gateway: "paystack", phoneNumber: "080" })).toThrow(/Invalid topup metadata/);
    expect(() => parseTransactionMetadata("transfer", { channel: "withdrawal", bankName: "GTB", accountNumber: "12", accountName: "A", fee: 50 })).toThrow(
      /accountNumber/,
    );
  });
});
