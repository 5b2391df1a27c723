// The Paystack sandbox retries a charge.success webhook until it gets a 200, as Paystack does
// (docs/providers.md "Webhook retries"): a transfer in to an account number whose first delivery
// got a 500, and a card top-up whose first delivery found no server (connection closed), are
// delivered again and credited once; a payment stored by a server that died before its first
// delivery is sent by a server's sweep of due retries. Between the sandbox and Kolo's webhook sits
// a gate that fails the first delivery of a reference and forwards the rest. Real PostgreSQL.
import { createServer } from "node:http";
import { assignDedicatedAccount, recordingScheduler } from "@kolo/api";
import { schema } from "@kolo/db";
import { findFreePort } from "@kolo/db/embedded";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { chargeWebhookRetryDelayMs, nextChargeWebhookAt } from "@kolo/sandboxes";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, api, balanceOf, signUp, useTestServer } from "./helpers";

/** What the gate did with one delivery of a reference. */
type GateStep = "500" | "closed" | `forwarded ${number}`;

/**
 * The gate: the first delivery of each reference gets `failFirst`'s answer ("500", or "closed": the
 * socket is destroyed unanswered, as a dead server leaves it; "500" unless told); later ones wait
 * for `release(reference)`, then go on to Kolo's webhook with the same bytes and signature,
 * answering Kolo's status. `waitFor(reference, n)` resolves once n deliveries of it are done.
 */
async function startGate() {
  let target = "";
  const first = new Map<string, "500" | "closed">();
  const steps = new Map<string, GateStep[]>();
  const waiters: { reference: string; count: number; resolve: () => void }[] = [];
  const gates = new Map<string, { open: Promise<void>; release: () => void }>();
  const gateOf = (reference: string) => {
    let entry = gates.get(reference);
    if (!entry) {
      let release = () => {};
      const open = new Promise<void>((resolve) => {
        release = resolve;
      });
      entry = { open, release };
      gates.set(reference, entry);
    }
    return entry;
  };
  const record = (reference: string, step: GateStep) => {
    steps.set(reference, [...(steps.get(reference) ?? []), step]);
    for (const waiter of [...waiters])
      if ((steps.get(waiter.reference)?.length ?? 0) >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => void answer(Buffer.concat(chunks).toString("utf8")));
    const answer = async (raw: string) => {
      const reference = (JSON.parse(raw) as { data: { reference: string } }).data.reference;
      const seen = steps.get(reference)?.length ?? 0;
      const failure = first.get(reference) ?? "500";
      if (seen === 0 && failure === "closed") {
        req.socket.destroy();
        return record(reference, "closed");
      }
      if (seen === 0) {
        res.writeHead(500).end("{}");
        return record(reference, "500");
      }
      await gateOf(reference).open;
      const kolo = await fetch(target, {
        method: "POST",
        headers: { "content-type": "application/json", "x-paystack-signature": String(req.headers["x-paystack-signature"]) },
        body: raw,
      });
      const text = await kolo.text();
      res.writeHead(kolo.status, { "content-type": "application/json" }).end(text);
      record(reference, `forwarded ${kolo.status}`);
    };
  });
  const port = await findFreePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    setTarget: (url: string) => {
      target = url;
    },
    failFirst: (reference: string, how: "500" | "closed") => first.set(reference, how),
    release: (reference: string) => gateOf(reference).release(),
    steps: (reference: string) => steps.get(reference) ?? [],
    waitFor: (reference: string, count: number) =>
      (steps.get(reference)?.length ?? 0) >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ reference, count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let gate: Awaited<ReturnType<typeof startGate>>;
const jobs = recordingScheduler();
/** The sandbox's retry interval here: 200 ms instead of Paystack's 3 minutes. */
const RETRY_MS = 200;

const { t, server, services } = useTestServer(async () => {
  gate = await startGate();
  return { services: { jobs }, webhookUrl: gate.url, webhookRetryMs: RETRY_MS };
});
beforeAll(() => gate.setTarget(`${server.base}/api/webhooks/paystack`));
afterAll(() => gate.close());

const chargeOf = async (reference: string) =>
  (await t.db.select().from(schema.paystackSandboxCharges).where(eq(schema.paystackSandboxCharges.reference, reference)))[0]!;
const recordsOf = (reference: string) => t.db.select().from(schema.transactions).where(eq(schema.transactions.reference, reference));

/** Resolves once the charge owes no webhook any more (its last delivery's 200 is written just after it was answered). */
async function settled(reference: string) {
  for (;;) {
    const charge = await chargeOf(reference);
    if (charge.nextWebhookAt === null) return charge;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** A user with a verified BVN and an assigned account number. */
async function accountHolder(): Promise<{ c: Client; number: string }> {
  const c = await signUp(server.base, "Chioma Okafor");
  expect((await api(c, "POST", "/api/verification/bvn", { bvn: "22222222221", dateOfBirth: "1994-08-12", phoneNumber: "08031234567" })).status).toBe(200);
  expect(await assignDedicatedAccount(t.db, services, c.user.id, { final: false })).toBe("assigned");
  const view = (await (await api(c, "GET", "/api/wallet/account-number")).json()) as { accountNumber: string };
  return { c, number: view.accountNumber };
}

describe("charge.success webhooks are retried until they get a 200", () => {
  it("a transfer in whose first delivery got a 500 is delivered again and credited once", async () => {
    const { c, number } = await accountHolder();
    const reference = "a1b2c3d4e5f60718293a4b5c";
    gate.failFirst(reference, "500");
    const sent = await fetch(`${server.base}/sandbox/paystack/transfer-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ reference, accountNumber: number, senderName: "Tunde Bakare", senderBank: "Access Bank", amount: "5000" }),
    });
    expect(sent.status).toBe(200);
    // The page answered after the first delivery, which Kolo never saw: nothing credited yet, a retry owed.
    expect(gate.steps(reference)).toEqual(["500"]);
    expect(await balanceOf(c)).toBe(0);
    expect((await chargeOf(reference)).nextWebhookAt).not.toBeNull();

    gate.release(reference);
    await gate.waitFor(reference, 2);
    expect(gate.steps(reference)).toEqual(["500", "forwarded 200"]);
    expect(await settled(reference)).toMatchObject({ webhookAttempts: 2, nextWebhookAt: null });
    expect(await balanceOf(c)).toBe(5_000);
    const records = await recordsOf(reference);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ type: "topup", status: "completed", amount: 500_000n });
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("a card top-up whose first delivery found the connection closed is delivered again and credited once", async () => {
    const c = await signUp(server.base, "Card Payer");
    const started = await api(c, "POST", "/api/wallet/topup", { amount: 2_500 });
    expect(started.status).toBe(200);
    const { authorizationUrl, reference } = (await started.json()) as { authorizationUrl: string; reference: string };
    gate.failFirst(reference, "closed");
    const paid = await fetch(`${authorizationUrl}/pay`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(paid.status).toBe(303);
    expect(gate.steps(reference)).toEqual(["closed"]);
    expect((await recordsOf(reference))[0]).toMatchObject({ status: "pending" });

    gate.release(reference);
    await gate.waitFor(reference, 2);
    expect(gate.steps(reference)).toEqual(["closed", "forwarded 200"]);
    expect(await settled(reference)).toMatchObject({ webhookAttempts: 2, nextWebhookAt: null });
    expect(await balanceOf(c)).toBe(2_500);
    expect(await recordsOf(reference)).toMatchObject([{ status: "completed", amount: 250_000n }]);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("a payment stored by a server that died before its first delivery is sent by another's sweep of due retries", async () => {
    const c = await signUp(server.base, "Orphan Payer");
    const started = await api(c, "POST", "/api/wallet/topup", { amount: 1_200 });
    const { reference } = (await started.json()) as { reference: string };
    gate.release(reference);
    // What the Pay button's write leaves when its server is SIGKILLed before delivering: paid, its
    // first try claimed, the retry due; no webhook ever sent.
    await t.db
      .update(schema.paystackSandboxCharges)
      .set({ status: "success", paidAt: new Date(), webhookAttempts: 1, nextWebhookAt: new Date() })
      .where(eq(schema.paystackSandboxCharges.reference, reference));
    // The sweep's try (the second) gets the gate's 500, the next one goes through.
    await gate.waitFor(reference, 2);
    expect(gate.steps(reference)).toEqual(["500", "forwarded 200"]);
    expect(await settled(reference)).toMatchObject({ webhookAttempts: 3, nextWebhookAt: null });
    expect(await balanceOf(c)).toBe(1_200);
    expect(await recordsOf(reference)).toMatchObject([{ status: "completed" }]);
  });

  it("a declined checkout owes no webhook", async () => {
    const c = await signUp(server.base, "Decliner");
    const started = await api(c, "POST", "/api/wallet/topup", { amount: 700 });
    const { authorizationUrl, reference } = (await started.json()) as { authorizationUrl: string; reference: string };
    const declined = await fetch(`${authorizationUrl}/decline`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(declined.status).toBe(303);
    expect(await chargeOf(reference)).toMatchObject({ status: "failed", webhookAttempts: 0, nextWebhookAt: null });
    expect(gate.steps(reference)).toEqual([]);
  });
});

describe("the retry schedule", () => {
  it("is Paystack's with its 3 minutes: every 3 minutes for the first 4 retries, then hourly, for 72 hours", () => {
    const minute = 60_000;
    const delays = [1, 2, 3, 4, 5, 6].map((attempt) => chargeWebhookRetryDelayMs(attempt, 3 * minute));
    expect(delays).toEqual([3, 3, 3, 3, 60, 60].map((minutes) => minutes * minute));
    const paidAt = new Date("2026-01-01T00:00:00Z");
    const at = (hours: number) => new Date(paidAt.getTime() + hours * 60 * minute);
    expect(nextChargeWebhookAt(paidAt, 10, 3 * minute, at(70))).toEqual(at(71));
    expect(nextChargeWebhookAt(paidAt, 10, 3 * minute, at(71.5))).toBeNull();
  });
});
