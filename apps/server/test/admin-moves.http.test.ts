// Admin Complete and Fail ask the provider first (docs/money-integrity.md "Admin moves"), and a
// refused requery is not an outcome ("Requery answers"): through the real server, with the
// Paystack and VTpass sandboxes answering for the payouts and purchases.
import { createServer } from "node:http";
import { acceptPayout, requeryPurchase } from "@kolo/api";
import { VtpassClient } from "@kolo/providers";
import { openReviewItem, schema } from "@kolo/db";
import { findFreePort } from "@kolo/db/embedded";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PAYOUT_ACCOUNTS, api, balanceOf, forwardWebhook, signUp, useTestServer } from "./helpers";

const { t, server, capture, admin, recordOf, reviewsOf } = useTestServer({ capture: true, admin: "Move Admin" });

const REASON = "Checked with the bank by phone";
const json = async (response: Response) =>
  (await response.json()) as {
    message?: string;
    code?: string;
    details?: Record<string, unknown>;
    transaction?: { id: number; reference: string; status: string };
  };
const move = (id: number, status: "completed" | "failed", extra: Record<string, unknown> = {}) =>
  api(admin, "POST", "/api/admin/transactions/update-status", { id, status, ...extra });

/** A level-2 user funded with `naira` by an admin credit, with the fixture account `account` saved. */
async function fundedUser(naira: number, account: keyof typeof PAYOUT_ACCOUNTS) {
  const c = await signUp(server.base, "Move User");
  await t.db.update(schema.users).set({ verificationLevel: 2 }).where(eq(schema.users.id, c.user.id));
  expect((await api(admin, "POST", `/api/admin/users/${c.user.id}/wallet`, { amount: naira, type: "credit" })).status).toBe(200);
  const saved = await api(c, "POST", "/api/bank-accounts", { userId: c.user.id, ...PAYOUT_ACCOUNTS[account] });
  expect(saved.status).toBe(201);
  return { c, bankAccountId: ((await saved.json()) as { id: number }).id };
}

describe("admin Complete and Fail ask the provider first", () => {
  it("Fail of a payout the bank paid: 409 with the provider's answer; forced with a reason it refunds, is audited and reviewed; the bank's success afterwards pays nothing twice", async () => {
    const { c, bankAccountId } = await fundedUser(10_000, "success");
    const sent = await api(c, "POST", "/api/wallet/withdraw", { bankAccountId, amount: 2_000 });
    expect(sent.status).toBe(200);
    const { transaction } = await json(sent);
    expect(await balanceOf(c)).toBe(10_000 - 2_050);
    // The bank has paid (its webhook is out, held back by the capture): Kolo still thinks it in flight.
    const [hook] = await capture.waitFor(transaction!.reference, 1);

    const refused = await move(transaction!.id, "failed");
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({
      code: "CONFLICT",
      message: "Provider reports success: complete it instead",
      details: { providerStatus: "success" },
    });
    const short = await move(transaction!.id, "failed", { force: true, reason: "too short" });
    expect(short.status).toBe(400);
    expect(await balanceOf(c)).toBe(10_000 - 2_050);

    const forced = await move(transaction!.id, "failed", { force: true, reason: REASON });
    expect(forced.status).toBe(200);
    expect((await recordOf(transaction!.reference)).status).toBe("failed");
    expect(await balanceOf(c)).toBe(10_000);
    const [audit] = await t.client`select after from admin_audit where subject = ${`transaction:${transaction!.id}`}`;
    expect(audit!.after).toMatchObject({ status: "failed", forced: true, reason: REASON, providerStatus: "success" });
    expect((await reviewsOf(transaction!.reference)).map((r) => r.cause)).toEqual(["forced"]);

    // The provider's success webhook arrives (twice): no money moves, the contradiction is queued once.
    await forwardWebhook(server, hook!);
    await forwardWebhook(server, hook!);
    expect(await balanceOf(c)).toBe(10_000);
    expect((await reviewsOf(transaction!.reference)).map((r) => r.cause).sort()).toEqual(["contradiction", "forced"]);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("Complete of a payout the bank failed: 409; Fail goes through and refunds amount and fee", async () => {
    const { c, bankAccountId } = await fundedUser(5_000, "failed");
    // Webhooks go to the capture and are not forwarded: Kolo still thinks the payout is in flight.
    const { transaction } = await json(await api(c, "POST", "/api/wallet/withdraw", { bankAccountId, amount: 1_000 }));
    await capture.waitFor(transaction!.reference, 1);
    expect((await recordOf(transaction!.reference)).status).toBe("processing");
    const refused = await move(transaction!.id, "completed");
    expect([refused.status, (await json(refused)).message]).toEqual([409, "Provider reports failure: fail it instead"]);
    expect((await move(transaction!.id, "failed")).status).toBe(200);
    expect(await balanceOf(c)).toBe(5_000);
    expect(await reviewsOf(transaction!.reference)).toEqual([]);
  });

  it("a payout never sent to the provider cannot be completed, forced or not; it can be failed", async () => {
    const { c, bankAccountId } = await fundedUser(3_000, "success");
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, c.user.id));
    const { transaction } = await acceptPayout(t.db, { user: user!, channel: "withdrawal", bankAccountId, amountKobo: 100_000n });
    expect(transaction.status).toBe("pending");
    for (const extra of [{}, { force: true, reason: REASON }]) {
      const refused = await move(transaction.id, "completed", extra);
      expect([refused.status, (await json(refused)).message]).toEqual([400, "This payout was never sent to the provider: it cannot be completed"]);
    }
    expect(await balanceOf(c)).toBe(3_000 - 1_050);
    expect((await move(transaction.id, "failed")).status).toBe(200);
    expect(await balanceOf(c)).toBe(3_000);
  });

  it("a purchase: Complete when VTpass says delivered settles it through the requery's outcome function; Fail is refused with VTpass's answer", async () => {
    const { c } = await fundedUser(2_000, "success");
    // 201000000001 stays processing; the sandbox is told it was delivered after all.
    const bought = await api(c, "POST", "/api/airtime", { phoneNumber: "201000000001", amount: 500, network: "mtn" });
    expect(bought.status).toBe(202);
    const { transaction } = await json(bought);
    await t.client`update vtpass_sandbox_purchases set status = 'delivered', final_status = 'delivered', final_at = null where request_id = ${transaction!.reference}`;
    const refused = await move(transaction!.id, "failed");
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toBe("Provider reports success: complete it instead");
    expect((await move(transaction!.id, "completed")).status).toBe(200);
    expect((await recordOf(transaction!.reference)).status).toBe("completed");
    expect(await balanceOf(c)).toBe(1_500);
    const [held] = await t.client`select status from holds where reference = ${transaction!.reference}`;
    expect(held!.status).toBe("settled");
  });
});

describe("a refused requery is not an outcome", () => {
  /** A VTpass stand-in whose /requery answers `body` (a real VtpassClient talks to it over HTTP). */
  async function requeryAnswering(body: unknown) {
    const port = await findFreePort();
    const stub = createServer((_req, res) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body)));
    await new Promise<void>((resolve) => stub.listen(port, "127.0.0.1", resolve));
    const client = new VtpassClient({ baseUrl: `http://127.0.0.1:${port}/api`, apiKey: "a", publicKey: "p", secretKey: "s", timeoutMs: 2_000 });
    return { client, close: () => new Promise<void>((resolve) => stub.close(() => resolve())) };
  }

  it("011, 012, 013, 017, 018, 019, 030, 087 and 099 to a requery leave the purchase pending and held; 016 refunds it", async () => {
    const { c } = await fundedUser(5_000, "success");
    const bought = await api(c, "POST", "/api/airtime", { phoneNumber: "201000000000", amount: 1_000, network: "mtn" });
    expect(bought.status).toBe(202);
    const { transaction } = await json(bought);
    for (const code of ["011", "012", "013", "017", "018", "019", "030", "087", "099"]) {
      const stub = await requeryAnswering({ code, response_description: `REQUERY REFUSED ${code}`, content: null });
      try {
        expect(await requeryPurchase(t.db, { purchases: stub.client }, transaction!.reference)).toBe("pending");
      } finally {
        await stub.close();
      }
      expect([code, (await recordOf(transaction!.reference)).status]).toEqual([code, "pending"]);
    }
    expect(await balanceOf(c)).toBe(4_000);
    const [held] = await t.client`select status from holds where reference = ${transaction!.reference}`;
    expect(held!.status).toBe("held");

    const failed = await requeryAnswering({ code: "016", response_description: "TRANSACTION FAILED", content: { transactions: { status: "failed" } } });
    try {
      expect(await requeryPurchase(t.db, { purchases: failed.client }, transaction!.reference)).toBe("final");
    } finally {
      await failed.close();
    }
    expect((await recordOf(transaction!.reference)).status).toBe("failed");
    expect(await balanceOf(c)).toBe(5_000);
  });
});

describe("the review queue", () => {
  interface ReviewRow {
    id: number;
    kind: string;
    reference: string;
    userId: number | null;
    amount: number;
    reason: string;
    providerStatus: string | null;
    createdAt: string;
    resolvedAt: string | null;
    resolution: string | null;
  }
  const list = async (status: "open" | "resolved") =>
    (await (await api(admin, "GET", `/api/admin/reviews?status=${status}&limit=100`)).json()) as { items: ReviewRow[]; total: number };
  const resolve = (id: number, action: string, note: string) => api(admin, "POST", `/api/admin/reviews/${id}/resolve`, { action, note });

  it("a forced Complete of a purchase VTpass then fails: listed with its shape; Credit (VTpass confirms the failure) gives the money back once; Dismiss closes another; each audited, then resolved", async () => {
    const { c } = await fundedUser(3_000, "success");
    const bought = await api(c, "POST", "/api/airtime", { phoneNumber: "201000000001", amount: 700, network: "glo" });
    expect(bought.status).toBe(202);
    const { transaction } = await json(bought);
    // VTpass says nothing final yet: an admin completes it anyway, with a reason.
    await t.client`update vtpass_sandbox_purchases set status = 'pending', final_at = now() + interval '1 hour' where request_id = ${transaction!.reference}`;
    expect((await move(transaction!.id, "completed")).status).toBe(409);
    expect((await move(transaction!.id, "completed", { force: true, reason: REASON })).status).toBe(200);
    expect(await balanceOf(c)).toBe(2_300);

    const open = await list("open");
    const item = open.items.find((i) => i.reference === transaction!.reference)!;
    expect(item).toEqual({
      id: expect.any(Number),
      kind: "purchase",
      reference: transaction!.reference,
      userId: c.user.id,
      amount: 700,
      reason: expect.stringContaining(REASON),
      providerStatus: expect.any(String),
      createdAt: expect.any(String),
      resolvedAt: null,
      resolution: null,
    });
    expect(open.total).toBeGreaterThanOrEqual(1);

    // VTpass has not said it failed: Credit is refused and nothing moves.
    const early = await resolve(item.id, "credit", "Refund the customer");
    expect([early.status, (await json(early)).message]).toEqual([409, "The provider does not confirm that money is owed: nothing credited"]);
    expect(await balanceOf(c)).toBe(2_300);

    // Now VTpass reports it failed: Credit refunds once; a second resolve is 409.
    await t.client`update vtpass_sandbox_purchases set status = 'failed', final_at = null where request_id = ${transaction!.reference}`;
    const [credit, again] = await Promise.all([resolve(item.id, "credit", "Refund the customer"), resolve(item.id, "credit", "Refund the customer")]);
    expect([credit.status, again.status].sort()).toEqual([200, 409]);
    expect(await balanceOf(c)).toBe(3_000);
    const [audit] = await t.client`select after from admin_audit where subject = ${`review:${item.id}`}`;
    expect(audit!.after).toMatchObject({ status: "resolved", resolution: "credit", creditedKobo: 70000 });
    expect((await list("open")).items.some((i) => i.id === item.id)).toBe(false);
    expect((await list("resolved")).items.find((i) => i.id === item.id)).toMatchObject({ resolution: "credit", resolvedAt: expect.any(String) });

    // Dismiss needs a note; with one it closes the item and moves nothing.
    const opened = await openReviewItem(t.db, {
      key: `test:${transaction!.reference}`,
      kind: "purchase",
      cause: "reconciliation",
      reference: transaction!.reference,
      userId: c.user.id,
      amountKobo: 70_000n,
      reason: "Test item",
    });
    const other = { id: opened!.id };
    expect((await resolve(other.id, "dismiss", "")).status).toBe(400);
    const before = await balanceOf(c);
    expect((await resolve(other.id, "dismiss", "Checked: the customer was refunded by the bank")).status).toBe(200);
    expect(await balanceOf(c)).toBe(before);
    expect((await resolve(other.id, "fail", "late")).status).toBe(409);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("Complete through the queue asks the provider: refused while it is pending, then moves the payout and closes the item together", async () => {
    const { c, bankAccountId } = await fundedUser(4_000, "stuck");
    const { transaction } = await json(await api(c, "POST", "/api/wallet/withdraw", { bankAccountId, amount: 1_000 }));
    const [record] = await t.db.select().from(schema.transactions).where(eq(schema.transactions.reference, transaction!.reference));
    const { flagPayout } = await import("@kolo/api");
    await flagPayout({ db: t.db, services: { banking: server.paystack, log: server.log }, now: new Date() }, transaction!.reference);
    const item = (await list("open")).items.find((i) => i.reference === transaction!.reference)!;
    expect(item.kind).toBe("payout");

    const refused = await resolve(item.id, "complete", "The bank says it is paid");
    expect([refused.status, (await json(refused)).message]).toEqual([
      409,
      "Provider reports it is still pending: wait for its answer or force it with a reason",
    ]);
    expect((await list("open")).items.some((i) => i.id === item.id)).toBe(true);

    await t.client`update paystack_sandbox_transfers set status = 'success' where reference = ${transaction!.reference}`;
    expect((await resolve(item.id, "complete", "The bank says it is paid")).status).toBe(200);
    expect((await t.db.select().from(schema.transactions).where(eq(schema.transactions.id, record!.id)))[0]!.status).toBe("completed");
    expect((await list("resolved")).items.find((i) => i.id === item.id)).toMatchObject({ resolution: "complete" });
    expect(await balanceOf(c)).toBe(4_000 - 1_050);
  });
});
