// Receipts anyone can check (docs/product.md "Receipts") through the REST adapter on a real
// PostgreSQL: a transaction's parties read its receipt (names, masked accounts, amount, fee,
// status, date, reference, an HMAC code); anyone checks a code without signing in and sees the
// ledger's record and nothing more (no e-mail, no balance); an altered or invented code matches
// nothing; checks are rate-limited per client.
import { afterAll, describe, expect, it } from "vitest";
import { type Client, api, fundWallet, useTestServer, signUp, startSandboxServer } from "./helpers";

const files = useTestServer();
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers) await close();
});

type Receipt = Record<string, unknown> & { verifyCode: string; verifyUrl: string; from: unknown; to: unknown };
const receiptOf = async (c: Client, reference: string) => {
  const response = await api(c, "GET", `/api/receipts/${reference}`);
  return { status: response.status, body: (await response.json()) as Receipt & { message?: string } };
};
const check = async (base: string, code: string) => {
  const response = await fetch(`${base}/api/receipts/verify/${code}`);
  return { status: response.status, text: await response.text() };
};

async function p2pReceipt() {
  const payer = await signUp(files.server.base, "Kemi Adeyemi");
  const payee = await signUp(files.server.base, "Ada Obi");
  await fundWallet(files.t.db, payer.user.id, 5_000);
  const sent = await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 1_250 });
  const { transaction } = (await sent.json()) as { transaction: { reference: string } };
  return { payer, payee, reference: transaction.reference };
}

describe("GET /api/receipts/{reference}", () => {
  it("the sender and the recipient read it, each with their direction; anyone else gets 'Receipt not found'", async () => {
    const { payer, payee, reference } = await p2pReceipt();
    const mine = await receiptOf(payer, reference);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      reference,
      type: "p2p",
      status: "completed",
      amount: 1_250,
      fee: 0,
      total: 1_250,
      direction: "debit",
      from: { name: "Kemi Adeyemi", account: "Kolo wallet" },
      to: { name: "Ada Obi", account: "Kolo wallet" },
    });
    expect(mine.body.verifyCode).toMatch(/^[a-z2-7]{16}$/);
    expect(mine.body.verifyUrl).toBe(`${files.server.base}/verify/${mine.body.verifyCode}`);
    expect(mine.body).toMatchObject({ title: "Transfer to a Kolo user", description: "Transfer to Ada Obi" });
    const theirs = await receiptOf(payee, reference);
    // Written from the reader's side: the recipient's receipt names who sent it.
    expect(theirs.body).toMatchObject({
      direction: "credit",
      verifyCode: mine.body.verifyCode,
      title: "Transfer from a Kolo user",
      description: "Transfer from Kemi Adeyemi",
    });
    const stranger = await signUp(files.server.base, "Someone Else");
    expect(await receiptOf(stranger, reference)).toMatchObject({ status: 404, body: { message: "Receipt not found" } });
    expect((await receiptOf(stranger, "NO-SUCH-REFERENCE")).status).toBe(404);
  });

  it("a bank transfer's receipt shows the bank's name beside the account masked as bank code, four bullets and the last four digits, and the bank's session id once paid", async () => {
    const c = await signUp(files.server.base, "Bank Payer");
    await fundWallet(files.t.db, c.user.id, 5_000);
    const sent = await api(c, "POST", "/api/transfer/bank", { bankCode: "058", accountNumber: "0987654327", amount: 1_000, transferFee: 50 });
    const { transaction } = (await sent.json()) as { transaction: { reference: string } };
    const receipt = await receiptOf(c, transaction.reference);
    expect(receipt.body).toMatchObject({
      title: "Bank transfer",
      fee: 50,
      total: 1_050,
      to: { name: "ADAEZE OKONKWO", account: "Guaranty Trust Bank 058 ••••4327" },
    });
    // Paystack's transfer.success carries the NIP session id: the receipt shows it as the provider reference.
    await expect
      .poll(async () => (await receiptOf(c, transaction.reference)).body)
      .toMatchObject({ status: "completed", providerReference: expect.stringMatching(/^\d{30}$/) });
  });
});

describe("GET /api/receipts/{reference}.pdf and .png", () => {
  it("the owner downloads a PDF and a 720-pixel PNG of the receipt; someone else gets 404 and no one signed out gets it", async () => {
    const { payer, reference } = await p2pReceipt();
    const pdf = await api(payer, "GET", `/api/receipts/${reference}.pdf`);
    expect([pdf.status, pdf.headers.get("content-type"), pdf.headers.get("content-disposition")]).toEqual([
      200,
      "application/pdf",
      `attachment; filename="kolo-receipt-${reference}.pdf"`,
    ]);
    const pdfBytes = Buffer.from(await pdf.arrayBuffer());
    expect(pdfBytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdfBytes.toString("latin1")).toContain(`Kolo receipt ${reference}`);

    const png = await api(payer, "GET", `/api/receipts/${reference}.png`);
    expect([png.status, png.headers.get("content-type")]).toEqual([200, "image/png"]);
    const pngBytes = Buffer.from(await png.arrayBuffer());
    expect(pngBytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(pngBytes.readUInt32BE(16)).toBe(720);

    const stranger = await signUp(files.server.base, "Someone Else");
    expect((await api(stranger, "GET", `/api/receipts/${reference}.pdf`)).status).toBe(404);
    expect((await fetch(`${files.server.base}/api/receipts/${reference}.png`)).status).toBe(401);
  });
});

describe("GET /api/receipts/verify/{code}", () => {
  it("anyone checks a code without signing in and sees the record, no e-mail and no balance; an altered or invented code matches nothing", async () => {
    const { payer, reference } = await p2pReceipt();
    const { verifyCode } = (await receiptOf(payer, reference)).body;
    const checked = await check(files.server.base, verifyCode);
    expect(checked.status).toBe(200);
    expect(JSON.parse(checked.text)).toEqual({
      reference,
      type: "p2p",
      title: "Transfer between Kolo users",
      status: "completed",
      amount: 1_250,
      fee: 0,
      createdAt: expect.any(String),
      date: expect.any(String),
      from: { name: "Kemi Adeyemi", account: "Kolo wallet" },
      to: { name: "Ada Obi", account: "Kolo wallet" },
      // The sender's note, which both parties see; none was given.
      narration: null,
    });
    expect(checked.text).not.toContain("@");
    expect(checked.text.toLowerCase()).not.toContain("balance");
    const altered = `${verifyCode.slice(0, -1)}${verifyCode.endsWith("a") ? "b" : "a"}`;
    for (const code of [altered, "aaaaaaaaaaaaaaaa", "not-a-code"]) {
      const refused = await check(files.server.base, code);
      expect([code, refused.status, JSON.parse(refused.text).message]).toEqual([code, 404, "No Kolo transaction matches this receipt"]);
    }
    // Typed by hand: capitals, spaces or dashes between the groups of four.
    const grouped = verifyCode.match(/.{4}/g)!;
    for (const typed of [verifyCode.toUpperCase(), grouped.join(" "), grouped.join("-").toUpperCase()]) {
      const found = await check(files.server.base, encodeURIComponent(typed));
      expect([typed, found.status, JSON.parse(found.text).reference]).toEqual([typed, 200, reference]);
    }
  });

  it("checks are rate-limited per client", async () => {
    const limited = await startSandboxServer(files.t.db, { authRateLimit: { max: 3, windowMs: 60_000 } });
    closers.push(() => limited.app.close());
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await check(limited.base, "aaaaaaaaaaaaaaaa")).status);
    expect(statuses).toEqual([404, 404, 404, 429]);
  });
});
