// Fraud monitoring in the money-out transaction (docs/product.md "Fraud controls"): each rule
// holds a payment before money leaves (202, `pending`, 'Under review', a review item of kind
// fraud, nothing to the recipient or the provider) and lets others through; an admin releases
// (it proceeds) or rejects (money back); a repeat answers the same hold. Real server, sandboxes,
// real PostgreSQL; monitoring is off in the harness and turned on here.
import { setFraudSetting, schema, verifyLedger } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { vtpassFixtures } from "@kolo/sandboxes";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, PAYOUT_ACCOUNTS, api, balanceOf, call, useTestServer } from "./helpers";

const files = useTestServer({ admin: "Fraud Admin", authRateLimit: { max: 10_000, windowMs: 60_000 } });
const { t } = files;

beforeAll(async () => {
  await setFraudSetting(t.db, "enabled", 1n);
});

interface Sent {
  message: string;
  transaction: { reference: string; status: string; metadata: { fraudReview?: { rules: string[]; state: string } } };
}
const p2p = (c: Client, to: Client, amount: number, key?: string) =>
  call<Sent>(c, "POST", "/api/transfer/p2p", { recipientEmail: to.user.email, amount }, key ? { "idempotency-key": key } : {});

/** A user at verification level 2 (daily limits wide enough for the amounts here); `old`: first seen 2 days ago, past the new-device window. */
async function user(name: string, naira = 0, old = false): Promise<Client> {
  const c = await files.user(name, naira);
  await t.db
    .update(schema.users)
    .set({ verificationLevel: 2, ...(old ? { createdAt: new Date(Date.now() - 2 * 86_400_000) } : {}) })
    .where(eq(schema.users.id, c.user.id));
  return c;
}
const oldUser = (name: string, naira = 0) => user(name, naira, true);
const fraudItem = async (reference: string) =>
  (
    await t.db
      .select()
      .from(schema.reviewItems)
      .where(and(eq(schema.reviewItems.reference, reference), eq(schema.reviewItems.kind, "fraud")))
  )[0];
const holdOf = async (reference: string) => (await t.db.select().from(schema.holds).where(eq(schema.holds.reference, reference)))[0];
const resolve = (id: number, action: string) => api(files.admin, "POST", `/api/admin/reviews/${id}/resolve`, { action, note: "Checked with the user" });

async function expectHeld(answer: { status: number; body: Sent }, rules: string[]) {
  expect([answer.status, answer.body.message, answer.body.transaction.status]).toEqual([202, "Under review", "pending"]);
  expect(answer.body.transaction.metadata.fraudReview).toEqual({ rules, state: "held" });
  const item = await fraudItem(answer.body.transaction.reference);
  expect(item).toMatchObject({ status: "open", cause: "fraud" });
  expect((await holdOf(answer.body.transaction.reference))?.status).toBe("held");
  return item!;
}

describe("a new device's first payment above half the balance", () => {
  it("holds it: the money on hold, nothing to the recipient", async () => {
    const payer = await files.user("New Payer", 10_000);
    const payee = await files.user("New Payee");
    await expectHeld(await p2p(payer, payee, 6_000), ["new_device_share"]);
    expect([await balanceOf(payer), await balanceOf(payee)]).toEqual([4_000, 0]);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("lets through half the balance, and a later payment of any share", async () => {
    const payer = await files.user("Half Payer", 10_000);
    const payee = await files.user("Half Payee");
    expect((await p2p(payer, payee, 5_000)).status).toBe(200);
    expect((await p2p(payer, payee, 4_000)).status).toBe(200);
    expect(await balanceOf(payee)).toBe(9_000);
  });

  it("lets an old account's first payment through", async () => {
    const payer = await oldUser("Old Payer", 10_000);
    expect((await p2p(payer, await files.user("Old Payee"), 9_000)).status).toBe(200);
  });
});

describe("more than 5 new recipients in one hour", () => {
  it("holds the sixth new recipient, not a seventh payment to one already paid", async () => {
    const payer = await oldUser("Many Payer", 10_000);
    const payees = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => files.user(`Payee ${n}`)));
    for (const payee of payees.slice(0, 5)) expect((await p2p(payer, payee, 100)).status).toBe(200);
    await expectHeld(await p2p(payer, payees[5]!, 100), ["new_recipients"]);
    expect((await p2p(payer, payees[0]!, 100)).status).toBe(200);
  });
});

describe("an amount above 5 × the 90-day median and above ₦50,000", () => {
  it("holds ₦60,001 after payments of ₦10,000; lets ₦50,000 through", async () => {
    const payer = await oldUser("Median Payer", 300_000);
    const payee = await files.user("Median Payee");
    for (let i = 0; i < 3; i++) expect((await p2p(payer, payee, 10_000)).status).toBe(200);
    expect((await p2p(payer, payee, 50_000)).status).toBe(200);
    // The median is now ₦10,000: ₦60,001 is above both 5 × ₦10,000 and ₦50,000.
    await expectHeld(await p2p(payer, payee, 60_001), ["above_median"]);
  });

  it("does not hold a user with no payments in 90 days, nor an amount at or below ₦50,000", async () => {
    const payer = await oldUser("Small Median Payer", 100_000);
    const payee = await files.user("Small Median Payee");
    for (let i = 0; i < 3; i++) expect((await p2p(payer, payee, 1_000)).status).toBe(200);
    expect((await p2p(payer, payee, 50_000)).status).toBe(200);
  });
});

describe("money out within 10 minutes of a password or PIN reset", () => {
  it("holds after a password reset 5 minutes ago, not after one 11 minutes ago", async () => {
    const payer = await oldUser("Reset Payer", 10_000);
    const payee = await files.user("Reset Payee");
    const reset = (minutesAgo: number) =>
      t.db.insert(schema.passwordResetTokens).values({
        userId: payer.user.id,
        tokenHash: Math.random().toString(16).slice(2).padEnd(64, "0").slice(0, 64),
        expiresAt: new Date(),
        usedAt: new Date(Date.now() - minutesAgo * 60_000),
      });
    await reset(11);
    expect((await p2p(payer, payee, 100)).status).toBe(200);
    await reset(5);
    await expectHeld(await p2p(payer, payee, 100), ["after_reset"]);
  });

  it("holds after a PIN reset 2 minutes ago", async () => {
    const payer = await oldUser("Pin Reset Payer", 10_000);
    expect((await call(payer, "POST", "/api/auth/transaction-pin", { pin: "2580" })).status).toBe(200);
    // The reset by e-mailed code stamps reset_at (transaction-pin.http.test.ts walks the reset itself).
    await t.db
      .update(schema.transactionPins)
      .set({ resetAt: new Date(Date.now() - 120_000) })
      .where(eq(schema.transactionPins.userId, payer.user.id));
    const payee = await files.user("Pin Payee");
    const answer = await call<Sent>(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 100 }, { "X-Transaction-PIN": "2580" });
    await expectHeld(answer, ["after_reset"]);
  });
});

describe("release, reject and repeat", () => {
  it("a repeat with the same idempotency key answers the same 202 and holds once", async () => {
    const payer = await files.user("Repeat Payer", 10_000);
    const payee = await files.user("Repeat Payee");
    const first = await p2p(payer, payee, 8_000, "fraud-repeat-1");
    await expectHeld(first, ["new_device_share"]);
    const again = await p2p(payer, payee, 8_000, "fraud-repeat-1");
    expect([again.status, again.body.message, again.body.transaction.reference]).toEqual([202, "Under review", first.body.transaction.reference]);
    expect(await t.db.select().from(schema.holds).where(eq(schema.holds.userId, payer.user.id))).toHaveLength(1);
    expect(await balanceOf(payer)).toBe(2_000);
  });

  it("release completes a held P2P into the recipient's wallet, audited; reject gives the money back", async () => {
    const payer = await files.user("Release Payer", 10_000);
    const payee = await files.user("Release Payee");
    const item = await expectHeld(await p2p(payer, payee, 7_000), ["new_device_share"]);
    expect((await resolve(item.id, "dismiss")).status).toBe(400);
    const released = await resolve(item.id, "release");
    expect(released.status).toBe(200);
    expect([await balanceOf(payer), await balanceOf(payee)]).toEqual([3_000, 7_000]);
    const [record] = await t.db.select().from(schema.transactions).where(eq(schema.transactions.id, item.transactionId!));
    expect([record?.status, (record?.metadata as { fraudReview?: { state: string } }).fraudReview?.state]).toEqual(["completed", "released"]);
    const audits = await t.db
      .select()
      .from(schema.adminAudit)
      .where(eq(schema.adminAudit.subject, `review:${item.id}`));
    expect(audits.map((a) => a.action)).toEqual(["review_resolve"]);
    expect((await resolve(item.id, "reject")).status).toBe(409);

    const rejectPayer = await files.user("Reject Payer", 10_000);
    const second = await expectHeld(await p2p(rejectPayer, payee, 9_000), ["new_device_share"]);
    expect((await resolve(second.id, "reject")).status).toBe(200);
    expect([await balanceOf(rejectPayer), await balanceOf(payee)]).toEqual([10_000, 7_000]);
    expect((await holdOf(second.reference))?.status).toBe("released");
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
    // The released P2P counts once on the day's counter: its hold, not its record as well.
    const verification = await verifyLedger(t.db, { full: true });
    expect(verification.checks.filter((c) => !c.ok)).toEqual([]);
  });

  it("a held bank transfer reaches the bank only once released; a held airtime purchase is rejected without VTpass", async () => {
    const c = await files.user("Payout Payer", 10_000);
    const saved = await call<{ id: number }>(c, "POST", "/api/bank-accounts", PAYOUT_ACCOUNTS.success);
    const held = await call<Sent>(c, "POST", "/api/transfer/bank", { bankAccountId: saved.body.id, amount: 8_000, transferFee: 80 });
    const item = await expectHeld(held, ["new_device_share"]);
    const sentToBank = () => t.db.select().from(schema.paystackSandboxTransfers).where(eq(schema.paystackSandboxTransfers.reference, item.reference));
    expect(await sentToBank()).toEqual([]);
    expect((await resolve(item.id, "release")).status).toBe(200);
    expect(await sentToBank()).toHaveLength(1);
    expect(await balanceOf(c)).toBe(10_000 - 8_080);

    const buyer = await files.user("Airtime Buyer", 2_000);
    const bought = await call<Sent>(buyer, "POST", "/api/airtime", { phoneNumber: vtpassFixtures.SANDBOX_PHONES.delivered, amount: 1_500, network: "mtn" });
    const purchase = await expectHeld(bought, ["new_device_share"]);
    expect(await t.db.select().from(schema.vtpassSandboxPurchases).where(eq(schema.vtpassSandboxPurchases.requestId, purchase.reference))).toEqual([]);
    expect((await resolve(purchase.id, "reject")).status).toBe(200);
    expect(await balanceOf(buyer)).toBe(2_000);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("a release at or above the approval threshold waits for a second admin; the queue counts hits per rule", async () => {
    const payer = await user("Big Payer", 500_000);
    const item = await expectHeld(await p2p(payer, await files.user("Big Payee"), 300_000), ["new_device_share"]);
    const waiting = await resolve(item.id, "release");
    expect(waiting.status).toBe(202);
    expect(await fraudItem(item.reference)).toMatchObject({ status: "open" });
    const list = (await (await api(files.admin, "GET", "/api/admin/reviews?status=open")).json()) as { ruleHits: Record<string, number> };
    expect(list.ruleHits.new_device_share).toBeGreaterThanOrEqual(1);
    expect(Object.keys(list.ruleHits).sort()).toEqual(["above_median", "after_reset", "new_device_share", "new_recipients"]);
  });
});

describe("the new-recipient count cannot race", () => {
  it("12 payments at once to 12 new recipients: 5 go through, 7 are held", async () => {
    const payer = await oldUser("Racing Payer", 10_000);
    const payees = await Promise.all(Array.from({ length: 12 }, (_, n) => files.user(`Racing Payee ${n + 1}`)));
    const answers = await Promise.all(payees.map((payee) => p2p(payer, payee, 100)));
    const statuses = answers.map((a) => a.status);
    expect([statuses.filter((s) => s === 200).length, statuses.filter((s) => s === 202).length]).toEqual([5, 7]);
    for (const held of answers.filter((a) => a.status === 202)) expect(held.body.transaction.metadata.fraudReview?.rules).toEqual(["new_recipients"]);
    expect(await balanceOf(payer)).toBe(10_000 - 12 * 100);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });
});
