// One credit per provider reference (docs/money-integrity.md "Review queue", "A paid top-up is
// never dropped"): whatever the order of the provider's webhook (twice), verify, a reconciliation
// run, a review credit, an admin's Fail and Complete and the expiry job, the wallet moves by the
// amount at most once, and exactly once when the provider says the money is the user's.
// One top-up, one payout and one purchase per order; for each provider outcome the orders are seeded
// shuffles chosen so that every pair of events is run in both orders. Real server, Paystack and VTpass sandboxes, real database.
import { checkPayout, expireStaleTopUps, flagPayout, flagPurchase, requeryPurchase, runReconciliation, startPayout } from "@kolo/api";
import { findUserById, openReviewItem, schema } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { lagosDate } from "@kolo/domain";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type CapturedWebhook, PAYOUT_ACCOUNTS, api, balanceOf, forwardWebhook, fundWallet, seededRandom, signUp, useTestServer } from "./helpers";

const EVENTS = ["webhook", "duplicate webhook", "verify", "reconciliation", "review credit", "admin fail", "admin complete", "expiry job"] as const;
type Event = (typeof EVENTS)[number];

/**
 * Seeded shuffles of EVENTS, as many as it takes for every ordered pair of events to appear: each
 * event is run both before and after each other one (6 to 9 orders for the seeds used here).
 */
function orders(seed: number): Event[][] {
  const random = seededRandom(seed);
  const missing = new Set(EVENTS.flatMap((a) => EVENTS.filter((b) => b !== a).map((b) => `${a}>${b}`)));
  const result: Event[][] = [];
  while (missing.size > 0) {
    const order = [...EVENTS];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    order.forEach((a, i) => order.slice(i + 1).forEach((b) => missing.delete(`${a}>${b}`)));
    result.push(order);
  }
  return result;
}

// The provider's webhooks go to the capture: the test decides when (and how often) they arrive.
// VTpass's 201000000000 stays processing for an hour: the test says when VTpass has an answer.
const { t, server, capture, admin, services, recordOf } = useTestServer({
  capture: true,
  vtpassPendingMs: 3_600_000,
  authRateLimit: { max: 10_000, windowMs: 60_000 },
  admin: "Credit Once Admin",
});
const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);

/** The events every kind shares: reconciliation, a review credit (of an open item of the reference, else of a new one), admin Fail / Complete. */
async function commonEvent(event: Event, reference: string, kind: "topup" | "payout" | "purchase", userId: number, amount: bigint) {
  if (event === "reconciliation") {
    await runReconciliation(t.db, services, { day: lagosDate(new Date()), now: later(25), triggeredBy: admin.user.id });
  } else if (event === "review credit") {
    const open = await t.db
      .select()
      .from(schema.reviewItems)
      .where(and(eq(schema.reviewItems.reference, reference), eq(schema.reviewItems.status, "open")));
    const item =
      open[0] ??
      (await openReviewItem(t.db, {
        key: `test:${reference}`,
        kind,
        cause: "reconciliation",
        reference,
        userId,
        amountKobo: amount,
        reason: "Checked by hand",
      }));
    if (item) await api(admin, "POST", `/api/admin/reviews/${item.id}/resolve`, { action: "credit", note: "Pay what is owed" });
  } else if (event === "admin fail" || event === "admin complete") {
    const record = await recordOf(reference);
    await api(admin, "POST", "/api/admin/transactions/update-status", { id: record.id, status: event === "admin fail" ? "failed" : "completed" });
  } else {
    throw new Error(`Not a common event: ${event}`);
  }
}

/** Kobo the user's wallet received or gave back for `reference`, summed over every journal entry that names the reference. */
async function walletMovesFor(userId: number, transactionId: number) {
  const [row] = await t.client<{ n: string; credits: string }[]>`
    select count(*)::text as n, coalesce(sum(p.amount), 0)::text as credits
    from postings p join journal_entries e on e.id = p.journal_entry_id join ledger_accounts a on a.id = p.account_id
    where e.transaction_id = ${transactionId} and a.user_id = ${userId} and a.kind = 'user_wallet' and p.amount > 0`;
  return { credits: BigInt(row!.n), kobo: BigInt(row!.credits) };
}

describe("a review credit pays only what was not paid", () => {
  it("a ₦2,500 top-up failed by an admin, then paid and credited as a late success: its review credit answers 409 'Already credited' and moves nothing", async () => {
    const c = await signUp(server.base);
    await fundWallet(t.db, c.user.id, 3_000);
    const started = (await (await api(c, "POST", "/api/wallet/topup", { amount: 2_500 })).json()) as { authorizationUrl: string; reference: string };
    const record = await recordOf(started.reference);
    expect((await api(admin, "POST", "/api/admin/transactions/update-status", { id: record.id, status: "failed" })).status).toBe(200);
    await fetch(`${started.authorizationUrl}/pay`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" } });
    const [hook] = await capture.waitFor(started.reference, 1);
    expect((await forwardWebhook(server, hook!)).body.outcome).toBe("credited");
    expect(await balanceOf(c)).toBe(5_500);

    // A second item about the same reference (as reconciliation would open): both are open.
    await openReviewItem(t.db, {
      key: `recon:test:${started.reference}`,
      kind: "topup",
      cause: "reconciliation",
      reference: started.reference,
      userId: c.user.id,
      amountKobo: 250_000n,
      reason: "Paid at the gateway",
    });
    const items = await t.db.select().from(schema.reviewItems).where(eq(schema.reviewItems.reference, started.reference));
    expect(items.map((i) => [i.cause, i.status]).sort()).toEqual([
      ["late_success", "open"],
      ["reconciliation", "open"],
    ]);
    const late = items.find((i) => i.cause === "late_success")!;
    const credit = await api(admin, "POST", `/api/admin/reviews/${late.id}/resolve`, { action: "credit", note: "Pay what is owed" });
    expect([credit.status, ((await credit.json()) as { message: string }).message]).toEqual([409, "Already credited"]);
    expect(await balanceOf(c)).toBe(5_500);

    // Dismissing one resolves both, the other with a note naming the first.
    expect((await api(admin, "POST", `/api/admin/reviews/${late.id}/resolve`, { action: "dismiss", note: "Credited by the webhook" })).status).toBe(200);
    const after = await t.db.select().from(schema.reviewItems).where(eq(schema.reviewItems.reference, started.reference));
    expect(after.every((i) => i.status === "resolved")).toBe(true);
    expect(after.find((i) => i.id !== late.id)!.note).toBe(`Resolved with review item #${late.id} (dismiss): Credited by the webhook`);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("a review credit first, then the webhook and verify: the top-up is completed by the credit and credited once", async () => {
    const c = await signUp(server.base);
    const started = (await (await api(c, "POST", "/api/wallet/topup", { amount: 1_000 })).json()) as { authorizationUrl: string; reference: string };
    await fetch(`${started.authorizationUrl}/pay`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" } });
    const [hook] = await capture.waitFor(started.reference, 1);
    const item = (await openReviewItem(t.db, {
      key: `recon:first:${started.reference}`,
      kind: "topup",
      cause: "reconciliation",
      reference: started.reference,
      userId: c.user.id,
      amountKobo: 100_000n,
      reason: "Paid at the gateway, pending at Kolo",
    }))!;
    expect((await api(admin, "POST", `/api/admin/reviews/${item.id}/resolve`, { action: "credit", note: "Pay what is owed" })).status).toBe(200);
    expect(await balanceOf(c)).toBe(1_000);
    expect(await recordOf(started.reference)).toMatchObject({
      status: "completed",
      metadata: { reviewCredit: { reviewItemId: item.id, adminId: admin.user.id } },
    });
    expect((await forwardWebhook(server, hook!)).body.outcome).toBe("already-credited");
    expect((await api(c, "GET", `/api/wallet/verify/${started.reference}`)).status).toBe(200);
    expect(await balanceOf(c)).toBe(1_000);
  });
});

describe("money owed for one provider reference is credited at most once, in any order", () => {
  it("a top-up, paid or declined at the gateway: credited exactly once when paid, never when declined", async () => {
    const runs = [true, false].flatMap((paid) => orders(paid ? 31 : 131).map((order) => ({ paid, order })));
    for (const { paid, order } of runs) {
      const c = await signUp(server.base);
      const started = (await (await api(c, "POST", "/api/wallet/topup", { amount: 2_500 })).json()) as { authorizationUrl: string; reference: string };
      const finished = await fetch(`${started.authorizationUrl}/${paid ? "pay" : "decline"}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(finished.status).toBe(303);
      const hooks: CapturedWebhook[] = paid ? await capture.waitFor(started.reference, 1) : [];
      for (const event of order) {
        if (event === "webhook" || event === "duplicate webhook") {
          if (hooks[0]) await forwardWebhook(server, hooks[0]);
        } else if (event === "verify") {
          await api(c, "GET", `/api/wallet/verify/${started.reference}`);
        } else if (event === "expiry job") {
          await expireStaleTopUps(t.db, server.paystack, server.log, { now: later(2), userId: c.user.id });
        } else {
          await commonEvent(event, started.reference, "topup", c.user.id, 250_000n);
        }
        const balance = await balanceOf(c);
        expect([order.join(" → "), event, balance <= 2_500]).toEqual([order.join(" → "), event, true]);
      }
      const record = await recordOf(started.reference);
      expect([order.join(" → "), paid, await balanceOf(c)]).toEqual([order.join(" → "), paid, paid ? 2_500 : 0]);
      expect(await walletMovesFor(c.user.id, record.id)).toEqual(paid ? { credits: 1n, kobo: 250_000n } : { credits: 0n, kobo: 0n });
      expect(record.status).toBe(paid ? "completed" : "failed");
    }
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("a bank transfer the bank pays or fails: debited once, given back exactly once when it failed, never when paid", async () => {
    const runs = [false, true].flatMap((fails) => orders(fails ? 132 : 32).map((order) => ({ fails, order })));
    for (const { fails, order } of runs) {
      const c = await signUp(server.base);
      await fundWallet(t.db, c.user.id, 5_000);
      const user = (await findUserById(t.db, c.user.id))!;
      const { transaction } = await startPayout(t.db, services, {
        user,
        channel: "bank_transfer",
        recipient: fails ? PAYOUT_ACCOUNTS.failed : PAYOUT_ACCOUNTS.success,
        amountKobo: 100_000n,
      });
      const fee = Number(transaction.fee) / 100;
      expect(await balanceOf(c)).toBe(5_000 - 1_000 - fee);
      const hooks = await capture.waitFor(transaction.reference, 1);
      for (const event of order) {
        if (event === "webhook" || event === "duplicate webhook") {
          await forwardWebhook(server, hooks[0]!);
        } else if (event === "verify") {
          await checkPayout({ db: t.db, services, now: new Date() }, transaction.reference);
        } else if (event === "expiry job") {
          await flagPayout({ db: t.db, services, now: later(25) }, transaction.reference);
        } else {
          await commonEvent(event, transaction.reference, "payout", c.user.id, transaction.amount);
        }
        const balance = await balanceOf(c);
        expect([order.join(" → "), event, balance <= 5_000]).toEqual([order.join(" → "), event, true]);
      }
      const record = await recordOf(transaction.reference);
      expect([order.join(" → "), fails, await balanceOf(c)]).toEqual([order.join(" → "), fails, fails ? 5_000 : 5_000 - 1_000 - fee]);
      expect(record.status).toBe(fails ? "failed" : "completed");
    }
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("an airtime purchase VTpass delivers or refunds: debited once, given back exactly once when refunded, never when delivered", async () => {
    const runs = [false, true].flatMap((refunded) => orders(refunded ? 133 : 33).map((order) => ({ refunded, order })));
    for (const { refunded, order } of runs) {
      const c = await signUp(server.base);
      await fundWallet(t.db, c.user.id, 3_000);
      const bought = await api(c, "POST", "/api/airtime", { phoneNumber: "201000000000", amount: 700, network: "mtn" });
      expect(bought.status).toBe(202);
      const { transaction } = (await bought.json()) as { transaction: { reference: string } };
      expect(await balanceOf(c)).toBe(2_300);
      // VTpass now has its answer; Kolo learns it only through the events below.
      await t.client`update vtpass_sandbox_purchases set status = ${refunded ? "failed" : "delivered"}, final_at = null where request_id = ${transaction.reference}`;
      for (const event of order) {
        // VTpass sends no callbacks: its word reaches Kolo by requery, which the job and verify both ask.
        if (event === "webhook" || event === "duplicate webhook" || event === "verify") {
          await requeryPurchase(t.db, services, transaction.reference);
        } else if (event === "expiry job") {
          await flagPurchase(t.db, transaction.reference, later(25));
        } else {
          await commonEvent(event, transaction.reference, "purchase", c.user.id, 70_000n);
        }
        const balance = await balanceOf(c);
        expect([order.join(" → "), event, balance <= 3_000]).toEqual([order.join(" → "), event, true]);
      }
      const record = await recordOf(transaction.reference);
      expect([order.join(" → "), refunded, await balanceOf(c)]).toEqual([order.join(" → "), refunded, refunded ? 3_000 : 2_300]);
      expect(record.status).toBe(refunded ? "failed" : "completed");
    }
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });
});
