import { describe, expect, it } from "vitest";
import { addBankAccountSchema, nameTokens, nameWithin, sameAccountName } from "./banking";

describe("name rule: every part of the name within the BVN's name (docs/decisions.md)", () => {
  it("ignores case, accents and order; every part must be there, at least two parts", () => {
    expect(nameTokens("Chióma  OKAFOR-Eze")).toEqual(["chioma", "okafor", "eze"]);
    expect(nameWithin("Chioma Okafor", "OKAFOR CHIOMA")).toBe(true);
    expect(nameWithin("Chióma Okafor", "CHIOMA ADA OKAFOR")).toBe(true);
    expect(nameWithin("Chioma Eze", "CHIOMA OKAFOR")).toBe(false);
    expect(nameWithin("Chioma", "CHIOMA")).toBe(false);
    expect(nameWithin("Chioma Chioma", "CHIOMA OKAFOR")).toBe(false);
  });

  it("a name padded with someone else's names is not within either BVN", () => {
    // Two matching tokens used to be enough: "Chioma Okafor Adaeze Okonkwo" matched both people.
    expect(nameWithin("Chioma Okafor Adaeze Okonkwo", "CHIOMA OKAFOR")).toBe(false);
    expect(nameWithin("Chioma Okafor Adaeze Okonkwo", "ADAEZE OKONKWO")).toBe(false);
    expect(nameWithin("ADAEZE OKONKWO", "CHIOMA OKAFOR")).toBe(false);
  });

  it("sameAccountName compares the whole name, ignoring case and spacing", () => {
    expect(sameAccountName("chioma  okafor", "CHIOMA OKAFOR")).toBe(true);
    expect(sameAccountName("OKAFOR CHIOMA", "CHIOMA OKAFOR")).toBe(false);
  });
});

describe("bank account add (docs/product.md#banking-and-withdrawals)", () => {
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
