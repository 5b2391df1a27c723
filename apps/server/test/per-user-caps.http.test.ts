// Per-user caps (docs/decisions.md "Per-user caps") through the real server on a real PostgreSQL
// (a pool of 10, as in production): at most 2 statements of one user in preparation at once, and
// a statement never holds a pool connection while its client reads, so one user holding 12
// unread statement downloads and 50 event streams leaves another user's sign-in and transfer
// working. Latencies are printed, never asserted (docs/performance.md "Per-user caps").
import { lagosDate } from "@kolo/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedWalletMovements } from "../bench/movements";
import { type Client, api, fundWallet, signUp, useTestServer } from "./helpers";

/** About 6 MB of CSV: far more than the sockets between a client that does not read and the server hold. */
const MOVEMENTS = 100_000;

const { t, server } = useTestServer();
let holder: Client;
const aborts: AbortController[] = [];
beforeAll(async () => {
  holder = await signUp(server.base, "Statement Hoarder");
  await seedWalletMovements(t.client, holder.user.id, MOVEMENTS);
});
afterAll(() => {
  for (const abort of aborts) abort.abort();
});

const period = `from=${lagosDate(new Date(Date.now() - 364 * 86_400_000))}&to=${lagosDate(new Date())}`;
/** Starts a download of `c`'s 12-month CSV statement; resolves with the response once its headers are in (the body unread). */
function download(c: Client) {
  const abort = new AbortController();
  aborts.push(abort);
  return api(c, "GET", `/api/statements?${period}&format=csv`, undefined, {}, abort.signal);
}

/** Waits until `count` queries of this test's database wait on a lock. */
async function lockWaiters(count: number) {
  for (;;) {
    const [row] = await t.client<{ n: number }[]>`
      select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
    if (row!.n >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("statements", () => {
  it("at most 2 in preparation per user: a 3rd is 429 'A statement is already being prepared'; another user's is not held back", async () => {
    const other = await signUp(server.base, "Other Statement");
    // The statements' reads wait on this lock: they stay in preparation until it is released.
    const blocker = await t.client.reserve();
    try {
      await blocker`begin`;
      await blocker`lock table postings in access exclusive mode`;
      const first = download(holder);
      const second = download(holder);
      await lockWaiters(2);
      const third = await download(holder);
      expect([third.status, ((await third.json()) as { message: string }).message]).toEqual([429, "A statement is already being prepared"]);
      const others = download(other);
      await lockWaiters(3);
      await blocker`commit`;
      expect([(await first).status, (await second).status, (await others).status]).toEqual([200, 200, 200]);
      // Prepared and sent: the count is back to zero.
      expect((await download(holder)).status).toBe(200);
    } finally {
      await blocker`rollback`; // a no-op once committed
      blocker.release();
    }
  });

  it("while one user holds 12 unread statement downloads and 50 event streams, another user's sign-in and transfer succeed", async () => {
    const held: Response[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await download(holder);
      expect(response.status).toBe(200);
      held.push(response);
    }
    for (let i = 0; i < 50; i++) {
      const abort = new AbortController();
      aborts.push(abort);
      expect((await fetch(`${server.base}/api/events`, { headers: { cookie: holder.cookie }, signal: abort.signal })).status).toBe(200);
    }

    const payer = await signUp(server.base, "Unbothered Payer");
    const payee = await signUp(server.base, "Unbothered Payee");
    await fundWallet(t.db, payer.user.id, 1_000);
    let started = performance.now();
    const signIn = await fetch(`${server.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.base },
      body: JSON.stringify({ email: payer.user.email, password: "secret123" }),
    });
    const signInMs = performance.now() - started;
    expect(signIn.status).toBe(200);
    started = performance.now();
    const transfer = await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 250 });
    const transferMs = performance.now() - started;
    expect(transfer.status).toBe(200);
    console.log(
      `per-user caps: with 12 unread statements and 50 streams of one user, another's sign-in took ${signInMs.toFixed(0)} ms, transfer ${transferMs.toFixed(0)} ms`,
    );

    // A held download is whole when its client finally reads it.
    const text = await held[0]!.text();
    expect(text.trim().split("\n").at(-1)).toMatch(/^Closing balance \(NGN\),-?\d+\.\d{2}$/);
  });
});
