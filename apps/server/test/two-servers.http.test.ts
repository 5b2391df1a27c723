// Two servers on one database (docs/product.md "Live updates"; docs/rest-api.md "Live events"): each with
// its own connection pool and its own LISTEN, as two processes would be. An event raised on one
// reaches a stream held by the other within a second; a session ended through one closes its
// stream held by the other; transfers sent to both with the same idempotency keys (a client
// retrying on the other server) each post once, and the ledger holds.
import { createDb, schema } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, type SandboxServer, api, balanceOf, closeApp, fundWallet, signUp, startSandboxServer, useTestServer } from "./helpers";
import { eq } from "drizzle-orm";

// Each payer sends 25 transfers, each twice: the per-user lookup limit (USER_LIMITS) is not what this tests.
const services = { userLimits: { recipient_lookup: { max: 1_000_000, windowMs: 600_000 } } };
const { t, server: one } = useTestServer({ services });
/** The second server has its own pool of the same database, as a second process would. */
let second: ReturnType<typeof createDb>;
let two: SandboxServer;
beforeAll(async () => {
  second = createDb(t.url, { max: 5 });
  two = await startSandboxServer(second.db, { services });
});
afterAll(async () => {
  await closeApp(two.app);
  await second.close();
});

/** The same user's session, used against another server. */
const on = (c: Client, server: SandboxServer): Client => ({ ...c, base: server.base });

describe("two servers, one database", () => {
  it("money sent through server 2 reaches a stream held by server 1 within a second", async () => {
    const a = await signUp(one.base, "Stream Holder");
    const b = await signUp(two.base, "Remote Sender");
    await fundWallet(t.db, b.user.id, 5_000);

    const controller = new AbortController();
    const response = await fetch(`${one.base}/api/events`, { headers: { cookie: a.cookie }, signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read(); // ": connected": server 1 is listening
    const sentAt = Date.now();
    expect((await api(b, "POST", "/api/transfer/p2p", { recipientEmail: a.user.email, amount: 700 })).status).toBe(200);
    let text = "";
    while (!text.includes("event: balance")) text += new TextDecoder().decode((await reader.read()).value);
    const elapsed = Date.now() - sentAt;
    controller.abort();
    expect(text).toContain('"balance":700');
    expect(elapsed).toBeLessThan(1_000);
  });

  it("a session ended through server 1 closes its stream held by server 2 within 5 s", async () => {
    const user = await signUp(one.base, "Signed Out Elsewhere");
    const controller = new AbortController();
    const response = await fetch(`${two.base}/api/events`, { headers: { cookie: user.cookie }, signal: controller.signal });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    await reader.read(); // ": connected": server 2 is listening
    const endedAt = Date.now();
    expect((await api(user, "POST", "/api/auth/logout-all")).status).toBe(200);
    while (!(await reader.read()).done) {
      // pings only, until server 2 closes the stream
    }
    const elapsed = Date.now() - endedAt;
    controller.abort();
    expect(elapsed).toBeLessThan(5_000);
  });

  it("transfers retried on the other server with the same idempotency key post once; the ledger holds", async () => {
    const payers = await Promise.all([0, 1, 2, 3].map((i) => signUp(i % 2 === 0 ? one.base : two.base, `Mixed Payer ${i}`)));
    const payees = await Promise.all([0, 1].map((i) => signUp(two.base, `Mixed Payee ${i}`)));
    for (const payer of payers) await fundWallet(t.db, payer.user.id, 10_000);
    const sends: Promise<Response>[] = [];
    for (let i = 0; i < 100; i++) {
      const payer = payers[i % payers.length]!;
      const payee = payees[i % payees.length]!;
      const key = randomUUID();
      const body = { recipientEmail: payee.user.email, amount: 10 };
      // The same request to both servers at once: a client that timed out on one and retried on the other.
      sends.push(api(on(payer, one), "POST", "/api/transfer/p2p", body, { "idempotency-key": key }));
      sends.push(api(on(payer, two), "POST", "/api/transfer/p2p", body, { "idempotency-key": key }));
    }
    const statuses = (await Promise.all(sends)).map((r) => r.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    const posted = await t.db.select().from(schema.transactions).where(eq(schema.transactions.type, "p2p"));
    const mine = posted.filter((row) => payers.some((p) => p.user.id === row.senderId));
    expect(mine).toHaveLength(100);
    for (const payer of payers) expect(await balanceOf(payer)).toBe(10_000 - 25 * 10);
    expect((await balanceOf(payees[0]!)) + (await balanceOf(payees[1]!))).toBe(1_000);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });
});
