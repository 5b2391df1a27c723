// The Paystack sandbox's fixture rules (docs/providers.md): NUBAN check digit, derived names, payout outcomes.
import { describe, expect, it } from "vitest";
import { payoutOutcome } from "@kolo/providers";
import { SANDBOX_ACCOUNTS, derivedAccountName, isValidNuban, sandboxAccountName, sandboxPayoutOutcome } from "../src/paystack/fixtures";

describe("NUBAN check digit", () => {
  it("accepts docs/providers.md's example (bank 011, serial 000001457 -> 0000014579) and every fixture account", () => {
    expect(isValidNuban("0000014579", "011")).toBe(true);
    for (const account of SANDBOX_ACCOUNTS) expect(isValidNuban(account.accountNumber, account.bankCode)).toBe(true);
  });

  it("uses the 9 + 5-digit prefix for 5-digit bank codes", () => {
    expect(isValidNuban("1000000016", "50211")).toBe(true);
    expect(isValidNuban("1000000017", "50211")).toBe(false);
  });

  it.each(["0000014578", "000001457", "00000145790", "000001457a"])("refuses %s at bank 011", (account) => {
    expect(isValidNuban(account, "011")).toBe(false);
  });
});

describe("sandbox names and outcomes", () => {
  it("derives a stable name for a valid non-fixture number and none for an unknown bank", () => {
    expect(sandboxAccountName("1234567899", "057")).toBe(derivedAccountName("1234567899", "057"));
    expect(sandboxAccountName("0000014579", "999")).toBeNull();
  });

  it("payout outcomes follow the fixture table; other accounts succeed", () => {
    expect(sandboxPayoutOutcome("0000000017", "044")).toBe("failed");
    expect(sandboxPayoutOutcome("0000000024", "044")).toBe("reversed");
    expect(sandboxPayoutOutcome("0000000031", "044")).toBe("pending");
    expect(sandboxPayoutOutcome("1234567899", "057")).toBe("success");
  });
});

describe("payoutOutcome", () => {
  it.each([
    ["success", "success"],
    ["failed", "failed"],
    ["abandoned", "failed"],
    ["blocked", "failed"],
    ["rejected", "failed"],
    ["reversed", "reversed"],
    ["pending", "pending"],
    ["otp", "pending"],
    ["received", "pending"],
    ["something-new", "pending"],
  ])("%s -> %s", (status, outcome) => {
    expect(payoutOutcome(status)).toBe(outcome);
  });
});
