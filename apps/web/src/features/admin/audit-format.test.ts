import { describe, expect, it } from "vitest";
import { auditFields } from "./audit-format";

const admins = new Map([[1, "Ada Admin"]]);

describe("auditFields", () => {
  it("writes naira amounts with ₦, admins by name and types by their admin label", () => {
    expect(auditFields({ amount: 150000, createdBy: 1, approvedBy: 7, type: "p2p", status: "approved" }, "approval:3", admins)).toEqual([
      "Amount: ₦150,000.00",
      "Requested by: Ada Admin",
      "Approved by: Admin 7",
      "Type: P2P Transfer",
      "Status: Approved",
    ]);
  });

  it("tells the threshold setting (naira) from a switch (On/Off), and words other keys", () => {
    expect(auditFields({ value: 250000 }, "setting:adjustment_approval_threshold", admins)).toEqual(["Value: ₦250,000.00"]);
    expect(auditFields({ value: false }, "setting:feature_withdraw", admins)).toEqual(["Value: Off"]);
    expect(auditFields({ providerStatus: "success", failedLoginCount: 0, note: null }, "user:2", admins)).toEqual([
      "Provider status: success",
      "Failed sign-ins: 0",
      "Note: none",
    ]);
    expect(auditFields(null, "user:2", admins)).toEqual([]);
  });
});
