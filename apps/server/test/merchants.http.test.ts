// Merchant accounts, invoices, merchant and invoice payments, merchant withdraw, through
// the real server's REST paths (Fastify inject) on a real PostgreSQL database.
import { schema } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants, promoteToAdmin } from "@kolo/db/testing";
import { parsePaymentLink } from "@kolo/domain";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { seedDemoUsers } from "../src/seed";
import { registerOverHttp, useTestApp } from "./helpers";

const { t, app, call, fund, withSwitchOff } = useTestApp();
type Client = Awaited<ReturnType<typeof registerOverHttp>>;

const body = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json<T>();
const balanceOf = async (c: Client) => body<{ balance: number }>(await call(c, "GET", "/api/auth/me")).balance;
const merchantBalance = async (c: Client) => body<{ balance: number }>(await call(c, "GET", "/api/merchants/me")).balance;

async function merchantUser(name = "Mama Put") {
  const owner = await registerOverHttp(app);
  const response = await call(owner, "POST", "/api/merchants", { name, description: "My merchant business", category: "Food" });
  expect(response.statusCode).toBe(201);
  return { owner, merchant: body<{ id: number; name: string }>(response) };
}

async function payer(naira = 5_000) {
  const c = await registerOverHttp(app);
  if (naira > 0) await fund(c, naira);
  return c;
}

/** The ledger's invariants (ledgerInvariants) plus invoices never overpaid and merchant wallets equal to their records. */
async function invariants() {
  const c = t.client;
  const [invoicesOff] = await c`
    select count(*)::int as n from invoices i
    where i.amount_paid <> coalesce((select sum(amount) from transactions where type = 'payment' and (metadata->>'invoiceId')::int = i.id), 0)`;
  const [merchantDrift] = await c`
    select count(*)::int as n from merchants m join ledger_accounts a on a.kind = 'merchant_wallet' and a.user_id = m.user_id
    where a.balance <> coalesce((select sum(case when metadata->>'channel' = 'merchant_withdrawal' then -amount else amount end)
      from transactions where type = 'payment' and (metadata->>'merchantId')::int = m.id), 0)`;
  return { ...(await ledgerInvariants(c)), invoicesOff: invoicesOff!.n, merchantDrift: merchantDrift!.n };
}
const CONSISTENT = { ...LEDGER_CONSISTENT, invoicesOff: 0, merchantDrift: 0 };

describe("merchant accounts", () => {
  it("creates one merchant account per user, with the spec's shapes", async () => {
    const owner = await registerOverHttp(app);
    const created = await call(owner, "POST", "/api/merchants", { name: "My Business", description: "My merchant business", category: "Retail" });
    expect(created.statusCode).toBe(201);
    const merchant = body(created);
    expect(merchant).toEqual({ id: expect.any(Number), name: "My Business", description: "My merchant business", category: "Retail", balance: 0 });
    expect(body(await call(owner, "GET", "/api/merchants/me"))).toEqual(merchant);
    expect(body(await call(owner, "GET", "/api/auth/me"))).toMatchObject({ role: "merchant", merchantId: merchant.id });

    const again = await call(owner, "POST", "/api/merchants", { name: "Second", description: "", category: "Retail" });
    expect(again.statusCode).toBe(409);
    expect(body(again)).toEqual({ code: "CONFLICT", message: "You already have a merchant account", details: null });

    const other = await registerOverHttp(app);
    expect(body(await call(other, "GET", `/api/merchants/${merchant.id as number}`))).toEqual({ id: merchant.id, name: "My Business", category: "Retail" });
    const missing = await call(other, "GET", "/api/merchants/999999");
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toMatchObject({ code: "NOT_FOUND", message: "Could not find merchant details" });
    const none = await call(other, "GET", "/api/merchants/me");
    expect(none.statusCode).toBe(404);
    expect(body(none)).toMatchObject({ code: "NOT_FOUND", message: "Merchant account not found" });
  });

  it("one merchant account even when two creations race", async () => {
    const owner = await registerOverHttp(app);
    const responses = await Promise.all(
      [1, 2, 3].map((i) => call(owner, "POST", "/api/merchants", { name: `Shop ${i}`, description: "", category: "Retail" })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await t.db.$count(schema.merchants, eq(schema.merchants.userId, owner.user.id))).toBe(1);
  });

  it("refuses creation with feature_merchant off (admins pass)", async () => {
    const owner = await registerOverHttp(app);
    await withSwitchOff("feature_merchant", async () => {
      const response = await call(owner, "POST", "/api/merchants", { name: "Shop", description: "", category: "Retail" });
      expect(response.statusCode).toBe(403);
      expect(body(response)).toMatchObject({ code: "FEATURE_DISABLED", message: "Feature disabled by administrator" });
    });
  });

  it("seeds the demo merchant with a real merchant account", async () => {
    await seedDemoUsers(t.db);
    await seedDemoUsers(t.db);
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.email, "merchant@kolo.test"));
    const rows = await t.db.select().from(schema.merchants).where(eq(schema.merchants.userId, user!.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Test Store", category: "Retail" });
    expect(user!.merchantId).toBe(rows[0]!.id);
  });
});

describe("POST /api/payments/merchant", () => {
  it("moves money from the payer's wallet to the merchant wallet, free, recorded for both sides", async () => {
    const { owner, merchant } = await merchantUser();
    const c = await payer(5_000);
    const response = await call(c, "POST", "/api/payments/merchant", { merchantId: merchant.id, amount: 1_200.5 });
    expect(response.statusCode).toBe(200);
    const result = body<{
      message: string;
      transaction: { type: string; amount: number; fee: number; status: string; reference: string; senderId: number };
      merchant: object;
    }>(response);
    expect(result.message).toBe("Payment Successful");
    expect(result.transaction).toMatchObject({ type: "payment", amount: 1_200.5, fee: 0, status: "completed", senderId: c.user.id });
    expect(result.merchant).toEqual({ id: merchant.id, name: "Mama Put", category: "Food" });
    expect(await balanceOf(c)).toBe(3_799.5);
    expect(await merchantBalance(owner)).toBe(1_200.5);
    expect(await balanceOf(owner)).toBe(0);

    const merchantList = body<{ reference: string; recipientId: number; description: string }[]>(await call(owner, "GET", "/api/transactions/merchant"));
    expect(merchantList).toHaveLength(1);
    expect(merchantList[0]).toMatchObject({
      reference: result.transaction.reference,
      recipientId: owner.user.id,
      description: expect.stringContaining("Payment from"),
    });
    const payerList = body<{ reference: string; description: string }[]>(await call(c, "GET", "/api/transactions"));
    expect(payerList.find((r) => r.reference === result.transaction.reference)?.description).toBe("Payment to Mama Put");
    expect(await invariants()).toEqual(CONSISTENT);
  });

  it("refuses a bad amount, an unknown merchant, your own merchant and more than the balance", async () => {
    const { owner, merchant } = await merchantUser();
    await fund(owner, 1_000);
    const c = await payer(100);
    const cases: [Client, unknown, number, string, string][] = [
      [c, { merchantId: merchant.id, amount: 0 }, 400, "VALIDATION", "Invalid Amount"],
      [c, { merchantId: merchant.id, amount: -5 }, 400, "VALIDATION", "Invalid Amount"],
      [c, { merchantId: 999_999, amount: 10 }, 404, "NOT_FOUND", "Could not find merchant details"],
      [owner, { merchantId: merchant.id, amount: 10 }, 400, "RULE_VIOLATION", "You cannot pay your own merchant account"],
      [c, { merchantId: merchant.id, amount: 100.01 }, 400, "INSUFFICIENT_BALANCE", "Insufficient Balance"],
    ];
    for (const [who, payload, status, code, message] of cases) {
      const response = await call(who, "POST", "/api/payments/merchant", payload);
      expect([response.statusCode, body(response).code, body(response).message]).toEqual([status, code, message]);
    }
    expect(await balanceOf(c)).toBe(100);
    expect(await merchantBalance(owner)).toBe(0);
    expect(await invariants()).toEqual(CONSISTENT);
  });

  it("is idempotent: the same Idempotency-Key, even concurrently, pays once; another request under it is refused", async () => {
    const { owner, merchant } = await merchantUser();
    const c = await payer(5_000);
    const headers = { "idempotency-key": `pay-${c.user.id}-abcdef` };
    const responses = await Promise.all([1, 2, 3, 4].map(() => call(c, "POST", "/api/payments/merchant", { merchantId: merchant.id, amount: 700 }, headers)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(responses.map((r) => body<{ transaction: { reference: string } }>(r).transaction.reference)).size).toBe(1);
    expect(await balanceOf(c)).toBe(4_300);
    expect(await merchantBalance(owner)).toBe(700);
    const other = await call(c, "POST", "/api/payments/merchant", { merchantId: merchant.id, amount: 800 }, headers);
    expect(other.statusCode).toBe(409);
    expect(body(other).code).toBe("IDEMPOTENCY_KEY_REUSED");
    expect(await balanceOf(c)).toBe(4_300);
    expect(await invariants()).toEqual(CONSISTENT);
  });

  it("counts against the payer's daily limit (level 0: ₦50,000)", async () => {
    const { owner, merchant } = await merchantUser();
    const c = await payer(60_000);
    expect((await call(c, "POST", "/api/payments/merchant", { merchantId: merchant.id, amount: 49_999 })).statusCode).toBe(200);
    const over = await call(c, "POST", "/api/payments/merchant", { merchantId: merchant.id, amount: 2 });
    expect(over.statusCode).toBe(400);
    expect(body(over)).toMatchObject({ code: "DAILY_LIMIT_EXCEEDED", details: { remainingAllowance: 1, dailyLimit: 50_000 } });
    expect((await call(c, "POST", "/api/payments/merchant", { merchantId: merchant.id, amount: 1 })).statusCode).toBe(200);
    expect(await merchantBalance(owner)).toBe(50_000);
    expect(await balanceOf(c)).toBe(10_000);
  });

  it("is refused with feature_scan_pay off, on both payment calls (admins pass)", async () => {
    const { owner, merchant } = await merchantUser();
    const invoice = body<{ id: number }>(await call(owner, "POST", "/api/invoices", { customerName: "Ada", amount: 10 }));
    const c = await payer(1_000);
    const admin = await payer(1_000);
    await promoteToAdmin(t.db, admin.user.id);
    await withSwitchOff("feature_scan_pay", async () => {
      for (const [url, payload] of [
        ["/api/payments/merchant", { merchantId: merchant.id, amount: 10 }],
        [`/api/payments/invoice/${invoice.id}`, undefined],
      ] as const) {
        const response = await call(c, "POST", url, payload);
        expect(response.statusCode).toBe(403);
        expect(body(response)).toMatchObject({ code: "FEATURE_DISABLED", message: "Feature disabled by administrator" });
      }
      expect((await call(admin, "POST", "/api/payments/merchant", { merchantId: merchant.id, amount: 10 })).statusCode).toBe(200);
    });
    expect(await balanceOf(c)).toBe(1_000);
  });
});

describe("invoices", () => {
  it("needs a merchant account and validates the payload with the spec's messages", async () => {
    const c = await registerOverHttp(app);
    const none = await call(c, "POST", "/api/invoices", { customerName: "Ada Obi", amount: 100 });
    expect(none.statusCode).toBe(404);
    expect(body(none)).toMatchObject({ code: "NOT_FOUND", message: "Merchant account required to create invoices" });
    const { owner } = await merchantUser();
    const bad = await call(owner, "POST", "/api/invoices", { customerName: "A", amount: 100 });
    expect([bad.statusCode, body(bad).message]).toEqual([400, "Customer name is required"]);
    const badAmount = await call(owner, "POST", "/api/invoices", { customerName: "Ada", amount: -1 });
    expect([badAmount.statusCode, body(badAmount).message]).toEqual([400, "Amount must be positive"]);
    await withSwitchOff("feature_merchant", async () => {
      expect((await call(owner, "POST", "/api/invoices", { customerName: "Ada", amount: 100 })).statusCode).toBe(403);
    });
  });

  it("creates an invoice with its payment link (by token); payers read it by the token only, without the customer's details; the merchant lists it", async () => {
    const { owner, merchant } = await merchantUser("Shop & Co");
    const created = await call(owner, "POST", "/api/invoices", {
      customerName: "Ada Obi",
      customerEmail: "ada@example.com",
      amount: 2_500,
      description: "Catering",
      dueDate: "2026-12-31",
      allowPartialPayment: true,
      sendReminder: true,
      generatePaymentLink: true,
      merchantId: 424242,
    });
    expect(created.statusCode).toBe(201);
    const invoice = body<{ id: number; paymentLink: string; token: string }>(created);
    expect(invoice.token).toMatch(/^[A-Za-z0-9_-]{32}$/); // 24 random bytes: 192 bits
    expect(invoice).toMatchObject({
      merchantId: merchant.id,
      merchantName: "Shop & Co",
      customerName: "Ada Obi",
      customerEmail: "ada@example.com",
      amount: 2_500,
      amountPaid: 0,
      amountDue: 2_500,
      status: "unpaid",
      allowPartialPayment: true,
      sendReminder: true,
      generatePaymentLink: true,
      dueDate: "2026-12-31",
    });
    expect(parsePaymentLink(invoice.paymentLink)).toEqual({ type: "invoice", invoiceToken: invoice.token, merchantName: "Shop & Co", amount: 2_500 });
    const plain = body<{ paymentLink: null }>(await call(owner, "POST", "/api/invoices", { customerName: "Bola", amount: 5, customerEmail: "" }));
    expect(plain.paymentLink).toBeNull();

    const c = await registerOverHttp(app);
    // By its sequential id, only its merchant reads it (any signed-in user used to).
    const byId = await call(c, "GET", `/api/invoices/${invoice.id}`);
    expect([byId.statusCode, body(byId).message]).toEqual([404, "Could not find invoice details"]);
    expect((await call(owner, "GET", `/api/invoices/${invoice.id}`)).statusCode).toBe(200);
    const seen = body(await call(c, "GET", `/api/invoices/by-token/${invoice.token}`));
    expect(seen).toEqual({
      id: invoice.id,
      merchantId: merchant.id,
      merchantName: "Shop & Co",
      amount: 2_500,
      amountPaid: 0,
      amountDue: 2_500,
      status: "unpaid",
      allowPartialPayment: true,
      description: "Catering",
      dueDate: "2026-12-31",
      overdue: false,
      paidAt: null,
    });
    const missing = await call(c, "GET", "/api/invoices/999999");
    expect((await call(c, "GET", `/api/invoices/by-token/${"A".repeat(32)}`)).statusCode).toBe(404);
    expect([missing.statusCode, body(missing).message]).toEqual([404, "Could not find invoice details"]);
    const list = body<{ id: number }[]>(await call(owner, "GET", "/api/invoices"));
    expect(list.map((i) => i.id)).toEqual([(plain as unknown as { id: number }).id, invoice.id]);
  });
});

describe("POST /api/payments/invoice/{invoiceId}", () => {
  it("pays in full with an empty body; a second payment is refused 'Invoice already paid'", async () => {
    const { owner } = await merchantUser();
    const invoice = body<{ id: number }>(await call(owner, "POST", "/api/invoices", { customerName: "Ada", amount: 1_500 }));
    const c = await payer(2_000);
    const paid = await call(c, "POST", `/api/payments/invoice/${invoice.id}`);
    expect(paid.statusCode).toBe(200);
    expect(body(paid)).toMatchObject({
      message: "Payment Successful",
      transaction: { amount: 1_500, fee: 0, type: "payment" },
      invoice: { status: "paid", amountDue: 0 },
    });
    const again = await call(c, "POST", `/api/payments/invoice/${invoice.id}`);
    expect([again.statusCode, body(again).code, body(again).message]).toEqual([400, "RULE_VIOLATION", "Invoice already paid"]);
    expect(await balanceOf(c)).toBe(500);
    expect(await merchantBalance(owner)).toBe(1_500);
    const unknown = await call(c, "POST", "/api/payments/invoice/999999");
    expect([unknown.statusCode, body(unknown).message]).toEqual([404, "Could not find invoice details"]);
    expect(await invariants()).toEqual(CONSISTENT);
  });

  it("takes parts when the invoice allows it, refuses overpaying, and only the exact amount otherwise", async () => {
    const { owner } = await merchantUser();
    const partial = body<{ id: number }>(await call(owner, "POST", "/api/invoices", { customerName: "Ada", amount: 1_000, allowPartialPayment: true }));
    const whole = body<{ id: number }>(await call(owner, "POST", "/api/invoices", { customerName: "Bola", amount: 1_000 }));
    const c = await payer(5_000);
    const first = await call(c, "POST", `/api/payments/invoice/${partial.id}`, { amount: 400 });
    expect(body(first)).toMatchObject({ invoice: { status: "partially_paid", amountPaid: 400, amountDue: 600 } });
    const over = await call(c, "POST", `/api/payments/invoice/${partial.id}`, { amount: 600.01 });
    expect([over.statusCode, body(over).message]).toEqual([400, "Amount exceeds the amount due on this invoice"]);
    const rest = await call(c, "POST", `/api/payments/invoice/${partial.id}`, { amount: 600 });
    expect(body(rest)).toMatchObject({ invoice: { status: "paid", amountPaid: 1_000, amountDue: 0 } });

    const part = await call(c, "POST", `/api/payments/invoice/${whole.id}`, { amount: 500 });
    expect([part.statusCode, body(part).message]).toEqual([400, "This invoice must be paid in full"]);
    const overWhole = await call(c, "POST", `/api/payments/invoice/${whole.id}`, { amount: 1_500 });
    expect([overWhole.statusCode, body(overWhole).message]).toEqual([400, "Amount exceeds the amount due on this invoice"]);
    expect((await call(c, "POST", `/api/payments/invoice/${whole.id}`, { amount: 1_000 })).statusCode).toBe(200);
    expect(await balanceOf(c)).toBe(3_000);
    expect(await merchantBalance(owner)).toBe(2_000);
    expect(await invariants()).toEqual(CONSISTENT);
  });

  it("concurrent payers of one invoice never pay more than its amount", async () => {
    const { owner } = await merchantUser();
    const partial = body<{ id: number }>(await call(owner, "POST", "/api/invoices", { customerName: "Ada", amount: 1_000, allowPartialPayment: true }));
    const whole = body<{ id: number }>(await call(owner, "POST", "/api/invoices", { customerName: "Bola", amount: 1_000 }));
    const payers = await Promise.all(Array.from({ length: 8 }, () => payer(2_000)));
    const parts = await Promise.all(payers.map((c) => call(c, "POST", `/api/payments/invoice/${partial.id}`, { amount: 300 })));
    expect(parts.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(parts.filter((r) => r.statusCode === 400).map((r) => body(r).message)).toEqual(Array(5).fill("Amount exceeds the amount due on this invoice"));
    const fulls = await Promise.all(payers.map((c) => call(c, "POST", `/api/payments/invoice/${whole.id}`)));
    expect(fulls.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(fulls.filter((r) => r.statusCode === 400).map((r) => body(r).message)).toEqual(Array(7).fill("Invoice already paid"));
    const [row] = await t.db.select().from(schema.invoices).where(eq(schema.invoices.id, partial.id));
    expect(row).toMatchObject({ amountPaid: 90_000n, status: "partially_paid" });
    expect(await merchantBalance(owner)).toBe(1_900);
    expect(await invariants()).toEqual(CONSISTENT);
  });

  it("is idempotent under an Idempotency-Key", async () => {
    const { owner } = await merchantUser();
    const invoice = body<{ id: number }>(await call(owner, "POST", "/api/invoices", { customerName: "Ada", amount: 300 }));
    const c = await payer(1_000);
    const headers = { "idempotency-key": `inv-${c.user.id}-123456` };
    const responses = await Promise.all([1, 2, 3].map(() => call(c, "POST", `/api/payments/invoice/${invoice.id}`, undefined, headers)));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(responses.map((r) => body<{ transaction: { reference: string } }>(r).transaction.reference)).size).toBe(1);
    expect(await balanceOf(c)).toBe(700);
    expect(await merchantBalance(owner)).toBe(300);
  });
});

describe("POST /api/merchants/withdraw", () => {
  it("moves the merchant balance to the owner's wallet as one journal entry, once per key", async () => {
    const { owner, merchant } = await merchantUser();
    const c = await payer(5_000);
    await call(c, "POST", "/api/payments/merchant", { merchantId: merchant.id, amount: 2_000 });
    const part = await call(owner, "POST", "/api/merchants/withdraw", { amount: 500 });
    expect(part.statusCode).toBe(200);
    expect(body(part)).toMatchObject({
      message: "Withdrawal Successful",
      transaction: { amount: 500, recipientId: owner.user.id },
      merchant: { balance: 1_500 },
    });
    const headers = { "idempotency-key": `mwd-${owner.user.id}-abcdef` };
    const all = await Promise.all([1, 2].map(() => call(owner, "POST", "/api/merchants/withdraw", {}, headers)));
    expect(all.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set(all.map((r) => body<{ transaction: { reference: string } }>(r).transaction.reference)).size).toBe(1);
    expect(await merchantBalance(owner)).toBe(0);
    expect(await balanceOf(owner)).toBe(2_000);
    const [entries] = await t.client`
      select count(*)::int as n from journal_entries j join transactions r on r.id = j.transaction_id
      where r.type = 'payment' and r.metadata->>'channel' = 'merchant_withdrawal' and (r.metadata->>'merchantId')::int = ${merchant.id}`;
    expect(entries!.n).toBe(2);
    const empty = await call(owner, "POST", "/api/merchants/withdraw", {});
    expect([empty.statusCode, body(empty).message]).toEqual([400, "Your merchant balance is empty"]);
    const tooMuch = await call(owner, "POST", "/api/merchants/withdraw", { amount: 1 });
    expect([tooMuch.statusCode, body(tooMuch).code]).toEqual([400, "INSUFFICIENT_BALANCE"]);
    const history = body<{ recipientId: number; amount: number; type: string }[]>(await call(owner, "GET", "/api/transactions"));
    expect(history.filter((r) => r.type === "payment").map((r) => [r.amount, r.recipientId])).toEqual([
      [1_500, owner.user.id],
      [500, owner.user.id],
    ]);
    const noMerchant = await call(c, "POST", "/api/merchants/withdraw", {});
    expect([noMerchant.statusCode, body(noMerchant).message]).toEqual([404, "Merchant account not found"]);
    await withSwitchOff("feature_merchant", async () => {
      expect((await call(owner, "POST", "/api/merchants/withdraw", {})).statusCode).toBe(403);
    });
    expect(await invariants()).toEqual(CONSISTENT);
  });
});

describe("invoices by token: pay, cancel, overdue", () => {
  it("a customer pays by the token; a merchant cancels an unpaid invoice, which is then refused; an overdue one stays payable", async () => {
    const { owner } = await merchantUser("Token Shop");
    const make = async (extra: Record<string, unknown> = {}) =>
      body<{ id: number; token: string; status: string; overdue: boolean }>(
        await call(owner, "POST", "/api/invoices", { customerName: "Kemi", amount: 300, generatePaymentLink: true, ...extra }),
      );
    const c = await registerOverHttp(app);
    await fund(c, 2_000);

    const invoice = await make();
    const paid = await call(c, "POST", `/api/payments/invoice/by-token/${invoice.token}`, {}, { "idempotency-key": "pay-by-token-1" });
    expect([paid.statusCode, body<{ invoice: { status: string } }>(paid).invoice.status]).toEqual([200, "paid"]);
    // The paid invoice's page says when it was paid.
    const paidView = body<{ paidAt: string | null; amountPaid: number }>(await call(c, "GET", `/api/invoices/by-token/${invoice.token}`));
    expect(paidView.amountPaid).toBe(300);
    expect(Date.now() - Date.parse(paidView.paidAt ?? "")).toBeLessThan(10 * 60_000);

    const toCancel = await make();
    const stranger = await registerOverHttp(app);
    expect((await call(stranger, "POST", `/api/invoices/${toCancel.id}/cancel`)).statusCode).toBe(404);
    const cancelled = await call(owner, "POST", `/api/invoices/${toCancel.id}/cancel`);
    expect([cancelled.statusCode, body<{ invoice: { status: string } }>(cancelled).invoice.status]).toEqual([200, "cancelled"]);
    const refused = await call(c, "POST", `/api/payments/invoice/by-token/${toCancel.token}`);
    expect([refused.statusCode, body(refused).message]).toEqual([400, "This invoice was cancelled"]);
    expect((await call(owner, "POST", `/api/invoices/${invoice.id}/cancel`)).statusCode).toBe(400); // paid: not cancellable

    const overdue = await make({ dueDate: "2020-01-31" });
    expect(body<{ overdue: boolean }>(await call(c, "GET", `/api/invoices/by-token/${overdue.token}`)).overdue).toBe(true);
    expect((await call(c, "POST", `/api/payments/invoice/by-token/${overdue.token}`)).statusCode).toBe(200);
  });
});
