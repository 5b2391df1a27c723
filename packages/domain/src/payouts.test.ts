import { describe, expect, it } from "vitest";
import {
  assertFeeMatches,
  bankTransferSchema,
  isPayoutInFlight,
  MIN_WITHDRAWAL_KOBO,
  PAYOUT_MESSAGES,
  PAYOUT_PROGRESS,
  PAYSTACK_TRANSFER_REFERENCE,
  payoutFeeKobo,
  payoutReference,
  payoutTotalKobo,
  withdrawSchema,
} from "./payouts";
import { DomainError } from "./errors";

const naira = (n: number) => BigInt(Math.round(n * 100));

describe("payout fee (docs/product.md#banking-and-withdrawals, docs/decisions.md)", () => {
  it("is 1% with a ₦50 floor and a ₦1,000 ceiling", () => {
    expect(payoutFeeKobo(naira(100))).toBe(naira(50));
    expect(payoutFeeKobo(naira(4_999))).toBe(naira(50));
    expect(payoutFeeKobo(naira(5_000))).toBe(naira(50));
    expect(payoutFeeKobo(naira(5_100))).toBe(naira(51));
    expect(payoutFeeKobo(naira(25_000))).toBe(naira(250));
    expect(payoutFeeKobo(naira(100_000))).toBe(naira(1_000));
    expect(payoutFeeKobo(naira(1_000_000))).toBe(naira(1_000));
  });

  it("rounds a half kobo up", () => {
    expect(payoutFeeKobo(500_050n)).toBe(5_001n); // ₦5,000.50 -> ₦50.01
    expect(payoutFeeKobo(500_049n)).toBe(5_000n);
    expect(payoutFeeKobo(612_345n)).toBe(6_123n);
  });

  it("refuses a non-positive amount; total is amount plus fee", () => {
    expect(() => payoutFeeKobo(0n)).toThrow(RangeError);
    expect(payoutTotalKobo(naira(5_000))).toBe(naira(5_050));
    expect(MIN_WITHDRAWAL_KOBO).toBe(naira(100));
  });

  it("assertFeeMatches answers FEE_MISMATCH 'Fee mismatch' with the server's fee", () => {
    expect(() => assertFeeMatches(naira(5_000), naira(50))).not.toThrow();
    try {
      assertFeeMatches(naira(5_000), naira(49.99));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(DomainError);
      expect((error as DomainError).code).toBe("FEE_MISMATCH");
      expect((error as DomainError).message).toBe("Fee mismatch");
      expect((error as DomainError).details).toEqual({ expectedFee: 50 });
    }
  });
});

describe("withdraw and bank transfer bodies (docs/product.md#banking-and-withdrawals)", () => {
  it("parses naira to kobo", () => {
    expect(withdrawSchema.parse({ bankAccountId: 3, amount: 5000 })).toEqual({ bankAccountId: 3, amount: 500_000n });
    expect(bankTransferSchema.parse({ bankAccountId: 3, amount: 5000.5, transferFee: 50.01, idempotencyKey: "abcdefgh12" })).toEqual({
      bankAccountId: 3,
      amount: 500_050n,
      transferFee: 5_001n,
      idempotencyKey: "abcdefgh12",
    });
  });

  it("shows the spec's messages", () => {
    const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(messages(withdrawSchema.safeParse({ amount: 99 }))).toEqual({
      bankAccountId: "Please select a bank account",
      amount: "Minimum withdrawal amount is ₦100",
    });
    expect(messages(withdrawSchema.safeParse({ bankAccountId: 1, amount: 0 }))).toEqual({ amount: "Minimum withdrawal amount is ₦100" });
    expect(messages(bankTransferSchema.safeParse({ bankAccountId: 1, amount: -5, transferFee: 50 }))).toEqual({ amount: "Amount must be positive" });
    expect(messages(bankTransferSchema.safeParse({ bankAccountId: 1, amount: 50, transferFee: 50 }))).toEqual({ amount: "Minimum withdrawal amount is ₦100" });
    expect(messages(bankTransferSchema.safeParse({ bankAccountId: 1, amount: 500, transferFee: 50.001 }))).toEqual({ transferFee: "Fee mismatch" });
  });

  it("formats the insufficient-funds texts", () => {
    expect(PAYOUT_MESSAGES.insufficientFunds(naira(5_050))).toBe("Insufficient funds. You need ₦5,050.00.");
    expect(PAYOUT_MESSAGES.insufficientBalanceTransfer(naira(5_050), naira(50))).toBe(
      "Your balance is insufficient. You need ₦5,050.00 (including ₦50.00 fee)",
    );
  });
});

describe("statuses and references", () => {
  it("progress per docs/product.md#banking-and-withdrawals", () => {
    expect(PAYOUT_PROGRESS).toEqual({ pending: 25, processing: 50, completed: 100, failed: 100, reversed: 100 });
    expect(isPayoutInFlight("pending")).toBe(true);
    expect(isPayoutInFlight("processing")).toBe(true);
    expect(isPayoutInFlight("reversed")).toBe(false);
  });

  it("makes Paystack-valid references", () => {
    const reference = payoutReference("withdrawal", "0123456789ABCDEF0123456789abcdef");
    expect(reference).toBe("wd_0123456789abcdef0123456789abcdef");
    expect(reference).toMatch(PAYSTACK_TRANSFER_REFERENCE);
    expect(payoutReference("bank_transfer", "00".repeat(16))).toMatch(/^bt_/);
  });
});

describe('a payout\'s ending line (docs/product.md "Payment endings")', () => {
  it("reads processing, completed, or the total given back on a failure or reversal", () => {
    expect(PAYOUT_MESSAGES.ending("pending", naira(1_050))).toBe("Processing with the bank");
    expect(PAYOUT_MESSAGES.ending("processing", naira(1_050))).toBe("Processing with the bank");
    expect(PAYOUT_MESSAGES.ending("completed", naira(1_050))).toBe("Completed");
    expect(PAYOUT_MESSAGES.ending("failed", naira(1_050))).toBe("Failed: ₦1,050.00 returned to your wallet");
    expect(PAYOUT_MESSAGES.ending("reversed", naira(1_050))).toBe("Reversed: ₦1,050.00 returned to your wallet");
    expect(PAYOUT_MESSAGES.endedTitle("failed", "bank_transfer")).toBe("Bank transfer failed");
    expect(PAYOUT_MESSAGES.endedTitle("reversed", "withdrawal")).toBe("Withdrawal reversed");
  });
});
