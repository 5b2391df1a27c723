import { formatDateTime } from "@kolo/domain";
import { describe, expect, it } from "vitest";
import type { TransactionView } from "../../lib/transactions";
import { balanceEffect, signedAmount } from "../../lib/transactions";
import { transactionsCsv } from "./transactions-csv";

const base: TransactionView = {
  id: 1,
  type: "p2p",
  amount: 1250,
  fee: 0,
  status: "completed",
  reference: "P2P-1",
  createdAt: new Date("2026-11-21T23:30:00Z"),
  description: "Transfer to Bayo Lawal",
  senderId: 7,
  recipientId: 8,
  metadata: { senderName: "Ada Obi", recipientName: "Bayo Lawal", fee: 0 },
};

describe("signedAmount (docs/product.md#accounts-and-sessions)", () => {
  it("is a credit only when the viewer is the recipient", () => {
    expect(signedAmount(base, 8)).toBe("+₦1,250.00");
    expect(signedAmount(base, 7)).toBe("-₦1,250.00");
    expect(signedAmount({ ...base, recipientId: null }, 7)).toBe("-₦1,250.00");
  });

  it("has no sign when no money moved: a pending or failed top-up, a failed or reversed debit", () => {
    const topup = { ...base, type: "topup" as const, senderId: null, recipientId: 7, amount: 2000 };
    expect(signedAmount(topup, 7)).toBe("+₦2,000.00");
    expect(signedAmount({ ...topup, status: "pending" }, 7)).toBe("₦2,000.00");
    expect(signedAmount({ ...topup, status: "failed" }, 7)).toBe("₦2,000.00");
    expect(balanceEffect({ ...topup, status: "pending" }, 7)).toBe("none");
    expect(signedAmount({ ...base, status: "failed" }, 7)).toBe("₦1,250.00");
    expect(signedAmount({ ...base, status: "reversed" }, 7)).toBe("₦1,250.00");
    // a payout hold has left the wallet while pending
    expect(signedAmount({ ...base, status: "pending" }, 7)).toBe("-₦1,250.00");
  });
});

describe("transactionsCsv", () => {
  it("has the header, one row per transaction, Lagos dates and unsigned amounts", () => {
    const csv = transactionsCsv(
      [base, { ...base, id: 2, type: "topup", amount: 5000, reference: "TOP-1", description: "Wallet top-up", senderId: null, recipientId: 7 }],
      7,
    );
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("Date,Reference,Type,Description,Direction,Amount (NGN),Status,Balance change (NGN)");
    expect(lines).toHaveLength(3);
    // 23:30 UTC on the 21st is the 22nd in Lagos.
    expect(lines[1]).toBe(`"${formatDateTime(base.createdAt)}",P2P-1,Transfer,Transfer to Bayo Lawal,Debit,1250.00,Completed,-1250.00`);
    expect(lines[1]).toMatch(/^"22\/11\/2026, /);
    expect(lines[2]).toContain("TOP-1,Top-up,Wallet top-up,Credit,5000.00,Completed,5000.00");
  });

  it("says a failed or pending top-up changed the balance by 0.00, and a debit by amount plus fee", () => {
    const topup = { ...base, type: "topup" as const, senderId: null, recipientId: 7, amount: 2000, reference: "TOP-2", description: "Wallet top-up" };
    const csv = transactionsCsv(
      [
        { ...topup, status: "failed" },
        { ...topup, status: "pending" },
        { ...base, type: "transfer", fee: 12.5 },
      ],
      7,
    );
    const lines = csv.split("\r\n");
    expect(lines[1]).toMatch(/,Credit,2000\.00,Failed,0\.00$/);
    expect(lines[2]).toMatch(/,Credit,2000\.00,Pending,0\.00$/);
    expect(lines[3]).toMatch(/,Debit,1250\.00,Completed,-1262\.50$/);
  });

  it("neutralises spreadsheet formulae in free text", () => {
    const csv = transactionsCsv([{ ...base, description: '=HYPERLINK("http://x")' }], 7);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
  });
});
