import { describe, expect, it } from "vitest";
import { creditNoticeText } from "./transactions";

describe("creditNoticeText", () => {
  it("names the sender as the transaction does, in naira", () => {
    expect(creditNoticeText({ amount: 25_000, type: "p2p", metadata: { senderName: "EMEKA OKAFOR", recipientName: "Ada", fee: 0 } })).toBe(
      "₦25,000.00 from EMEKA OKAFOR",
    );
    expect(creditNoticeText({ amount: 5_000, type: "topup", metadata: { gateway: "paystack", channel: "bank_transfer", fee: 0 } })).toBe(
      "₦5,000.00 from a bank transfer",
    );
    expect(creditNoticeText({ amount: 100, type: "topup", metadata: { gateway: "paystack", channel: "card", fee: 0 } })).toBe("₦100.00 from your card");
    expect(creditNoticeText({ amount: 50, type: "other", metadata: { fee: 0 } })).toBe("₦50.00 from Kolo");
  });
});
