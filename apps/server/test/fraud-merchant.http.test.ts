// Fraud monitoring of merchant wallet payments (docs/product.md "Fraud controls"): a QR payment, an
// invoice payment and a payment link paid from a wallet each go through the four rules in their
// own database transaction. A hit holds the payer's money (202 'Under review', `pending`, a fraud
// review item), nothing reaches the merchant, the invoice or the link keeps the payment's place;
// release completes it as an unscreened payment (merchant credited, invoice paid, link counted),
// reject gives the money back. Real server, real PostgreSQL; monitoring turned on here.
import { setFraudSetting, schema, verifyLedger } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, api, balanceOf, call, useTestServer } from "./helpers";

const files = useTestServer({ admin: "Merchant Fraud Admin", authRateLimit: { max: 10_000, windowMs: 60_000 } });
const { t } = files;

beforeAll(async () => {
  await setFraudSetting(t.db, "enabled", 1n);
});

interface Paid {
  message: string;
  transaction: { reference: string; status: string; metadata: { fraudReview?: { rules: string[]; state: string } } };
}

const merchantBalance = async (c: Client) => (await call<{ balance: number }>(c, "GET", "/api/merchants/me")).body.balance;
const resolve = (id: number, action: string) => api(files.admin, "POST", `/api/admin/reviews/${id}/resolve`, { action, note: "Checked with the payer" });
const recordOf = async (reference: string) => (await t.db.select().from(schema.transactions).where(eq(schema.transactions.reference, reference)))[0]!;
const invoiceRow = async (id: number) => (await t.db.select().from(schema.invoices).where(eq(schema.invoices.id, id)))[0]!;
const linkRow = async (id: number) => (await t.db.select().from(schema.paymentLinks).where(eq(schema.paymentLinks.id, id)))[0]!;

/** A merchant's owner (an old account: its own payments are not what is screened here) and the merchant's id. */
async function merchant(name: string) {
  const owner = await files.user(`${name} Owner`);
  const created = await call<{ id: number }>(owner, "POST", "/api/merchants", { name, description: "Food and drinks", category: "Food" });
  expect(created.status).toBe(201);
  return { owner, merchantId: created.body.id };
}

async function ledgerSound() {
  expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  const verification = await verifyLedger(t.db, { full: true });
  expect(verification.checks.filter((c) => !c.ok)).toEqual([]);
}

/** A fresh payer's first payment above half the balance: held by the new-device rule. */
async function expectHeld(answer: { status: number; body: Paid }) {
  expect([answer.status, answer.body.message, answer.body.transaction.status]).toEqual([202, "Under review", "pending"]);
  expect(answer.body.transaction.metadata.fraudReview).toEqual({ rules: ["new_device_share"], state: "held" });
  const reference = answer.body.transaction.reference;
  const [item] = await t.db
    .select()
    .from(schema.reviewItems)
    .where(and(eq(schema.reviewItems.reference, reference), eq(schema.reviewItems.kind, "fraud")));
  expect(item).toMatchObject({ status: "open", cause: "fraud" });
  const [hold] = await t.db.select().from(schema.holds).where(eq(schema.holds.reference, reference));
  expect(hold?.status).toBe("held");
  return item!;
}

describe("a QR payment", () => {
  it("is held: the payer's money on hold, the merchant's balance unmoved; a repeat answers the same hold; release credits the merchant once", async () => {
    const { owner, merchantId } = await merchant("Held Kitchen");
    const payer = await files.user("QR Payer", 10_000);
    const pay = () => call<Paid>(payer, "POST", "/api/payments/merchant", { merchantId, amount: 6_000 }, { "idempotency-key": "qr-held-0001" });
    const held = await pay();
    const item = await expectHeld(held);
    expect([await balanceOf(payer), await merchantBalance(owner)]).toEqual([4_000, 0]);
    // The merchant is not told: the held payment is not among its transactions until released.
    const listed = async () => (await call<{ reference: string }[]>(owner, "GET", "/api/transactions/merchant")).body.map((r) => r.reference);
    expect(await listed()).toEqual([]);
    const again = await pay();
    expect([again.status, again.body.message, again.body.transaction.reference]).toEqual([202, "Under review", held.body.transaction.reference]);
    expect(await t.db.select().from(schema.holds).where(eq(schema.holds.userId, payer.user.id))).toHaveLength(1);

    expect((await resolve(item.id, "release")).status).toBe(200);
    expect([await balanceOf(payer), await merchantBalance(owner)]).toEqual([4_000, 6_000]);
    expect(await listed()).toEqual([item.reference]);
    const record = await recordOf(item.reference);
    expect([record.status, (record.metadata as Paid["transaction"]["metadata"]).fraudReview?.state]).toEqual(["completed", "released"]);
    expect((await resolve(item.id, "release")).status).toBe(409);
    expect((await resolve(item.id, "reject")).status).toBe(409);
    expect([await balanceOf(payer), await merchantBalance(owner)]).toEqual([4_000, 6_000]);
    // Released, it is a sale like any other: the merchant's analytics count it.
    const sales = await t.client`select count(*)::int as n from merchant_payments where reference = ${item.reference}`;
    expect(sales[0]?.n).toBe(1);
    await ledgerSound();
  });

  it("lets half the balance through at once, as before", async () => {
    const { owner, merchantId } = await merchant("Quick Kitchen");
    const payer = await files.user("Half QR Payer", 10_000);
    const paid = await call<Paid>(payer, "POST", "/api/payments/merchant", { merchantId, amount: 5_000 });
    expect([paid.status, paid.body.message, paid.body.transaction.status]).toEqual([200, "Payment Successful", "completed"]);
    expect(await merchantBalance(owner)).toBe(5_000);
  });

  it("reject gives the payer's money back and the merchant nothing", async () => {
    const { owner, merchantId } = await merchant("Rejected Kitchen");
    const payer = await files.user("Rejected QR Payer", 10_000);
    const item = await expectHeld(await call<Paid>(payer, "POST", "/api/payments/merchant", { merchantId, amount: 9_000 }));
    expect((await resolve(item.id, "reject")).status).toBe(200);
    expect([await balanceOf(payer), await merchantBalance(owner)]).toEqual([10_000, 0]);
    expect((await recordOf(item.reference)).status).toBe("failed");
    await ledgerSound();
  });
});

describe("an invoice payment", () => {
  it("is held with the invoice unpaid but its place kept; release pays the invoice; reject leaves it unpaid and payable", async () => {
    const { owner } = await merchant("Invoice Kitchen");
    const invoice = (await call<{ id: number }>(owner, "POST", "/api/invoices", { customerName: "Ada Obi", amount: 7_000 })).body;
    const payer = await files.user("Invoice Payer", 10_000);
    const item = await expectHeld(await call<Paid>(payer, "POST", `/api/payments/invoice/${invoice.id}`));
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "unpaid", amountPaid: 0n });
    expect(await merchantBalance(owner)).toBe(0);
    // Another payer cannot pay it meanwhile: the held payment keeps its place (no overpayment at release).
    const other = await files.user("Second Invoice Payer", 20_000);
    const refused = await call(other, "POST", `/api/payments/invoice/${invoice.id}`);
    expect([refused.status, refused.body.message]).toEqual([400, "Invoice already paid"]);

    expect((await resolve(item.id, "release")).status).toBe(200);
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", amountPaid: 700_000n });
    expect([await balanceOf(payer), await merchantBalance(owner)]).toEqual([3_000, 7_000]);
    await ledgerSound();

    const second = (await call<{ id: number }>(owner, "POST", "/api/invoices", { customerName: "Bola Ade", amount: 8_000 })).body;
    const rejectPayer = await files.user("Rejected Invoice Payer", 10_000);
    const rejected = await expectHeld(await call<Paid>(rejectPayer, "POST", `/api/payments/invoice/${second.id}`));
    expect((await resolve(rejected.id, "reject")).status).toBe(200);
    expect(await invoiceRow(second.id)).toMatchObject({ status: "unpaid", amountPaid: 0n });
    expect([await balanceOf(rejectPayer), await merchantBalance(owner)]).toEqual([10_000, 7_000]);
    expect((await call(other, "POST", `/api/payments/invoice/${second.id}`)).status).toBe(200);
    expect(await invoiceRow(second.id)).toMatchObject({ status: "paid", amountPaid: 800_000n });
    await ledgerSound();
  });

  it("a release after the merchant cancelled the invoice is refused; reject then gives the money back", async () => {
    const { owner } = await merchant("Cancelled Kitchen");
    const invoice = (await call<{ id: number }>(owner, "POST", "/api/invoices", { customerName: "Ada Obi", amount: 7_000 })).body;
    const payer = await files.user("Cancelled Invoice Payer", 10_000);
    const item = await expectHeld(await call<Paid>(payer, "POST", `/api/payments/invoice/${invoice.id}`));
    expect((await call(owner, "POST", `/api/invoices/${invoice.id}/cancel`)).status).toBe(200);
    expect((await resolve(item.id, "release")).status).toBe(409);
    expect(await merchantBalance(owner)).toBe(0);
    expect((await resolve(item.id, "reject")).status).toBe(200);
    expect(await balanceOf(payer)).toBe(10_000);
    await ledgerSound();
  });
});

describe("a payment link paid from a wallet", () => {
  it("is held, keeping its place under maxPayments; release counts it on the link and credits the merchant", async () => {
    const { owner } = await merchant("Link Kitchen");
    const link = (await call<{ id: number; slug: string }>(owner, "POST", "/api/merchants/me/links", { title: "Jollof tray", amount: 6_000, maxPayments: 1 }))
      .body;
    const payer = await files.user("Link Payer", 10_000);
    const item = await expectHeld(await call<Paid>(payer, "POST", `/api/links/${link.slug}/pay`, { channel: "wallet" }));
    expect(await linkRow(link.id)).toMatchObject({ paymentsCount: 0, totalKobo: 0n });
    expect(await merchantBalance(owner)).toBe(0);
    const other = await files.user("Second Link Payer", 50_000);
    expect((await call(other, "POST", `/api/links/${link.slug}/pay`, { channel: "wallet" })).status).toBe(400);

    expect((await resolve(item.id, "release")).status).toBe(200);
    expect(await linkRow(link.id)).toMatchObject({ paymentsCount: 1, totalKobo: 600_000n });
    expect([await balanceOf(payer), await merchantBalance(owner)]).toEqual([4_000, 6_000]);
    await ledgerSound();
  });

  it("reject gives the money back and frees the link's place", async () => {
    const { owner } = await merchant("Freed Kitchen");
    const link = (await call<{ id: number; slug: string }>(owner, "POST", "/api/merchants/me/links", { title: "Small chops", amount: 6_000, maxPayments: 1 }))
      .body;
    const payer = await files.user("Rejected Link Payer", 10_000);
    const item = await expectHeld(await call<Paid>(payer, "POST", `/api/links/${link.slug}/pay`, { channel: "wallet" }));
    expect((await resolve(item.id, "reject")).status).toBe(200);
    expect(await linkRow(link.id)).toMatchObject({ paymentsCount: 0, totalKobo: 0n });
    expect([await balanceOf(payer), await merchantBalance(owner)]).toEqual([10_000, 0]);
    const other = await files.user("Later Link Payer", 50_000);
    expect((await call(other, "POST", `/api/links/${link.slug}/pay`, { channel: "wallet" })).status).toBe(200);
    expect(await linkRow(link.id)).toMatchObject({ paymentsCount: 1 });
    await ledgerSound();
  });
});
