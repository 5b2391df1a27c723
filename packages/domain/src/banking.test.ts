import { describe, expect, it } from "vitest";
import { addBankAccountSchema, nameTokens, namesMatch, sameAccountName } from "./banking";

describe("name match (DECISIONS 'Identity verification')", () => {
  it("ignores case, accents and order; needs two tokens in common", () => {
    expect(nameTokens("Chióma  OKAFOR-Eze")).toEqual(["chioma", "okafor", "eze"]);
    expect(namesMatch("Chioma Okafor", "OKAFOR CHIOMA")).toBe(true);
    expect(namesMatch("Chióma Okafor", "CHIOMA ADA OKAFOR")).toBe(true);
    expect(namesMatch("Chioma Eze", "CHIOMA OKAFOR")).toBe(false);
    expect(namesMatch("Chioma", "CHIOMA")).toBe(false);
    expect(namesMatch("Chioma Chioma", "CHIOMA OKAFOR")).toBe(false);
  });

  it("sameAccountName compares the whole name, ignoring case and spacing", () => {
    expect(sameAccountName("chioma  okafor", "CHIOMA OKAFOR")).toBe(true);
    expect(sameAccountName("OKAFOR CHIOMA", "CHIOMA OKAFOR")).toBe(false);
  });
});

describe("bank account add (spec 02 §5)", () => {
  it("shows the spec's messages", () => {
    const issues = addBankAccountSchema.safeParse({ bankName: "", bankCode: "", accountNumber: "123", accountName: "A" }).error?.issues ?? [];
    const byField = Object.fromEntries(issues.map((i) => [i.path[0], i.message]));
    expect(byField).toEqual({
      bankName: "Please select a bank",
      bankCode: "Please select a bank",
      accountNumber: "Account number must be 10 digits",
      accountName: "Please enter account name",
    });
  });
});
