import { describe, expect, it } from "vitest";
import { DEFAULT_FRAUD_SETTINGS } from "./fraud-monitoring";
import {
  type FraudControls,
  fraudControlsAudit,
  fraudControlsFromPayload,
  fraudControlsPayload,
  fraudControlsSummary,
  fraudControlsUpdateSchema,
} from "./fraud-controls";

const inForce: FraudControls = { ...DEFAULT_FRAUD_SETTINGS, newDeviceCapKobo: 2_000_000n };

describe("fraudControlsUpdateSchema", () => {
  it("parses naira to kobo under the …Kobo names and keeps only the fields sent", () => {
    expect(fraudControlsUpdateSchema.parse({ newDeviceCap: 15_000, medianFloor: 0, enabled: false })).toEqual({
      enabled: false,
      medianFloorKobo: 0n,
      newDeviceCapKobo: 1_500_000n,
    });
  });

  it.each([{}, { newDeviceCap: 1.5 }, { medianMultiple: -1 }, { newRecipientsPerHour: 101 }, { enabled: 1 }])("refuses %j", (body) => {
    expect(fraudControlsUpdateSchema.safeParse(body).success).toBe(false);
  });
});

describe("an approval's payload", () => {
  it("carries the changes as decimal strings and back, dropping unknown fields", () => {
    const changes: Partial<FraudControls> = { enabled: false, newRecipientsPerHour: 3, newDeviceCapKobo: 1_000_000n };
    const payload = fraudControlsPayload(changes);
    expect(payload).toEqual({ enabled: "0", newRecipientsPerHour: "3", newDeviceCapKobo: "1000000" });
    expect(fraudControlsFromPayload({ ...payload, somethingElse: "1" })).toEqual(changes);
  });

  it("reads in the queue with each field's label, before and after", () => {
    expect(fraudControlsSummary(inForce, { newDeviceCapKobo: 1_000_000n, enabled: false })).toBe(
      "Fraud controls: First-day cap ₦20,000.00 → ₦10,000.00; Fraud monitoring On → Off",
    );
  });

  it("is audited with kobo as JSON numbers under …Kobo names", () => {
    expect(fraudControlsAudit(inForce, ["newDeviceCapKobo", "enabled"])).toEqual({ newDeviceCapKobo: 2_000_000, enabled: true });
  });
});
