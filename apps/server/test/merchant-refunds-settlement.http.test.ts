// Merchant refunds (wallet and card) and settlement (settings, payouts to the settlement account,
// the daily automatic settlement run with the test's own clock), through the real server's REST
// paths against the Paystack sandbox over HTTP, on a real PostgreSQL database. The sandbox's
// webhooks go to a capture: each test forwards the ones it wants, when it wants.
import { Jobs, SETTLEMENT_QUEUE, SETTLEMENT_SCHEDULE, autoSettlementKey, runAutoSettlement } from "@kolo/api";
import { ensureMerchantWallet, insertTransaction, postJournalEntry, schema, systemAccountId, verifyLedger } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { SYSTEM_ACCOUNTS } from "@kolo/domain";
import { paystackSignature } from "@kolo/providers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { type Client, PAYOUT_ACCOUNTS, api, forwardWebhook, json, useTestServer } from "./helpers";

const { t, server, capture, services, user, recordOf } = useTestServer({ capture: true });

const CHIOMA_BVN = { bvn: "22222222221", dateOfBirth: "1994-08-12", phoneNumber: "08031234567" };
const call = async <T = Record<string, unknown>>(c: Client, method: string, path: string, body?: unknown, headers?: Record<string, string>) => {
  const response = await api(c, method, path, body, headers);
  return { status: response.status, body: await json<T & { message?: string; code?: string; details?: Record<string, unknown> | null }>(response) };
};
const merchantBalance = async (c: Client) => (await call<{ balance: number }>(c, "GET", "/api/merchants/me")).body.balance;
const walletBalance = async (c: Client) => (await call<{ balance: number }>(c, "GET", "/api/auth/me")).body.balance;

/** A merchant owned by a new user named `name`. */
async function merchantOwner(name = "Chioma Okafor") {
  const owner = await user(name);
  const created = await call<{ id: number }>(owner, "POST", "/api/merchants", { name: "Chioma's Kitchen", description: "Food", category: "Food" });
  expect(created.status).toBe(201);
  return { owner, merchantId: created.body.id };
}

/** A wallet payer paying `naira` to the merchant (POST /api/payments/merchant); answers the payment's reference. */
async function walletPayment(merchantId: number, naira: number) {
  const payer = await user("Ada Payer", naira + 1_000);
  const paid = await call<{ transaction: { reference: string } }>(payer, "POST", "/api/payments/merchant", { merchantId, amount: naira });
  expect(paid.status).toBe(200);
  return { payer, reference: paid.body.transaction.reference };
}

/**
 * A card payment as the card branch of payment links records it: a paid charge in the Paystack
 * sandbox and a `payment` record (channel card, no sender, the guest's name and e-mail) crediting
 * the merchant wallet from the gateway's clearing account.
 */
async function cardPayment(owner: Client, merchantId: number, naira: number) {
  const reference = `link_${Math.random().toString(36).slice(2, 14)}`;
  const kobo = BigInt(naira * 100);
  await t.db.insert(schema.paystackSandboxCharges).values({
    reference,
    accessCode: Math.random().toString(16).slice(2, 20).padEnd(18, "0"),
    amount: naira * 100,
    currency: "NGN",
    email: "guest@example.com",
    callbackUrl: `${server.base}/l/x`,
    status: "success",
    paidAt: new Date(),
  });
  await t.db.transaction(async (tx) => {
    const record = await insertTransaction(tx, {
      type: "payment",
      amount: kobo,
      fee: 0n,
      status: "completed",
      reference,
      description: "Payment to Chioma's Kitchen",
      senderId: null,
      recipientId: null,
      idempotencyKey: null,
      metadata: { merchantId, merchantName: "Chioma's Kitchen", channel: "card", payerName: "Guest Payer", payerEmail: "guest@example.com" },
    });
    await postJournalEntry(tx, {
      idempotencyKey: `card-payment:${reference}`,
      kind: "merchant-card-payment",
      description: record.description,
      transactionId: record.id,
      postings: [
        { accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.gatewayClearing), amount: -kobo },
        { accountId: await ensureMerchantWallet(tx, owner.user.id), amount: kobo },
      ],
    });
  });
  return reference;
}

const refund = (c: Client, reference: string, body: Record<string, unknown>, key?: string) =>
  call<{ transaction: { reference: string; status: string; amount: number }; refundable: number }>(
    c,
    "POST",
    `/api/merchants/me/payments/${reference}/refunds`,
    body,
    key ? { "idempotency-key": key } : {},
  );

/** Posts a signed Paystack webhook to the server, as the sandbox would. */
async function sendWebhook(event: string, data: unknown) {
  const raw = JSON.stringify({ event, data });
  return forwardWebhook(server, { raw, signature: paystackSignature(raw, server.secretKey), body: { event, data: { reference: "", status: "" } } });
}

/** The ledger's invariants, and the full verification (hash chains, holds, daily counters against their records). */
const ledgerConsistent = async () => {
  expect(await ledgerInvariants(t.client)).toMatchObject(LEDGER_CONSISTENT);
  expect((await verifyLedger(t.db)).checks.filter((check) => !check.ok)).toEqual([]);
};

describe("refunds of wallet payments", () => {
  it("refunds part, then the rest, to the payer's wallet; never more than the payment", async () => {
    const { owner, merchantId } = await merchantOwner();
    const { payer, reference } = await walletPayment(merchantId, 5_000);
    expect(await walletBalance(payer)).toBe(1_000);

    const part = await refund(owner, reference, { amount: 2_000, reason: "One item out of stock" });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ message: "Refund Successful", refundable: 3_000, transaction: { status: "completed", amount: 2_000 } });
    expect(await walletBalance(payer)).toBe(3_000);
    expect(await merchantBalance(owner)).toBe(3_000);

    const tooMuch = await refund(owner, reference, { amount: 3_000.01, reason: "Again" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({
      code: "RULE_VIOLATION",
      message: "Refunds cannot exceed what is left of this payment",
      details: { refundable: 3_000 },
    });

    const rest = await refund(owner, reference, { amount: 3_000, reason: "Order cancelled" });
    expect(rest.body).toMatchObject({ refundable: 0, transaction: { status: "completed" } });
    expect(await walletBalance(payer)).toBe(6_000);
    expect(await merchantBalance(owner)).toBe(0);
    const none = await refund(owner, reference, { amount: 1, reason: "More" });
    expect(none.status).toBe(400);

    // The refund's record: no sender, the payer as recipient, the payment and the reason kept.
    const record = await recordOf(part.body.transaction.reference);
    expect(record).toMatchObject({ type: "payment", senderId: null, recipientId: payer.user.id, amount: 200_000n, status: "completed" });
    expect(record.metadata).toMatchObject({ channel: "refund", refundOf: reference, refundReason: "One item out of stock", refundTo: "wallet" });
    // Both sides read its receipt; the payer was e-mailed.
    const payerReceipt = await call(payer, "GET", `/api/receipts/${record.reference}`);
    expect(payerReceipt.body).toMatchObject({ title: "Merchant refund", direction: "credit" });
    const ownerReceipt = await call(owner, "GET", `/api/receipts/${record.reference}`);
    expect(ownerReceipt.body).toMatchObject({ title: "Merchant refund", direction: "debit" });
    const mails = await t.db.select().from(schema.sandboxMail).where(eq(schema.sandboxMail.to, payer.user.email));
    expect(mails.some((mail) => mail.subject.startsWith("Kolo: refund of ₦2,000.00"))).toBe(true);
    await ledgerConsistent();
  });

  it("ten parallel refunds of one payment never exceed it", async () => {
    const { owner, merchantId } = await merchantOwner();
    const { payer, reference } = await walletPayment(merchantId, 1_000);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(owner, reference, { amount: 300, reason: "Race" })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(7);
    expect(await walletBalance(payer)).toBe(1_900);
    expect(await merchantBalance(owner)).toBe(100);
    await ledgerConsistent();
  });

  it("a repeated idempotency key refunds once; another request under it is refused", async () => {
    const { owner, merchantId } = await merchantOwner();
    const { payer, reference } = await walletPayment(merchantId, 2_000);
    const first = await refund(owner, reference, { amount: 500, reason: "Late delivery" }, "refund-key-0001");
    const again = await refund(owner, reference, { amount: 500, reason: "Late delivery" }, "refund-key-0001");
    expect(again.status).toBe(201);
    expect(again.body.transaction.reference).toBe(first.body.transaction.reference);
    expect(await walletBalance(payer)).toBe(1_500);
    const other = await refund(owner, reference, { amount: 600, reason: "Late delivery" }, "refund-key-0001");
    expect(other.status).toBe(409);
    expect(await walletBalance(payer)).toBe(1_500);
  });

  it("refuses what is not the merchant's payment, bad amounts and an empty reason, changing nothing", async () => {
    const { owner, merchantId } = await merchantOwner();
    const { reference } = await walletPayment(merchantId, 1_000);
    const stranger = await merchantOwner();
    expect((await refund(stranger.owner, reference, { amount: 100, reason: "Mine?" })).body).toMatchObject({ code: "NOT_FOUND", message: "Payment not found" });
    expect((await refund(owner, "KOLO-PAY-NOSUCH", { amount: 100, reason: "x" })).status).toBe(404);
    expect((await refund(owner, reference, { amount: 0, reason: "x" })).status).toBe(400);
    expect((await refund(owner, reference, { amount: 10.001, reason: "x" })).status).toBe(400);
    expect((await refund(owner, reference, { amount: 100, reason: "  " })).body).toMatchObject({ message: "Please give a reason for the refund" });
    const payer = await user("Not A Merchant");
    expect((await refund(payer, reference, { amount: 100, reason: "x" })).status).toBe(404);
    expect(await merchantBalance(owner)).toBe(1_000);
  });
});

describe("refunds of card payments", () => {
  it("holds the refund on the merchant balance, calls Paystack POST /refund, and completes on refund.processed once", async () => {
    const { owner, merchantId } = await merchantOwner();
    const reference = await cardPayment(owner, merchantId, 4_000);
    const half = await refund(owner, reference, { amount: 2_000, reason: "Half the order" });
    expect(half.status).toBe(201);
    expect(half.body).toMatchObject({
      message: "Refund sent to the card; it completes when the bank confirms",
      refundable: 2_000,
      transaction: { status: "pending" },
    });
    expect(await merchantBalance(owner)).toBe(2_000);
    const record = await recordOf(half.body.transaction.reference);
    expect(record.metadata).toMatchObject({ refundTo: "card", payerEmail: "guest@example.com", providerStatus: "pending" });
    // The sandbox took the refund and sends refund.processed (captured here).
    const [charge] = await t.db.select().from(schema.paystackSandboxCharges).where(eq(schema.paystackSandboxCharges.reference, reference));
    expect(charge?.refunded).toBe(200_000);
    const hook = await vi.waitFor(() => {
      const found = capture.received.find(
        (h) => h.body.event === "refund.processed" && (h.body.data as unknown as { transaction_reference: string }).transaction_reference === reference,
      );
      if (!found) throw new Error("refund.processed not sent yet");
      return found;
    });
    expect(await forwardWebhook(server, hook)).toMatchObject({ status: 200, body: { outcome: "completed" } });
    expect(await forwardWebhook(server, hook)).toMatchObject({ status: 200, body: { outcome: "none" } });
    expect((await recordOf(record.reference)).status).toBe("completed");
    expect(await merchantBalance(owner)).toBe(2_000);
    const mails = await t.db.select().from(schema.sandboxMail).where(eq(schema.sandboxMail.to, "guest@example.com"));
    expect(mails.some((mail) => mail.text.includes("to your card"))).toBe(true);
    await ledgerConsistent();
  });

  it("refund.failed gives the money back to the merchant balance", async () => {
    const { owner, merchantId } = await merchantOwner();
    const reference = await cardPayment(owner, merchantId, 1_000);
    const answer = await refund(owner, reference, { amount: 1_000, reason: "Cancelled" });
    expect(await merchantBalance(owner)).toBe(0);
    const failed = await sendWebhook("refund.failed", { transaction_reference: reference, amount: 100_000, status: "failed" });
    expect(failed).toMatchObject({ status: 200, body: { outcome: "failed" } });
    expect((await recordOf(answer.body.transaction.reference)).status).toBe("failed");
    expect(await merchantBalance(owner)).toBe(1_000);
    // A failed refund no longer counts: the payment can be refunded again (the gateway gave its part back too).
    await t.db.update(schema.paystackSandboxCharges).set({ refunded: 0 }).where(eq(schema.paystackSandboxCharges.reference, reference));
    expect((await refund(owner, reference, { amount: 100, reason: "Retry" })).status).toBe(201);
    await ledgerConsistent();
  });

  it("a gateway refusal fails the refund at once and says so", async () => {
    const { owner, merchantId } = await merchantOwner();
    const reference = await cardPayment(owner, merchantId, 1_000);
    // The charge had already been refunded in full at the gateway (e.g. from its dashboard).
    await t.db.update(schema.paystackSandboxCharges).set({ refunded: 100_000 }).where(eq(schema.paystackSandboxCharges.reference, reference));
    const refused = await refund(owner, reference, { amount: 500, reason: "x" });
    expect(refused).toMatchObject({ status: 400, body: { message: "The card refund was refused. Please try again later." } });
    expect(await merchantBalance(owner)).toBe(1_000);
    await ledgerConsistent();
  });
});

describe("merchant settings", () => {
  it("keeps the business name, a float and a settlement account whose name matches the owner's BVN", async () => {
    const { owner } = await merchantOwner();
    expect((await call(owner, "GET", "/api/merchants/me/settings")).body).toEqual({
      businessName: "Chioma's Kitchen",
      settlementAccount: null,
      settlementFloat: 0,
      autoSettle: false,
      balance: 0,
    });
    const account = { bankCode: PAYOUT_ACCOUNTS.success.bankCode, accountNumber: PAYOUT_ACCOUNTS.success.accountNumber };
    // No BVN yet.
    expect((await call(owner, "PATCH", "/api/merchants/me/settings", { settlementAccount: account })).body).toMatchObject({
      message: "Please verify your BVN first",
    });
    expect((await call(owner, "POST", "/api/verification/bvn", CHIOMA_BVN)).status).toBe(200);
    // A valid account whose holder is someone else.
    const other = await call(owner, "PATCH", "/api/merchants/me/settings", { settlementAccount: { bankCode: "033", accountNumber: "1234567895" } });
    expect(other).toMatchObject({ status: 400, body: { message: "Bank account name does not match the name on your BVN" } });
    // Automatic settlement needs an account.
    expect((await call(owner, "PATCH", "/api/merchants/me/settings", { autoSettle: true })).body).toMatchObject({
      message: "Add a settlement bank account first",
    });
    // Bad input changes nothing.
    for (const bad of [
      { settlementFloat: -1 },
      { settlementFloat: 1.005 },
      { businessName: "x" },
      { settlementAccount: { bankCode: "058", accountNumber: "123" } },
    ]) {
      expect((await call(owner, "PATCH", "/api/merchants/me/settings", bad)).status).toBe(400);
    }
    expect((await call(owner, "GET", "/api/merchants/me/settings")).body).toMatchObject({ settlementAccount: null, settlementFloat: 0, autoSettle: false });
    expect(await call(owner, "PATCH", "/api/merchants/me/settings", {})).toMatchObject({ status: 200, body: { businessName: "Chioma's Kitchen" } });

    const saved = await call(owner, "PATCH", "/api/merchants/me/settings", {
      businessName: "Chioma Foods",
      settlementAccount: account,
      settlementFloat: 2_500.5,
      autoSettle: true,
    });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        businessName: "Chioma Foods",
        settlementAccount: { bankCode: "058", accountNumber: "0123456785", accountName: "CHIOMA OKAFOR" },
        settlementFloat: 2_500.5,
        autoSettle: true,
      },
    });
    expect((await call(owner, "GET", "/api/merchants/me")).body).toMatchObject({ name: "Chioma Foods" });
  });
});

/**
 * A merchant whose owner's BVN is verified as CHIOMA OKAFOR (written directly: a BVN verifies one
 * account only, and the settings test above verified it over HTTP) and whose settlement account is
 * 058/0123456785, with `naira` paid in.
 */
async function settledMerchant(naira: number, settings: Record<string, unknown> = {}) {
  const { owner, merchantId } = await merchantOwner();
  await t.db.update(schema.users).set({ verificationLevel: 1 }).where(eq(schema.users.id, owner.user.id));
  await t.db
    .insert(schema.userVerifications)
    .values({ userId: owner.user.id, bvnName: "CHIOMA OKAFOR" })
    .onConflictDoUpdate({ target: schema.userVerifications.userId, set: { bvnName: "CHIOMA OKAFOR" } });
  const account = { bankCode: "058", accountNumber: "0123456785" };
  expect((await call(owner, "PATCH", "/api/merchants/me/settings", { settlementAccount: account, ...settings })).status).toBe(200);
  if (naira > 0) await walletPayment(merchantId, naira);
  return { owner, merchantId };
}

describe("payouts to the settlement account", () => {
  it("pays the amount plus the fee from the merchant balance through the payout path", async () => {
    const { owner } = await settledMerchant(10_000);
    const paid = await call<{ transaction: { reference: string; status: string; fee: number } }>(
      owner,
      "POST",
      "/api/merchants/me/payouts",
      { amount: 5_000 },
      { "idempotency-key": "payout-key-0001" },
    );
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ message: "Payout started to your settlement account", transaction: { status: "processing", fee: 50 } });
    expect(await merchantBalance(owner)).toBe(4_950);
    const again = await call<{ transaction: { reference: string } }>(
      owner,
      "POST",
      "/api/merchants/me/payouts",
      { amount: 5_000 },
      { "idempotency-key": "payout-key-0001" },
    );
    expect(again.body.transaction.reference).toBe(paid.body.transaction.reference);
    const record = await recordOf(paid.body.transaction.reference);
    expect(record.metadata).toMatchObject({ channel: "merchant_settlement", accountNumber: "0123456785", accountName: "CHIOMA OKAFOR", automatic: false });
    const [hook] = await capture.waitFor(record.reference, 1);
    expect((await forwardWebhook(server, hook!)).body.outcome).toBe("completed");
    expect((await recordOf(record.reference)).status).toBe("completed");
    // The owner's own wallet never moved.
    expect(await walletBalance(owner)).toBe(0);
    const tooMuch = await call(owner, "POST", "/api/merchants/me/payouts", { amount: 4_950 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe("INSUFFICIENT_BALANCE");
    expect(await merchantBalance(owner)).toBe(4_950);
    await ledgerConsistent();
  });

  it("needs a settlement account; POST /api/merchants/withdraw still moves money to the owner's wallet", async () => {
    const { owner, merchantId } = await merchantOwner();
    await walletPayment(merchantId, 1_000);
    expect((await call(owner, "POST", "/api/merchants/me/payouts", { amount: 500 })).body).toMatchObject({ message: "Add a settlement bank account first" });
    expect((await call(owner, "POST", "/api/merchants/me/payouts", { amount: 50 })).status).toBe(400);
    expect((await call(owner, "POST", "/api/merchants/withdraw", { amount: 400 })).status).toBe(200);
    expect(await walletBalance(owner)).toBe(400);
    expect(await merchantBalance(owner)).toBe(600);
  });
});

describe("automatic settlement (17:00 Lagos, run here with the test's clock)", () => {
  const fivePmLagos = new Date("2026-11-27T16:00:00Z");

  it("pays the balance above the float, once per Lagos day; nothing at or below the float", async () => {
    const above = await settledMerchant(10_000, { settlementFloat: 2_000, autoSettle: true });
    const at = await settledMerchant(2_000, { settlementFloat: 2_000, autoSettle: true });
    const below = await settledMerchant(1_500, { settlementFloat: 2_000, autoSettle: true });
    const off = await settledMerchant(5_000, { autoSettle: false });

    const outcomes = await runAutoSettlement(t.db, services, fivePmLagos);
    expect(outcomes.get(above.merchantId)).toBe("paid");
    expect(outcomes.get(at.merchantId)).toBe("below-float");
    expect(outcomes.get(below.merchantId)).toBe("below-float");
    expect(outcomes.has(off.merchantId)).toBe(false);

    // 8,000 above the float: 7,920.79 + fee 79.21 (1%) leaves exactly the float.
    expect(await merchantBalance(above.owner)).toBe(2_000);
    const [record] = await t.db
      .select()
      .from(schema.transactions)
      .where(eq(schema.transactions.idempotencyKey, autoSettlementKey("2026-11-27")));
    expect(record).toMatchObject({ type: "transfer", senderId: above.owner.user.id, amount: 792_079n, fee: 7_921n });
    expect(record?.metadata).toMatchObject({ channel: "merchant_settlement", automatic: true });
    expect(await merchantBalance(at.owner)).toBe(2_000);
    expect(await merchantBalance(below.owner)).toBe(1_500);
    expect(await merchantBalance(off.owner)).toBe(5_000);

    // More money in the same Lagos day: the second run pays nothing more.
    await walletPayment(above.merchantId, 1_000);
    expect((await runAutoSettlement(t.db, services, new Date("2026-11-27T22:59:00Z"))).get(above.merchantId)).toBe("already");
    expect(await merchantBalance(above.owner)).toBe(3_000);
    // The next Lagos day settles it.
    expect((await runAutoSettlement(t.db, services, new Date("2026-11-28T16:00:00Z"))).get(above.merchantId)).toBe("paid");
    expect(await merchantBalance(above.owner)).toBe(2_000);
    await ledgerConsistent();
  });

  it("is scheduled daily at 17:00 in Lagos", async () => {
    const jobs = new Jobs({ connectionString: t.url, topUpExpiry: false, moneyAlerts: false, reconciliation: false, poolMax: 2, pollingIntervalSeconds: 30 });
    try {
      await jobs.start(t.db, services);
      expect((await jobs.schedules()).find((s) => s.name === SETTLEMENT_QUEUE)).toMatchObject({ cron: "0 17 * * *", timezone: "Africa/Lagos" });
      expect(SETTLEMENT_SCHEDULE).toEqual({ cron: "0 17 * * *", tz: "Africa/Lagos" });
    } finally {
      await jobs.stop();
    }
  });
});
