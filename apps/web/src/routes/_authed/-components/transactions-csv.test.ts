import { formatDateTime } from "@kolo/domain";
import { describe, expect, it } from "vitest";
import type { TransactionView } from "../../../lib/transactions";
import { signedAmount } from "../../../lib/transactions";
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
  metadata: { senderName: "Ada Obi", senderEmail: "ada@example.com", recipientName: "Bayo Lawal", recipientEmail: "bayo@example.com", fee: 0 },
};

describe("signedAmount (spec 01 §3)", () => {
  it("is a credit only when the viewer is the recipient", () => {
    expect(signedAmount(base, 8)).toBe("+₦1,250.00");
    expect(signedAmount(base, 7)).toBe("-₦1,250.00");
    expect(signedAmount({ ...base, recipientId: null }, 7)).toBe("-₦1,250.00");
  });
});

describe("transactionsCsv", () => {
  it("has the header, one row per transaction, Lagos dates and unsigned amounts", () => {
    const csv = transactionsCsv([base, { ...base, id: 2, type: "topup", amount: 5000, reference: "TOP-1", description: "Wallet top-up", senderId: null, recipientId: 7 }], 7);
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("Date,Reference,Type,Description,Direction,Amount (NGN),Status");
    expect(lines).toHaveLength(3);
    // 23:30 UTC on the 21st is the 22nd in Lagos.
    expect(lines[1]).toBe(`"${formatDateTime(base.createdAt)}",P2P-1,Transfer,Transfer to Bayo Lawal,Debit,1250.00,Completed`);
    expect(lines[1]).toMatch(/^"22\/11\/2026, /);
    expect(lines[2]).toContain("TOP-1,Top-up,Wallet top-up,Credit,5000.00,Completed");
  });

  it("neutralises spreadsheet formulae in free text", () => {
    const csv = transactionsCsv([{ ...base, description: "=HYPERLINK(\"http://x\")" }], 7);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
  });
});
