import { z } from "zod";

/**
 * Fraud monitoring in the money-out transaction (docs/product.md "Fraud controls"; the CBN's
 * circular on fraud in instant payments, 12 March 2026: "fraud is monitored in real time").
 * Pure rules: the facts are read in the database transaction that moves the money
 * (@kolo/db readFraudFacts), and a hit holds the payment for an admin's review.
 */

/** The rules, by the name the review item and /admin/reviews give them. */
export const FRAUD_RULES = ["new_device_share", "new_recipients", "above_median", "after_reset"] as const;
export type FraudRule = (typeof FRAUD_RULES)[number];

/** How each rule reads in the review queue and its reason. */
export const FRAUD_RULE_LABELS: Record<FraudRule, string> = {
  new_device_share: "New device's first payment above the share of the balance",
  new_recipients: "Too many new recipients in one hour",
  above_median: "Amount far above the user's 90-day median payment",
  after_reset: "Money out soon after a password or PIN reset",
};

/**
 * The thresholds, admin settings (admin_limits rows named in FRAUD_SETTING_KEYS; a missing row is
 * the default here). A value of 0 turns its rule off; `enabled` 0 turns monitoring off altogether.
 */
export interface FraudSettings {
  enabled: boolean;
  /** Rule new_device_share: percent of the balance (50). */
  newDeviceBalancePercent: number;
  /** Rule new_device_share: hours a device (or account) stays new after its first sight (24). */
  newDeviceHours: number;
  /** Rule new_recipients: new recipients allowed in one hour (5; the 6th is a hit). */
  newRecipientsPerHour: number;
  /** Rule above_median: multiple of the 90-day median payment (5). */
  medianMultiple: number;
  /** Rule above_median: floor, kobo (₦50,000). */
  medianFloorKobo: bigint;
  /** Rule after_reset: minutes after a password or PIN reset (10). */
  resetWindowMinutes: number;
}

export const DEFAULT_FRAUD_SETTINGS: FraudSettings = {
  enabled: true,
  newDeviceBalancePercent: 50,
  newDeviceHours: 24,
  newRecipientsPerHour: 5,
  medianMultiple: 5,
  medianFloorKobo: 5_000_000n,
  resetWindowMinutes: 10,
};

/** admin_limits keys of the settings (value_kobo holds the number; kobo only for the floor). */
export const FRAUD_SETTING_KEYS = {
  enabled: "fraud_monitoring",
  newDeviceBalancePercent: "fraud_new_device_balance_percent",
  newDeviceHours: "fraud_new_device_hours",
  newRecipientsPerHour: "fraud_new_recipients_per_hour",
  medianMultiple: "fraud_median_multiple",
  medianFloorKobo: "fraud_median_floor",
  resetWindowMinutes: "fraud_reset_window_minutes",
} as const satisfies Record<keyof FraudSettings, string>;

/** Builds the settings from admin_limits rows (key → value), defaults for missing keys. */
export function fraudSettingsFrom(rows: ReadonlyMap<string, bigint>): FraudSettings {
  const read = (key: keyof FraudSettings): bigint | undefined => rows.get(FRAUD_SETTING_KEYS[key]);
  const num = (key: Exclude<keyof FraudSettings, "enabled" | "medianFloorKobo">) => {
    const value = read(key);
    return value === undefined ? DEFAULT_FRAUD_SETTINGS[key] : Number(value);
  };
  const enabled = read("enabled");
  return {
    enabled: enabled === undefined ? DEFAULT_FRAUD_SETTINGS.enabled : enabled !== 0n,
    newDeviceBalancePercent: num("newDeviceBalancePercent"),
    newDeviceHours: num("newDeviceHours"),
    newRecipientsPerHour: num("newRecipientsPerHour"),
    medianMultiple: num("medianMultiple"),
    medianFloorKobo: read("medianFloorKobo") ?? DEFAULT_FRAUD_SETTINGS.medianFloorKobo,
    resetWindowMinutes: num("resetWindowMinutes"),
  };
}

/** What is known when a payment is about to leave, all read in its database transaction. Kobo. */
export interface FraudFacts {
  /** The payment's amount (without the fee). */
  amountKobo: bigint;
  /** The wallet's balance before the payment. */
  balanceKobo: bigint;
  /** When the paying device (or, with none known, the account) was first seen. */
  firstSeenAt: Date;
  /** Whether the user has made any money out since `firstSeenAt`. */
  paidSinceFirstSeen: boolean;
  /** Whether this payment's recipient was never paid by the user before. */
  newRecipient: boolean;
  /** Distinct recipients first paid within the last hour, before this payment. */
  newRecipientsLastHour: number;
  /** Median of the user's completed money out over 90 days, or null with none. */
  medianKobo: bigint | null;
  /** The latest password or PIN reset, or null. */
  lastResetAt: Date | null;
  now: Date;
}

const HOUR_MS = 3_600_000;

/**
 * The rules a payment hits, in FRAUD_RULES order (empty: it proceeds). Each is off when its
 * setting is 0, and all are off when `enabled` is false:
 * - new_device_share: the first money out since the device (or account) was first seen, within
 *   `newDeviceHours` of it, above `newDeviceBalancePercent` % of the balance;
 * - new_recipients: a payment to a new recipient that makes more than `newRecipientsPerHour`
 *   new recipients in the last hour;
 * - above_median: above `medianMultiple` × the 90-day median and above `medianFloorKobo` (a user
 *   with no payments in 90 days has no median: not a hit);
 * - after_reset: within `resetWindowMinutes` of a password or PIN reset.
 */
export function evaluateFraudRules(facts: FraudFacts, settings: FraudSettings): FraudRule[] {
  if (!settings.enabled) return [];
  const hits: FraudRule[] = [];
  const now = facts.now.getTime();
  if (
    settings.newDeviceBalancePercent > 0 &&
    settings.newDeviceHours > 0 &&
    now - facts.firstSeenAt.getTime() < settings.newDeviceHours * HOUR_MS &&
    !facts.paidSinceFirstSeen &&
    facts.amountKobo * 100n > facts.balanceKobo * BigInt(settings.newDeviceBalancePercent)
  )
    hits.push("new_device_share");
  if (settings.newRecipientsPerHour > 0 && facts.newRecipient && facts.newRecipientsLastHour + 1 > settings.newRecipientsPerHour) hits.push("new_recipients");
  if (
    settings.medianMultiple > 0 &&
    facts.medianKobo !== null &&
    facts.amountKobo > facts.medianKobo * BigInt(settings.medianMultiple) &&
    facts.amountKobo > settings.medianFloorKobo
  )
    hits.push("above_median");
  if (settings.resetWindowMinutes > 0 && facts.lastResetAt !== null && now - facts.lastResetAt.getTime() < settings.resetWindowMinutes * 60_000)
    hits.push("after_reset");
  return hits;
}

/** The review item's reason for a held payment: each rule it hit, by its label. */
export const fraudReason = (rules: readonly FraudRule[]): string => `Held before money left: ${rules.map((r) => FRAUD_RULE_LABELS[r]).join("; ")}`;

/** A held payment's mark in its record's metadata (p2p, transfer, purchases). */
export const fraudReviewMetadataSchema = z.strictObject({
  rules: z.array(z.enum(FRAUD_RULES)).min(1),
  state: z.enum(["held", "released", "rejected"]),
  /** A held purchase: what VTpass's /pay gets once released (amount in kobo). */
  purchaseCall: z
    .strictObject({
      serviceId: z.string().max(100),
      phone: z.string().max(20),
      amountKobo: z.number().int().positive().optional(),
      variationCode: z.string().max(200).optional(),
      billersCode: z.string().max(50).optional(),
      subscriptionType: z.enum(["renew", "change"]).optional(),
      quantity: z.number().int().positive().optional(),
    })
    .optional(),
});
export type FraudReviewMetadata = z.infer<typeof fraudReviewMetadataSchema>;
