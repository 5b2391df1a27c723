import { describe, expect, it } from "vitest";
import { adminWalletSchema, paginationWindow, showingRange } from "./admin";

describe("admin rules (docs/product.md#admin-console)", () => {
  it("shows up to 5 page buttons around the current page, clamped to the range", () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(1, 3)).toEqual([1, 2, 3]);
    expect(paginationWindow(1, 500)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(7, 500)).toEqual([5, 6, 7, 8, 9]);
    expect(paginationWindow(500, 500)).toEqual([496, 497, 498, 499, 500]);
    expect(paginationWindow(1, 0)).toEqual([]);
  });

  it("says 'Showing x to y of z users'", () => {
    expect(showingRange(1, 20, 45)).toBe("Showing 1 to 20 of 45 users");
    expect(showingRange(3, 20, 45)).toBe("Showing 41 to 45 of 45 users");
    expect(showingRange(2, 20, 45, "transactions")).toBe("Showing 21 to 40 of 45 transactions");
  });

  it("wallet input: amount > 0 to kobo; blank description becomes the default of its type", () => {
    expect(adminWalletSchema.parse({ userId: "4", amount: 1000, type: "credit", description: "  " })).toEqual({
      userId: 4,
      amount: 100_000n,
      type: "credit",
      description: "Admin credit operation",
    });
    expect(adminWalletSchema.parse({ userId: 4, amount: 0.5, type: "debit" }).description).toBe("Admin debit operation");
    expect(adminWalletSchema.parse({ userId: 4, amount: 1, type: "debit", description: " Refund " }).description).toBe("Refund");
    expect(adminWalletSchema.safeParse({ userId: 4, amount: 0, type: "credit" }).error?.issues[0]?.message).toBe("Amount must be greater than zero");
    expect(adminWalletSchema.safeParse({ userId: 4, amount: 1.001, type: "credit" }).success).toBe(false);
  });
});
