// The fraud controls an admin edits in /admin/settings (docs/product.md "Fraud controls": "Thresholds
// are settings"): fraud monitoring's switch and thresholds (FRAUD_SETTING_KEYS) and the first-day
// cap `new_device_cap`, all admin_limits rows. Each change waits for a second admin, as every money
// setting does (docs/admin-security.md "Approvals").
import { z } from "zod";
import { DEFAULT_NEW_DEVICE_CAP_KOBO } from "./fraud";
import { FRAUD_SETTING_KEYS, type FraudSettings } from "./fraud-monitoring";
import { formatKobo } from "./money";
import { nonNegativeNairaAmount } from "./money-schema";

/** The admin_limits key of the first-day cap (kobo; 0 turns the cap off). */
export const NEW_DEVICE_CAP_KEY = "new_device_cap";

/** Fraud monitoring's settings and the first-day cap, as the server holds them (kobo where named). */
export interface FraudControls extends FraudSettings {
  /** The first-day cap, kobo (₦20,000 by default; 0: off). */
  newDeviceCapKobo: bigint;
}

/** A field of FraudControls, its admin_limits key and its label in the console and the approval's summary. */
export const FRAUD_CONTROL_FIELDS = {
  enabled: { key: FRAUD_SETTING_KEYS.enabled, label: "Fraud monitoring" },
  newDeviceBalancePercent: { key: FRAUD_SETTING_KEYS.newDeviceBalancePercent, label: "New device: share of the balance (%)" },
  newDeviceHours: { key: FRAUD_SETTING_KEYS.newDeviceHours, label: "New device: hours it stays new" },
  newRecipientsPerHour: { key: FRAUD_SETTING_KEYS.newRecipientsPerHour, label: "New recipients allowed per hour" },
  medianMultiple: { key: FRAUD_SETTING_KEYS.medianMultiple, label: "Multiple of the 90-day median payment" },
  medianFloorKobo: { key: FRAUD_SETTING_KEYS.medianFloorKobo, label: "Median rule floor" },
  resetWindowMinutes: { key: FRAUD_SETTING_KEYS.resetWindowMinutes, label: "Minutes after a password or PIN reset" },
  newDeviceCapKobo: { key: NEW_DEVICE_CAP_KEY, label: "First-day cap" },
} as const satisfies Record<keyof FraudControls, { key: string; label: string }>;

/** The first-day cap from its admin_limits row (kobo), the default when the row is missing. */
export const newDeviceCapFrom = (rows: ReadonlyMap<string, bigint>): bigint => rows.get(NEW_DEVICE_CAP_KEY) ?? DEFAULT_NEW_DEVICE_CAP_KOBO;

/** A whole number from `min` to `max`, with one message for every way it can be wrong. */
const wholeNumber = (label: string, min: number, max: number) => {
  const error = `${label} must be a whole number from ${min} to ${max}`;
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
};

/** Whole naira from ₦0 to `maxNaira`, parsed to kobo. */
const wholeNaira = (label: string, maxNaira: number) => {
  const error = `${label} must be whole naira from ₦0 to ₦${maxNaira.toLocaleString("en-NG")}`;
  return nonNegativeNairaAmount(error)
    .refine((kobo) => kobo % 100n === 0n, { error })
    .refine((kobo) => kobo <= BigInt(maxNaira) * 100n, { error });
};

/**
 * PATCH /api/admin/settings/fraud: the fields to change, at least one (0 turns a rule off; `enabled`
 * false turns monitoring off). Ranges: percent 0–100, hours 0–168, recipients 0–100, multiple 0–100,
 * minutes 0–1,440; the median floor ₦0–₦10,000,000 and the first-day cap ₦0–₦1,000,000, whole
 * naira on the wire, kobo once parsed (`medianFloor` -> medianFloorKobo, `newDeviceCap` -> newDeviceCapKobo).
 */
export const fraudControlsUpdateSchema = z
  .object({
    enabled: z.boolean({ error: "Fraud monitoring must be true or false" }).optional(),
    newDeviceBalancePercent: wholeNumber("The new device share", 0, 100).optional(),
    newDeviceHours: wholeNumber("The new device hours", 0, 168).optional(),
    newRecipientsPerHour: wholeNumber("New recipients per hour", 0, 100).optional(),
    medianMultiple: wholeNumber("The median multiple", 0, 100).optional(),
    medianFloor: wholeNaira("The median floor", 10_000_000).optional(),
    resetWindowMinutes: wholeNumber("The minutes after a reset", 0, 1_440).optional(),
    newDeviceCap: wholeNaira("The first-day cap", 1_000_000).optional(),
  })
  .refine((input) => Object.values(input).some((value) => value !== undefined), { error: "Nothing to change" })
  .transform(({ medianFloor, newDeviceCap, ...rest }): Partial<FraudControls> => {
    const changes: Partial<FraudControls> = {};
    for (const [field, value] of Object.entries(rest)) if (value !== undefined) Object.assign(changes, { [field]: value });
    if (medianFloor !== undefined) changes.medianFloorKobo = medianFloor;
    if (newDeviceCap !== undefined) changes.newDeviceCapKobo = newDeviceCap;
    return changes;
  });
export type FraudControlsUpdate = z.output<typeof fraudControlsUpdateSchema>;

/** A field's value as its admin_limits row stores it (value_kobo: kobo for amounts, 1/0 for the switch). */
export const fraudControlStored = (value: FraudControls[keyof FraudControls]): bigint =>
  typeof value === "boolean" ? (value ? 1n : 0n) : typeof value === "bigint" ? value : BigInt(value);

/** The fields of FraudControls held in kobo. */
const KOBO_FIELDS = new Set<keyof FraudControls>(["medianFloorKobo", "newDeviceCapKobo"]);

/** An approval's payload of `changes`: each field -> its admin_limits value as a decimal string (JSON has no bigint). */
export const fraudControlsPayload = (changes: Partial<FraudControls>): Record<string, string> =>
  Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, fraudControlStored(value).toString()]));

/** The changes an approval's payload carries (fraudControlsPayload's inverse); unknown fields are dropped. */
export function fraudControlsFromPayload(payload: Record<string, string>): Partial<FraudControls> {
  const changes: Partial<FraudControls> = {};
  for (const [field, text] of Object.entries(payload)) {
    if (!(field in FRAUD_CONTROL_FIELDS)) continue;
    const name = field as keyof FraudControls;
    const value = BigInt(text);
    Object.assign(changes, { [name]: name === "enabled" ? value !== 0n : KOBO_FIELDS.has(name) ? value : Number(value) });
  }
  return changes;
}

/** A field's value as the console and the approval's summary show it: On/Off, ₦ for kobo, else the number. */
export const formatFraudControl = (value: FraudControls[keyof FraudControls]): string =>
  typeof value === "boolean" ? (value ? "On" : "Off") : typeof value === "bigint" ? formatKobo(value) : String(value);

/** The approvals queue's line for a change: 'Fraud controls: First-day cap ₦20,000.00 → ₦10,000.00; …'. */
export function fraudControlsSummary(before: FraudControls, changes: Partial<FraudControls>): string {
  const parts = (Object.entries(changes) as [keyof FraudControls, FraudControls[keyof FraudControls]][]).map(
    ([field, value]) => `${FRAUD_CONTROL_FIELDS[field].label} ${formatFraudControl(before[field])} → ${formatFraudControl(value)}`,
  );
  return `Fraud controls: ${parts.join("; ")}`;
}

/**
 * The audit row's side of the fields `fields` of `controls`: kobo fields as JSON numbers under their
 * `…Kobo` names (the audit trail answers them in naira), the rest as they are.
 */
export const fraudControlsAudit = (controls: FraudControls, fields: readonly (keyof FraudControls)[]): Record<string, number | boolean> =>
  Object.fromEntries(fields.map((field) => [field, typeof controls[field] === "bigint" ? Number(controls[field]) : controls[field]]));
