// Nothing lost at the provider edge (docs/money-integrity.md): a seeded random run of 2,000
// operations through the real server with the provider sandboxes and their faults. Top-ups paid at
// once, never paid, paid after the expiry job ended them, paid after an admin failed them; payouts
// to every Paystack fixture account; airtime and data on every VTpass fixture (HTTP 500, closed
// connection, a hang past the client's timeout, 016, pending); P2P; admin credits and debits; admin
// Complete/Fail on open payouts and purchases, forced with a reason when the provider disagrees.
// Every webhook the provider sent is then delivered shuffled, about half twice; the requery step
// runs until nothing is open. Afterwards the ledger verification passes, and every success the
// providers hold (Paystack charges and transfers, VTpass deliveries) is matched by a Kolo
// completion or by an open review item: none is lost, none paid twice. MIX_SEED=<n> replays another run.
import { PAYOUT_REQUERY_KIND, PURCHASE_REQUERY_KIND, REQUERY_KINDS, expireStaleTopUps, runReconciliation, runRequery } from "@kolo/api";
import { vtpassFixtures } from "@kolo/sandboxes";
import { schema, verifyLedger } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants, promoteToAdmin } from "@kolo/db/testing";
import { lagosDate } from "@kolo/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PAYOUT_ACCOUNTS, call, forwardWebhook, payCheckout, seededRandom, signUp, useTestServer } from "./helpers";

const SEED = Number(process.env.MIX_SEED ?? 20_261_124);
const OPERATIONS = 2_000;
const CONCURRENCY = 12;
const PHONES = vtpassFixtures.SANDBOX_PHONES;
type PhoneName = keyof typeof PHONES;
const ACCOUNTS = ["success", "failed", "reversed", "stuck"] as const;
type AccountName = (typeof ACCOUNTS)[number];
const TOPUP_KINDS = ["paid", "abandoned", "paidAfterExpiry", "paidAfterAdminFail"] as const;
const FORCE_REASON = "Bank statement checked by operations";

// Each mix user starts many top-ups and transfers within minutes: the per-user limits (USER_LIMITS) are not what this tests.
const { t, server, capture, services } = useTestServer({
  capture: true,
  vtpassTimeoutMs: 1_500,
  services: { userLimits: { topup: { max: 1_000_000, windowMs: 60_000 }, recipient_lookup: { max: 1_000_000, windowMs: 600_000 } } },
});
interface Answer {
  code?: string;
  message?: string;
  details?: { transactionId?: number };
  transaction?: { id: number; reference: string; status: string };
  authorizationUrl?: string;
  reference?: string;
}

/** Runs `tasks` with at most `limit` in flight. */
async function inPool(tasks: (() => Promise<void>)[], limit: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) await tasks[next++]!();
    }),
  );
}

describe("nothing lost at the provider edge", () => {
  it(`${OPERATIONS} operations with provider faults, late successes and admin (forced) moves end verified, every provider success matched`, async () => {
    console.log(`integrity-mix seed ${SEED} (MIX_SEED=<n> replays another run)`);
    const random = seededRandom(SEED);
    const below = (n: number) => Math.floor(random() * n);
    const pick = <T>(items: readonly T[]) => items[below(items.length)]!;

    const admin = await signUp(server.base, "Integrity Admin");
    await promoteToAdmin(t.db, admin.user.id);
    const people = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const c = await signUp(server.base, "Integrity User");
        await t.db.update(schema.users).set({ verificationLevel: 2 }).where(eq(schema.users.id, c.user.id));
        const ids = {} as Record<AccountName, number>;
        for (const name of ACCOUNTS) {
          const saved = await call<{ id: number }>(c, "POST", "/api/bank-accounts", { userId: c.user.id, ...PAYOUT_ACCOUNTS[name] });
          expect(saved.status).toBe(201);
          ids[name] = saved.body.id;
        }
        return { c, ids };
      }),
    );
    // Funding: an admin credit per user (well below the four-eyes threshold), so the mix has money to move.
    for (const { c } of people) {
      const credited = await call<Answer>(
        admin,
        "POST",
        `/api/admin/users/${c.user.id}/wallet`,
        { amount: 60_000, type: "credit", description: "mix funding" },
        { "idempotency-key": `integrity-fund-${c.user.id}` },
      );
      expect(credited.status).toBe(200);
    }

    const open = { payouts: [] as number[], purchases: [] as number[] };
    const seen = {
      topups: {} as Record<string, number>,
      payouts: 0,
      purchases: 0,
      p2p: 0,
      adjustments: 0,
      moves: {} as Record<string, number>,
      refused: {} as Record<string, number>,
    };
    const count = (bag: Record<string, number>, key: string) => (bag[key] = (bag[key] ?? 0) + 1);

    const ops = Array.from({ length: OPERATIONS }, (_, i) => {
      const { c, ids } = pick(people);
      const roll = random();
      if (roll < 0.34) {
        const to = pick(people.filter((p) => p.c !== c)).c;
        const amount = 1 + below(1_500);
        return async () => {
          const sent = await call<Answer>(
            c,
            "POST",
            "/api/transfer/p2p",
            { recipientEmail: to.user.email, amount },
            { "idempotency-key": `integrity-p2p-${i}` },
          );
          if (sent.status === 200) seen.p2p++;
          else count(seen.refused, `p2p ${sent.status} ${sent.body.code}`);
        };
      }
      if (roll < 0.5) {
        const kind = pick(TOPUP_KINDS);
        const amount = 100 + below(20_000);
        return async () => {
          const started = await call<Answer>(c, "POST", "/api/wallet/topup", { amount }, { "idempotency-key": `integrity-topup-${i}` });
          expect([started.status, started.body.message]).toEqual([200, undefined]);
          count(seen.topups, kind);
          if (kind === "abandoned") return;
          if (kind === "paidAfterExpiry") {
            // The expiry job, two hours on: the gateway has no payment yet, so it ends the top-up as failed.
            await expireStaleTopUps(t.db, server.paystack, server.log, { now: new Date(Date.now() + 2 * 3_600_000), userId: c.user.id });
          } else if (kind === "paidAfterAdminFail") {
            const [record] = await t.db.select().from(schema.transactions).where(eq(schema.transactions.reference, started.body.reference!));
            const failed = await call<Answer>(admin, "POST", "/api/admin/transactions/update-status", { id: record!.id, status: "failed" });
            if (failed.status === 409) {
              expect(
                (
                  await call<Answer>(admin, "POST", "/api/admin/transactions/update-status", {
                    id: record!.id,
                    status: "failed",
                    force: true,
                    reason: FORCE_REASON,
                  })
                ).status,
              ).toBe(200);
            } else if (failed.status === 400) {
              // Another operation's expiry run (two hours on, for this user) ended it first.
              expect(failed.body.message).toBe("Only pending or processing transactions can be completed or failed");
            } else {
              expect(failed.status).toBe(200);
            }
          }
          await payCheckout(started.body.authorizationUrl!);
        };
      }
      if (roll < 0.64) {
        const account = pick(ACCOUNTS);
        const amount = 100 + below(3_000);
        const withdraw = random() < 0.5;
        const fee = Math.min(1_000, Math.max(50, amount / 100));
        return async () => {
          const sent = withdraw
            ? await call<Answer>(c, "POST", "/api/wallet/withdraw", { bankAccountId: ids[account], amount }, { "idempotency-key": `integrity-payout-${i}` })
            : await call<Answer>(
                c,
                "POST",
                "/api/transfer/bank",
                { bankAccountId: ids[account], amount, transferFee: fee },
                { "idempotency-key": `integrity-payout-${i}` },
              );
          if (sent.status !== 200) return void count(seen.refused, `payout ${sent.status} ${sent.body.code}`);
          seen.payouts++;
          open.payouts.push(sent.body.transaction!.id);
        };
      }
      if (roll < 0.8) {
        const phone = pick(Object.keys(PHONES) as PhoneName[]);
        const airtime = random() < 0.5;
        const body = airtime
          ? { phoneNumber: PHONES[phone], amount: 50 + below(2_000), network: pick(["mtn", "glo", "airtel", "etisalat"]) }
          : { phoneNumber: PHONES[phone], network: "mtn", variationCode: pick(["mtn-10mb-100", "mtn-1gb-500", "mtn-2gb-1000"]) };
        return async () => {
          const sent = await call<Answer>(c, "POST", airtime ? "/api/airtime" : "/api/data", body, { "idempotency-key": `integrity-purchase-${i}` });
          if (sent.status === 400 && sent.body.code === "PURCHASE_FAILED") return void seen.purchases++;
          if (sent.status !== 200 && sent.status !== 202) return void count(seen.refused, `purchase ${sent.status} ${sent.body.code}`);
          seen.purchases++;
          open.purchases.push(sent.body.transaction!.id);
        };
      }
      if (roll < 0.9) {
        const type = random() < 0.5 ? "credit" : "debit";
        const amount = 1 + below(5_000);
        return async () => {
          const sent = await call<Answer>(
            admin,
            "POST",
            `/api/admin/users/${c.user.id}/wallet`,
            { amount, type, description: `mix ${type} ${i}` },
            { "idempotency-key": `integrity-adjust-${i}` },
          );
          if (sent.status === 200) seen.adjustments++;
          else count(seen.refused, `adjustment ${sent.status} ${sent.body.code}`);
        };
      }
      // An admin's Complete or Fail on an open payout or purchase: asked of the provider first;
      // where the provider disagrees (409), forced with a written reason half of the time.
      const status = random() < 0.5 ? "completed" : "failed";
      const force = random() < 0.5;
      const fromPayouts = random() < 0.5;
      return async () => {
        const pool = fromPayouts ? open.payouts : open.purchases;
        if (pool.length === 0) return void count(seen.moves, "nothing open");
        const id = pool[below(pool.length)]!;
        const moved = await call<Answer>(admin, "POST", "/api/admin/transactions/update-status", { id, status });
        if (moved.status === 409 && force) {
          const forced = await call<Answer>(admin, "POST", "/api/admin/transactions/update-status", { id, status, force: true, reason: FORCE_REASON });
          return void count(seen.moves, `forced ${status} ${forced.status}`);
        }
        count(seen.moves, `${status} ${moved.status}`);
      };
    });
    const started = Date.now();
    await inPool(ops, CONCURRENCY);
    console.log(`integrity-mix: ${OPERATIONS} ops in ${Date.now() - started} ms; ${JSON.stringify(seen)}`);
    // The run exercised what it is meant to: late successes of both kinds, forced moves, refusals.
    expect(seen.topups.paidAfterExpiry).toBeGreaterThan(5);
    expect(seen.topups.paidAfterAdminFail).toBeGreaterThan(5);
    expect(Object.keys(seen.moves).some((k) => k.startsWith("forced"))).toBe(true);
    expect(seen.payouts).toBeGreaterThan(50);
    expect(seen.purchases).toBeGreaterThan(50);

    // Every webhook the sandbox sent, shuffled, about half of them twice.
    const hooks = [...capture.received];
    const deliveries = [...hooks, ...hooks.filter(() => random() < 0.5)]
      .map((hook) => ({ hook, order: random() }))
      .sort((a, b) => a.order - b.order)
      .map(({ hook }) => hook);
    const results: number[] = [];
    await inPool(
      deliveries.map((hook) => async () => void results.push((await forwardWebhook(server, hook)).status)),
      CONCURRENCY,
    );
    expect(results.every((status) => status === 200)).toBe(true);

    // The requery step for everything still open, on a clock an hour apart each pass; after the
    // first pass the provider pays the stuck payouts.
    const stillOpen = async () =>
      (await t.client`select reference, type from transactions where status in ('pending', 'processing') and type in ('transfer', 'airtime', 'data')`).map(
        (row) => ({
          reference: row.reference as string,
          kind: row.type === "transfer" ? PAYOUT_REQUERY_KIND : PURCHASE_REQUERY_KIND,
        }),
      );
    const base = Date.now();
    for (let pass = 0; pass < 6; pass++) {
      const now = new Date(base + (pass + 1) * 60_000);
      const pending = await stillOpen();
      if (pending.length === 0) break;
      await inPool(
        pending.map((o) => async () => {
          const [record] = await t.db.select().from(schema.transactions).where(eq(schema.transactions.reference, o.reference));
          await runRequery(
            { db: t.db, services, now },
            { kind: o.kind, reference: o.reference, attempt: pass, startedAt: record!.createdAt.toISOString() },
            REQUERY_KINDS,
          );
        }),
        CONCURRENCY,
      );
      if (pass === 0) await t.client`update paystack_sandbox_transfers set status = 'success' where status = 'pending'`;
    }
    expect(await stillOpen()).toEqual([]);

    // The day's reconciliation (what finds a provider success nobody told Kolo about, e.g. a
    // stuck payout paid after an admin forced it failed).
    const run = await runReconciliation(t.db, services, { day: lagosDate(new Date()), now: new Date(), triggeredBy: admin.user.id });
    expect(run.state).toBe("completed");
    expect(run.ledgerOk).toBe(true);

    // The ledger holds: every chain, every balance, every invariant.
    const verification = await verifyLedger(t.db, { full: true });
    expect(verification.checks.filter((check) => !check.ok)).toEqual([]);
    expect(verification.ok).toBe(true);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
    const [held] = await t.client`select count(*)::int as n from holds where status = 'held'`;
    expect(held!.n).toBe(0);

    // Every provider-side success is a Kolo completion or an open review item; none credited twice.
    const unmatchedCharges = await t.client`
      select c.reference from paystack_sandbox_charges c
      left join transactions k on k.reference = c.reference
      where c.status = 'success' and coalesce(k.status::text, '') <> 'completed'
        and not exists (select 1 from review_items r where r.reference = c.reference and r.status = 'open')`;
    expect(unmatchedCharges).toEqual([]);
    const doubleCredits = await t.client`
      select k.reference, count(je.id)::int as n from transactions k join journal_entries je on je.transaction_id = k.id
      where k.type = 'topup' group by k.reference having count(je.id) > 1`;
    expect(doubleCredits).toEqual([]);
    const lateCredits = await t.client`select count(*)::int as n from transactions where type = 'topup' and status = 'completed' and metadata ? 'lateSuccess'`;
    expect(lateCredits[0]!.n).toBeGreaterThanOrEqual(Math.min(seen.topups.paidAfterExpiry ?? 0, 1));
    const unmatchedTransfers = await t.client`
      select s.reference from paystack_sandbox_transfers s
      left join transactions k on k.reference = s.reference
      where s.status = 'success' and coalesce(k.status::text, '') <> 'completed'
        and not exists (select 1 from review_items r where r.reference = s.reference and r.status = 'open')`;
    expect(unmatchedTransfers).toEqual([]);
    const unmatchedDeliveries = await t.client`
      select v.request_id from vtpass_sandbox_purchases v
      left join transactions k on k.reference = v.request_id
      where v.status = 'delivered' and coalesce(k.status::text, '') <> 'completed'
        and not exists (select 1 from review_items r where r.reference = v.request_id and r.status = 'open')`;
    expect(unmatchedDeliveries).toEqual([]);
    const reviews = await t.client`select cause, count(*)::int as n from review_items group by cause order by cause`;
    console.log(`integrity-mix: review items ${JSON.stringify(Object.fromEntries(reviews.map((r) => [r.cause, r.n])))}`);
  }, 240_000); // an upper bound for a loaded 2-core machine (the run takes 30 to 90 s), never waited out by a passing run
});
