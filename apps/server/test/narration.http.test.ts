// A transfer's optional narration (docs/product.md "Transfers"): P2P and bank transfers take
// `narration`, stored on the record, sent to the bank as the payout's reason, and printed as
// 'Narration' on the sender's and the recipient's receipts and on the public receipt check. Too long
// or hostile: 400 and nothing moves; without it, as before. Through the REST adapter, on a real
// PostgreSQL and the Paystack sandbox.
import { schema } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Client, PAYOUT_ACCOUNTS, balanceOf, call, useTestServer } from "./helpers";

const files = useTestServer();

type Receipt = { narration: string | null; verifyCode: string };
const receiptOf = async (c: Client, reference: string) => (await call<Receipt>(c, "GET", `/api/receipts/${reference}`)).body;
const publicCheck = async (code: string) => (await (await fetch(`${files.server.base}/api/receipts/verify/${code}`)).json()) as Receipt;
const recordsOf = (c: Client) => files.t.db.select().from(schema.transactions).where(eq(schema.transactions.senderId, c.user.id));

describe("P2P with a narration", () => {
  it("is stored and shown on both receipts and the public check; without one, the receipts show none", async () => {
    const payer = await files.user("Narration Payer", 5_000);
    const payee = await files.user("Narration Payee");
    const sent = await call(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 1_000, narration: "  Rent for May  " });
    expect(sent.status).toBe(200);
    const transaction = sent.body.transaction as { reference: string; metadata: Record<string, unknown> };
    expect(transaction.metadata.note).toBe("Rent for May");
    const mine = await receiptOf(payer, transaction.reference);
    expect(mine.narration).toBe("Rent for May");
    expect((await receiptOf(payee, transaction.reference)).narration).toBe("Rent for May");
    expect((await publicCheck(mine.verifyCode)).narration).toBe("Rent for May");

    const plain = await call(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 100 });
    expect(plain.status).toBe(200);
    const plainReference = (plain.body.transaction as { reference: string }).reference;
    expect((await receiptOf(payee, plainReference)).narration).toBeNull();
    expect(await balanceOf(payer)).toBe(3_900);
    expect(await balanceOf(payee)).toBe(1_100);
  });

  it("too long, or with control characters: 400 under `narration`, and nothing moves", async () => {
    const payer = await files.user("Long Payer", 5_000);
    const payee = await files.user("Long Payee");
    for (const narration of ["x".repeat(101), "Rent\u0000", "line\nbreak", 42]) {
      const refused = await call(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 1_000, narration });
      expect([String(narration).length, refused.status, Object.keys(refused.body.details ?? {})]).toEqual([String(narration).length, 400, ["narration"]]);
    }
    expect(await recordsOf(payer)).toEqual([]);
    expect(await balanceOf(payer)).toBe(5_000);
    expect(await balanceOf(payee)).toBe(0);
  });
});

describe("bank transfer with a narration", () => {
  it("to a saved account and to a new recipient: on the receipt and sent to the bank as the reason", async () => {
    const c = await files.user("Narration Sender", 10_000);
    const saved = await call<{ id: number }>(c, "POST", "/api/bank-accounts", PAYOUT_ACCOUNTS.success);
    const toSaved = await call(c, "POST", "/api/transfer/bank", { bankAccountId: saved.body.id, amount: 1_000, transferFee: 50, narration: "School fees" });
    const toNew = await call(c, "POST", "/api/transfer/bank", {
      bankCode: "033",
      accountNumber: "1234567895",
      amount: 1_000,
      transferFee: 50,
      narration: "Gift",
    });
    for (const [answer, narration] of [
      [toSaved, "School fees"],
      [toNew, "Gift"],
    ] as const) {
      expect(answer.status).toBe(200);
      const reference = (answer.body.transaction as { reference: string }).reference;
      const receipt = await receiptOf(c, reference);
      expect(receipt.narration).toBe(narration);
      expect((await publicCheck(receipt.verifyCode)).narration).toBe(narration);
      const [payout] = await files.t.db.select().from(schema.paystackSandboxTransfers).where(eq(schema.paystackSandboxTransfers.reference, reference));
      expect(payout?.reason).toBe(narration);
    }
    // Without one, as before: the description is the bank's reason and the receipt shows no narration.
    const plain = await call(c, "POST", "/api/transfer/bank", { bankAccountId: saved.body.id, amount: 500, transferFee: 50 });
    const plainReference = (plain.body.transaction as { reference: string }).reference;
    expect((await receiptOf(c, plainReference)).narration).toBeNull();
    const [payout] = await files.t.db.select().from(schema.paystackSandboxTransfers).where(eq(schema.paystackSandboxTransfers.reference, plainReference));
    expect(payout?.reason).toMatch(/^Bank transfer to CHIOMA OKAFOR \(/);
    expect(await balanceOf(c)).toBe(10_000 - 1_050 - 1_050 - 550);
  });

  it("too long or hostile: 400 and nothing held", async () => {
    const c = await files.user("Hostile Sender", 10_000);
    const saved = await call<{ id: number }>(c, "POST", "/api/bank-accounts", PAYOUT_ACCOUNTS.success);
    for (const narration of ["y".repeat(101), "\u0007bell", "\u009bC1"]) {
      const refused = await call(c, "POST", "/api/transfer/bank", { bankAccountId: saved.body.id, amount: 1_000, transferFee: 50, narration });
      expect([refused.status, Object.keys(refused.body.details ?? {})]).toEqual([400, ["narration"]]);
    }
    expect(await recordsOf(c)).toEqual([]);
    expect(await balanceOf(c)).toBe(10_000);
    expect(await ledgerInvariants(files.t.client)).toEqual(LEDGER_CONSISTENT);
  });
});
