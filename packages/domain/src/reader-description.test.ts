import { describe, expect, it } from "vitest";
import { type DescribableTransaction, readerDescription, statementDescription } from "./reader-description";

const p2p: DescribableTransaction = {
  type: "p2p",
  description: "Transfer to Adaeze Okafor",
  senderId: 1,
  recipientId: 2,
  metadata: { senderName: "Chioma Okafor", recipientName: "Adaeze Okafor" },
};
const payout: DescribableTransaction = {
  type: "transfer",
  description: "Bank transfer to TUNDE BAKARE (Access Bank)",
  senderId: 1,
  recipientId: null,
  metadata: { channel: "bank_transfer", bankName: "Access Bank", accountNumber: "0000000017", accountName: "TUNDE BAKARE", feeKobo: 5000 },
};

describe("readerDescription", () => {
  it("the sender reads the record's words, the recipient of a transfer reads who sent it", () => {
    expect(readerDescription(p2p, 1)).toBe("Transfer to Adaeze Okafor");
    expect(readerDescription(p2p, 2)).toBe("Transfer from Chioma Okafor");
    expect(readerDescription(payout, 1)).toBe("Bank transfer to TUNDE BAKARE (Access Bank)");
  });
});

describe("statementDescription", () => {
  it("money coming back against its transaction's direction is a refund (sender) or a reversal (recipient)", () => {
    expect(statementDescription(payout, 1, -105_000n)).toBe("Bank transfer to TUNDE BAKARE (Access Bank)");
    expect(statementDescription(payout, 1, 105_000n)).toBe("Refund: Bank transfer to TUNDE BAKARE (Access Bank)");
    expect(statementDescription(p2p, 2, 250_000n)).toBe("Transfer from Chioma Okafor");
    expect(statementDescription(p2p, 2, -250_000n)).toBe("Reversal: Transfer from Chioma Okafor");
  });
});
