// The daily reconciliation (docs/money-integrity.md "Daily reconciliation") through the real server
// and the Paystack and VTpass sandboxes: the sandbox's list endpoints, paged; a day with a matched
// top-up, a paid top-up Kolo never completed, a payout Kolo completed that the bank failed, an
// amount that differs and a purchase pending for over 24 hours, each classified and in the review
// queue once (a rerun adds none); the run's totals and ledger verification; the REST shapes; the
// daily schedule in Lagos time.
import { Jobs, RECONCILIATION_QUEUE, RECONCILIATION_SCHEDULE, type Services, runReconciliation } from "@kolo/api";
import { schema } from "@kolo/db";
import { lagosDate } from "@kolo/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PAYOUT_ACCOUNTS, api, balanceOf, forwardWebhook, json, signUp, topUp, useTestServer } from "./helpers";

// Webhooks are captured, not delivered: the test decides what Kolo hears. 201000000000 stays processing for an hour.
const { t, server, capture, services, admin } = useTestServer({ capture: true, vtpassPendingMs: 3_600_000, admin: "Recon Admin" });
const TODAY = lagosDate(new Date());
const TOMORROW_AND_MORE = () => new Date(Date.now() + 26 * 3_600_000);

describe("the Paystack sandbox's list endpoints", () => {
  it("GET /transaction and GET /transfer answer pages of at most 100 with meta; the client reads every page, several at once", async () => {
    await t.client`
      insert into paystack_sandbox_charges (reference, access_code, amount, currency, email, callback_url, status)
      select 'PAGED-' || g, 'paged-' || g, 100000, 'NGN', 'paged@example.com', 'http://localhost/cb', 'abandoned' from generate_series(1, 1030) g`;
    const response = await fetch(`${server.base}/sandbox/paystack/transaction?perPage=100&page=2`, {
      headers: { authorization: `Bearer ${server.secretKey}` },
    });
    const page = await json<{ message: string; data: unknown[]; meta: { total: number; skipped: number; perPage: number; page: number; pageCount: number } }>(
      response,
    );
    expect(page.message).toBe("Transactions retrieved");
    expect(page.meta).toMatchObject({ skipped: 100, perPage: 100, page: 2 });
    expect(page.meta.total).toBeGreaterThanOrEqual(1030);
    expect(page.meta.pageCount).toBe(Math.ceil(page.meta.total / 100));
    expect((await fetch(`${server.base}/sandbox/paystack/transaction?perPage=101`, { headers: { authorization: `Bearer ${server.secretKey}` } })).status).toBe(
      400,
    );
    expect((await fetch(`${server.base}/sandbox/paystack/transaction`)).status).toBe(401);

    const all = await server.paystack.listCharges({ from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() + 3_600_000) });
    expect(all.filter((c) => c.reference.startsWith("PAGED-"))).toHaveLength(1030);
    const transfers = await json<{ message: string; meta: { page: number } }>(
      await fetch(`${server.base}/sandbox/paystack/transfer?perPage=5`, { headers: { authorization: `Bearer ${server.secretKey}` } }),
    );
    expect(transfers).toMatchObject({ message: "Transfers retrieved", meta: { page: 1 } });
    await t.client`delete from paystack_sandbox_charges where reference like 'PAGED-%'`;
  });
});

describe("a day's reconciliation", () => {
  it("classifies each record, queues each exception once (a rerun adds none), totals the day and verifies the ledger", async () => {
    const c = await signUp(server.base, "Recon User");
    await t.db.update(schema.users).set({ verificationLevel: 2 }).where(eq(schema.users.id, c.user.id));

    // A matched top-up (the webhook delivered) and a paid one Kolo never heard about.
    const matchedTopUp = await topUp(c, 30_000);
    const [hook] = await capture.waitFor(matchedTopUp, 1);
    expect((await forwardWebhook(server, hook!)).body.outcome).toBe("credited");
    const unheard = await topUp(c, 1_500);
    expect(await balanceOf(c)).toBe(30_000);

    const account = async (name: keyof typeof PAYOUT_ACCOUNTS) =>
      (await json<{ id: number }>(await api(c, "POST", "/api/bank-accounts", { userId: c.user.id, ...PAYOUT_ACCOUNTS[name] }))).id;
    // A payout the bank failed, which an admin forced to completed (Kolo: completed; the bank: failed).
    const failedAccount = await account("failed");
    const forced = (
      await json<{ transaction: { id: number; reference: string } }>(
        await api(c, "POST", "/api/wallet/withdraw", { bankAccountId: failedAccount, amount: 1_000 }),
      )
    ).transaction;
    await capture.waitFor(forced.reference, 1);
    const move = await api(admin, "POST", "/api/admin/transactions/update-status", {
      id: forced.id,
      status: "completed",
      force: true,
      reason: "Bank statement shows it paid",
    });
    expect(move.status).toBe(200);
    // A paid payout whose amount at the bank differs from Kolo's.
    const okAccount = await account("success");
    const differs = (
      await json<{ transaction: { reference: string } }>(await api(c, "POST", "/api/wallet/withdraw", { bankAccountId: okAccount, amount: 2_000 }))
    ).transaction;
    const [paidHook] = await capture.waitFor(differs.reference, 1);
    await forwardWebhook(server, paidHook!);
    await t.client`update paystack_sandbox_transfers set amount = amount + 100 where reference = ${differs.reference}`;
    // A purchase VTpass keeps processing.
    const pending = (
      await json<{ transaction: { reference: string } }>(await api(c, "POST", "/api/airtime", { phoneNumber: "201000000000", amount: 300, network: "mtn" }))
    ).transaction;

    const first = await runReconciliation(t.db, services, { day: TODAY, now: TOMORROW_AND_MORE(), triggeredBy: admin.user.id });
    expect(first.state).toBe("completed");
    expect(first.counts?.exceptions).toEqual({
      provider_success_not_completed: 1,
      completed_not_successful_at_provider: 1,
      amount_differs: 1,
      pending_over_24h: 1,
    });
    expect(first.counts?.matched).toBeGreaterThanOrEqual(1);
    expect(first.ledgerOk).toBe(true);
    expect(first.ledgerHeadsDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(first.totals).toMatchObject({ moneyIn: "3000000", payouts: "300000", payoutFees: "10000" });
    expect(BigInt(first.totals!.providerMoneyIn!)).toBeGreaterThanOrEqual(3_150_000n);

    const reviews = async () =>
      (await t.db.select().from(schema.reviewItems).where(eq(schema.reviewItems.cause, "reconciliation"))).map((r) => `${r.key}`).sort();
    expect(await reviews()).toEqual(
      [
        `recon:provider_success_not_completed:${unheard}`,
        `recon:completed_not_successful_at_provider:${forced.reference}`,
        `recon:amount_differs:${differs.reference}`,
        `recon:pending_over_24h:${pending.reference}`,
      ].sort(),
    );

    const second = await runReconciliation(t.db, services, { day: TODAY, now: TOMORROW_AND_MORE(), triggeredBy: admin.user.id });
    expect(second.counts?.exceptions).toEqual(first.counts?.exceptions);
    expect(await reviews()).toHaveLength(4);
    const rows = await t.db.select().from(schema.reconciliationExceptions).where(eq(schema.reconciliationExceptions.runId, second.id));
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.reviewItemId !== null)).toBe(true);

    // REST: the list, one run with its exceptions (naira), and a run of a day that has not ended refused.
    const list = await json<{
      runs: { id: number; date: string; state: string; matched: number; exceptions: Record<string, number>; totals: Record<string, number> }[];
    }>(await api(admin, "GET", "/api/admin/reconciliation/runs"));
    expect(list.runs[0]).toMatchObject({ id: second.id, date: TODAY, state: "completed", exceptions: first.counts!.exceptions, totals: { moneyIn: 30_000 } });
    const detail = await json<{ exceptionRows: { class: string; reference: string; koloAmount: number | null; providerAmount: number | null }[] }>(
      await api(admin, "GET", `/api/admin/reconciliation/runs/${second.id}`),
    );
    expect(detail.exceptionRows.find((r) => r.class === "amount_differs")).toMatchObject({
      reference: differs.reference,
      koloAmount: 2_000,
      providerAmount: 2_001,
    });
    expect((await api(admin, "GET", "/api/admin/reconciliation/runs/999999")).status).toBe(404);
    const today = await api(admin, "POST", "/api/admin/reconciliation/runs", { date: TODAY });
    expect([today.status, (await json<{ message: string }>(today)).message]).toEqual([400, "A day that has not ended cannot be reconciled yet"]);
    expect((await api(admin, "POST", "/api/admin/reconciliation/runs", { date: "2026-02-30" })).status).toBe(400);
    const yesterday = lagosDate(new Date(Date.now() - 24 * 3_600_000));
    const past = await api(admin, "POST", "/api/admin/reconciliation/runs", { date: yesterday });
    expect(past.status).toBe(200);
    expect(await json(past)).toMatchObject({ date: yesterday, state: "completed", matched: 0, exceptionRows: [], ledger: { ok: true } });
  });

  it("a provider that cannot be read fails the run, which opens nothing", async () => {
    const broken: Services = {
      ...services,
      paymentGateway: {
        ...server.paystack,
        listCharges: () => Promise.reject(new Error("gateway down")),
        initializeCharge: (i) => server.paystack.initializeCharge(i),
        verifyCharge: (r) => server.paystack.verifyCharge(r),
        verifyWebhookSignature: (b, s) => server.paystack.verifyWebhookSignature(b, s),
        refundCharge: (input) => server.paystack.refundCharge(input),
      },
    };
    const before = (await t.db.select().from(schema.reviewItems)).length;
    const run = await runReconciliation(t.db, broken, { day: TODAY, now: TOMORROW_AND_MORE(), triggeredBy: null });
    expect(run).toMatchObject({ state: "failed", error: "gateway down" });
    expect((await t.db.select().from(schema.reviewItems)).length).toBe(before);
  });

  it("the daily schedule runs at 00:30 in Lagos", async () => {
    const jobs = new Jobs({ connectionString: t.url, topUpExpiry: false, poolMax: 2, pollingIntervalSeconds: 30 });
    try {
      await jobs.start(t.db, services);
      const schedules = await jobs.schedules();
      expect(schedules.find((s) => s.name === RECONCILIATION_QUEUE)).toMatchObject({ cron: RECONCILIATION_SCHEDULE.cron, timezone: "Africa/Lagos" });
      expect(RECONCILIATION_SCHEDULE.cron).toBe("30 0 * * *");
    } finally {
      await jobs.stop();
    }
  });
});
