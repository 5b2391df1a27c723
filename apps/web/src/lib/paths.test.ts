import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./paths";

describe("safeRedirectPath", () => {
  it("keeps an invoice payment page of this site", () => {
    expect(safeRedirectPath("/invoice/pay/AbC_12-xyz")).toBe("/invoice/pay/AbC_12-xyz");
  });
  it("refuses other sites, schemes, odd paths and pages not meant to be returned to", () => {
    for (const value of [
      undefined,
      42,
      "",
      "https://evil.example/invoice/pay/abc",
      "//evil.example/invoice/pay/abc",
      "/\\evil.example/invoice/pay/abc",
      "javascript:alert(1)",
      "/invoice/pay/abc?x=1",
      "/invoice/pay/abc#top",
      "/invoice/pay/../../admin",
      "/invoice/pay/%2e%2e",
      "/admin/users",
      "/dashboard",
      " /invoice/pay/abc",
    ]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });
});
