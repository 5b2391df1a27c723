import { describe, expect, it } from "vitest";
import { DEFAULT_FRAUD_SETTINGS, type FraudFacts, evaluateFraudRules, fraudReason, fraudSettingsFrom } from "./fraud-monitoring";
import { isHeldForReview } from "./fraud-texts";

const now = new Date("2026-07-02T12:00:00Z");
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
/** An ordinary payment: an old account, a known recipient, a modest amount, no reset. Kobo. */
const facts = (over: Partial<FraudFacts> = {}): FraudFacts => ({
  amountKobo: 1_000_000n,
  balanceKobo: 10_000_000n,
  firstSeenAt: minutesAgo(3 * 24 * 60),
  paidSinceFirstSeen: true,
  newRecipient: false,
  newRecipientsLastHour: 0,
  medianKobo: 1_000_000n,
  lastResetAt: null,
  now,
  ...over,
});
const rules = (over: Partial<FraudFacts>, settings = DEFAULT_FRAUD_SETTINGS) => evaluateFraudRules(facts(over), settings);

describe("fraud rules (docs/product.md 'Fraud controls'; CBN circular, 12 March 2026)", () => {
  it("lets an ordinary payment through", () => {
    expect(rules({})).toEqual([]);
  });

  it("new_device_share: a new device's first payment above 50% of the balance", () => {
    const fresh = { firstSeenAt: minutesAgo(60), paidSinceFirstSeen: false, medianKobo: null };
    expect(rules({ ...fresh, amountKobo: 5_000_001n })).toEqual(["new_device_share"]);
    expect(rules({ ...fresh, amountKobo: 5_000_000n })).toEqual([]);
    expect(rules({ ...fresh, amountKobo: 6_000_000n, paidSinceFirstSeen: true })).toEqual([]);
    expect(rules({ ...fresh, amountKobo: 6_000_000n, firstSeenAt: minutesAgo(24 * 60) })).toEqual([]);
  });

  it("new_recipients: the sixth new recipient in an hour, not a known one", () => {
    expect(rules({ newRecipient: true, newRecipientsLastHour: 5 })).toEqual(["new_recipients"]);
    expect(rules({ newRecipient: true, newRecipientsLastHour: 4 })).toEqual([]);
    expect(rules({ newRecipient: false, newRecipientsLastHour: 9 })).toEqual([]);
  });

  it("above_median: above 5 × the 90-day median and above ₦50,000; no median, no hit", () => {
    expect(rules({ medianKobo: 1_000_000n, amountKobo: 5_000_001n })).toEqual(["above_median"]);
    expect(rules({ medianKobo: 1_000_000n, amountKobo: 5_000_000n })).toEqual([]);
    expect(rules({ medianKobo: 100_000n, amountKobo: 4_000_000n })).toEqual([]);
    expect(rules({ medianKobo: null, amountKobo: 9_000_000n })).toEqual([]);
  });

  it("after_reset: within 10 minutes of a password or PIN reset", () => {
    expect(rules({ lastResetAt: minutesAgo(9) })).toEqual(["after_reset"]);
    expect(rules({ lastResetAt: minutesAgo(10) })).toEqual([]);
  });

  it("names every rule hit, in order; settings of 0 turn a rule off, `enabled` false all of them", () => {
    const all = {
      firstSeenAt: minutesAgo(1),
      paidSinceFirstSeen: false,
      amountKobo: 9_000_000n,
      newRecipient: true,
      newRecipientsLastHour: 5,
      lastResetAt: minutesAgo(1),
    };
    expect(rules(all)).toEqual(["new_device_share", "new_recipients", "above_median", "after_reset"]);
    expect(rules(all, { ...DEFAULT_FRAUD_SETTINGS, enabled: false })).toEqual([]);
    expect(rules(all, { ...DEFAULT_FRAUD_SETTINGS, resetWindowMinutes: 0, newRecipientsPerHour: 0 })).toEqual(["new_device_share", "above_median"]);
    expect(fraudReason(["after_reset"])).toBe("Held before money left: Money out soon after a password or PIN reset");
  });

  it("reads its settings from admin_limits rows, defaults for missing ones", () => {
    expect(fraudSettingsFrom(new Map())).toEqual(DEFAULT_FRAUD_SETTINGS);
    const set = fraudSettingsFrom(
      new Map([
        ["fraud_monitoring", 0n],
        ["fraud_median_floor", 1_000n],
        ["fraud_new_recipients_per_hour", 3n],
      ]),
    );
    expect([set.enabled, set.medianFloorKobo, set.newRecipientsPerHour, set.medianMultiple]).toEqual([false, 1_000n, 3, 5]);
  });

  it("a held payment is pending and marked held", () => {
    const held = { fraudReview: { rules: ["after_reset"], state: "held" } };
    expect(isHeldForReview({ status: "pending", metadata: held })).toBe(true);
    expect(isHeldForReview({ status: "completed", metadata: held })).toBe(false);
    expect(isHeldForReview({ status: "pending", metadata: {} })).toBe(false);
  });
});
