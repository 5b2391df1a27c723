// The cluster as users would run it (docs/operations.md "Running several servers"): `cluster` with two
// servers behind HAProxy on the embedded PostgreSQL. Money sent through server 2 reaches a stream
// held by server 1 within a second; the sandbox's webhooks reach either server through HAProxy;
// 1,000 mixed operations from eight clients (transfers, withdrawals, card top-ups) while server 2 is
// SIGKILLed mid-run, each client retrying with the same idempotency key: all happen exactly once,
// the withdrawals end by webhook or by requery, and the ledger's invariants hold.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDb } from "@kolo/db";
import { findFreePort } from "@kolo/db/embedded";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Client, PAYOUT_ACCOUNTS, api, balanceOf, fundWallet, signUp } from "./helpers";

interface ClusterFile {
  port: number;
  databaseUrl: string;
  servers: { port: number; pid: number }[];
}

const dataDir = mkdtempSync(join(tmpdir(), "kolo-cluster-"));
// As root the embedded PostgreSQL runs as `postgres`, which must get into the data folder.
chmodSync(dataDir, 0o755);
let launcher: ChildProcess;
let cluster: ClusterFile;
let db: ReturnType<typeof createDb>;
let proxy: string;

beforeAll(async () => {
  const [port, pgPort] = [await findFreePort(), await findFreePort()];
  launcher = spawn(process.execPath, ["--import", "tsx", "src/cluster.ts"], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    stdio: ["ignore", "ignore", "inherit", "ipc"],
    env: {
      ...process.env,
      KOLO_SERVERS: "2",
      PORT: String(port),
      EMBEDDED_PG_PORT: String(pgPort),
      KOLO_DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_MAX: "100000",
      // Many transfers per user: the recipient lookup limit is not what this tests.
      RECIPIENT_LOOKUP_LIMIT: "1000000",
      SEED_DEMO: "false",
      // Payouts: the sandbox's webhook after 0.2 s, the first requery after 2 s (30 s in production).
      SANDBOX_WEBHOOK_DELAY_MS: "200",
      REQUERY_FIRST_DELAY_MS: "2000",
    },
  });
  const file = join(dataDir, "cluster.json");
  const exited = new Promise<never>((_, reject) => launcher.once("exit", (code) => reject(new Error(`the cluster exited (${code})`))));
  const ready = (async () => {
    while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 200));
  })();
  await Promise.race([ready, exited]);
  cluster = JSON.parse(readFileSync(file, "utf8")) as ClusterFile;
  proxy = `http://127.0.0.1:${cluster.port}`;
  db = createDb(cluster.databaseUrl, { max: 2 });
}, 180_000);

afterAll(async () => {
  await db?.close();
  if (launcher && launcher.exitCode === null) {
    const gone = new Promise((resolve) => launcher.once("exit", resolve));
    launcher.kill("SIGTERM");
    await gone;
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** The same session against another address (a server directly, or HAProxy). */
const via = (c: Client, base: string): Client => ({ ...c, base });

describe("two servers behind HAProxy", () => {
  it("money sent through server 2 shows on a stream held by server 1 within a second", async () => {
    const a = await signUp(proxy, "Cluster Holder");
    const b = await signUp(proxy, "Cluster Sender");
    await fundWallet(db.db, b.user.id, 5_000);
    const [one, two] = cluster.servers.map((s) => `http://127.0.0.1:${s.port}`) as [string, string];
    const controller = new AbortController();
    const response = await fetch(`${one}/api/events`, { headers: { cookie: a.cookie }, signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read(); // ": connected": server 1 listens
    const sentAt = Date.now();
    expect((await api(via(b, two), "POST", "/api/transfer/p2p", { recipientEmail: a.user.email, amount: 800 })).status).toBe(200);
    let text = "";
    while (!text.includes("event: balance")) text += new TextDecoder().decode((await reader.read()).value);
    const elapsed = Date.now() - sentAt;
    controller.abort();
    expect(text).toContain('"balance":800');
    expect(elapsed).toBeLessThan(1_000);
  });

  it("card top-ups paid through HAProxy, the sandbox's webhooks sent through it to either server: each credits once", async () => {
    const payers = await Promise.all(Array.from({ length: 6 }, (_, i) => signUp(proxy, `Cluster Top-up ${i}`)));
    await Promise.all(
      payers.map(async (payer, i) => {
        const started = await api(payer, "POST", "/api/wallet/topup", { amount: 1_000 + i });
        expect(started.status).toBe(200);
        const { authorizationUrl } = (await started.json()) as { authorizationUrl: string };
        const accessCode = new URL(authorizationUrl).pathname.split("/").pop()!;
        const paid = await fetch(`${proxy}/sandbox/paystack/checkout/${accessCode}/pay`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        });
        expect(paid.status).toBe(303);
      }),
    );
    for (const [i, payer] of payers.entries()) expect(await balanceOf(payer)).toBe(1_000 + i);
    const credits = await db.client<{ n: number }[]>`
      select count(*)::int as n from journal_entries je join transactions t on t.id = je.transaction_id
      where t.type = 'topup' and t.recipient_id in ${db.client(payers.map((p) => p.user.id))}`;
    expect(credits[0]!.n).toBe(payers.length);
  });

  it("1,000 mixed operations over both servers, one SIGKILLed mid-run: clients retry with the same keys; nothing lost or doubled", {
    timeout: 420_000,
  }, async () => {
    const payers = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp(proxy, `Cluster Payer ${i}`)));
    const payee = await signUp(proxy, "Cluster Payee");
    // A user may start 10 top-ups a minute: 100 top-ups come from 20 users.
    const toppers = await Promise.all(Array.from({ length: 20 }, (_, i) => signUp(proxy, `Cluster Topper ${i}`)));
    const accounts = new Map<number, number>();
    for (const payer of payers) {
      await fundWallet(db.db, payer.user.id, 10_000);
      await db.client`update users set verification_level = 2 where id = ${payer.user.id}`;
      const saved = await api(via(payer, proxy), "POST", "/api/bank-accounts", { userId: payer.user.id, ...PAYOUT_ACCOUNTS.success });
      expect(saved.status).toBe(201);
      accounts.set(payer.user.id, ((await saved.json()) as { id: number }).id);
    }
    // 800 transfers to the payee, 100 withdrawals (the sandbox's transfer webhooks come back
    // through HAProxy; pg-boss requeries what a dead server's webhook would have settled), 100 card top-ups.
    const kinds = [...Array<string>(800).fill("p2p"), ...Array<string>(100).fill("withdraw"), ...Array<string>(100).fill("topup")];
    const operations = kinds
      .map((kind, i) => ({ kind, payer: kind === "topup" ? toppers[i % toppers.length]! : payers[i % payers.length]!, key: randomUUID() }))
      .sort(() => Math.random() - 0.5);
    let next = 0;
    let done = 0;
    let retries = 0;
    let killed = false;
    /**
     * Sends until the answer is not a server gone, unavailable or silent (each try is cut off
     * after 20 s, so a connection the dead server held cannot stall a client); that answer must be 2xx or 3xx.
     */
    const until = async (send: (signal: AbortSignal) => Promise<Response>) => {
      for (let attempt = 0; ; attempt++) {
        const response = await send(AbortSignal.timeout(20_000)).catch(() => undefined);
        const status = response?.status ?? 0;
        if (status >= 200 && status < 400) return response!;
        expect([0, 502, 503, 504], `answer ${status}`).toContain(status);
        if (attempt > 50) throw new Error("an operation never succeeded");
        retries++;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const worker = async () => {
      for (let op = operations[next++]; op; op = operations[next++]) {
        const client = via(op.payer, proxy);
        const key = { "idempotency-key": op.key };
        if (op.kind === "p2p") await until((signal) => api(client, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 10 }, key, signal));
        if (op.kind === "withdraw")
          await until((signal) => api(client, "POST", "/api/wallet/withdraw", { bankAccountId: accounts.get(op.payer.user.id), amount: 100 }, key, signal));
        if (op.kind === "topup") {
          const started = await until((signal) => api(client, "POST", "/api/wallet/topup", { amount: 200 }, key, signal));
          const { authorizationUrl, reference } = (await started.json()) as { authorizationUrl: string; reference: string };
          const accessCode = new URL(authorizationUrl).pathname.split("/").pop()!;
          await until((signal) =>
            fetch(`${proxy}/sandbox/paystack/checkout/${accessCode}/pay`, {
              method: "POST",
              redirect: "manual",
              headers: { "content-type": "application/x-www-form-urlencoded" },
              signal,
            }),
          );
          // The checkout sends the browser back to /payment-verification, which verifies the
          // reference: what credits a payment whose webhook died with the server that sent it.
          await until((signal) => api(client, "GET", `/api/wallet/verify/${reference}`, undefined, {}, signal));
        }
        done++;
        if (!killed && done >= 300) {
          killed = true;
          process.kill(cluster.servers[1]!.pid, "SIGKILL");
        }
      }
    };
    const startedAt = Date.now();
    await Promise.all(payers.map(worker));
    expect(killed).toBe(true);
    const sentIn = Date.now() - startedAt;

    // The payouts end by webhook or by requery on the surviving server; a requery step the dead
    // server held is failed by pg-boss's heartbeat check and run again here (docs/money-integrity.md).
    const ids = [...payers, ...toppers].map((p) => p.user.id);
    const settleStartedAt = Date.now();
    for (;;) {
      const open = await db.client<{ reference: string; status: string }[]>`
        select reference, status::text from transactions where type = 'transfer' and sender_id in ${db.client(ids)} and status in ('pending', 'processing')`;
      // …and their requery steps have run (a step scheduled before its payout ended answers "final").
      const [steps] = await db.client<{ n: number }[]>`
        select count(*)::int as n from pgboss.job where name = 'kolo-requery' and state in ('created', 'retry', 'active')
          and data->>'reference' in (select reference from transactions where type = 'transfer' and sender_id in ${db.client(ids)})`;
      if (open.length === 0 && steps!.n === 0) break;
      if (Date.now() - settleStartedAt > 120_000) throw new Error(`withdrawals still open: ${JSON.stringify(open)}; ${steps!.n} requery steps waiting`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const settledIn = Date.now() - settleStartedAt;
    const counts = await db.client<{ type: string; status: string; n: number }[]>`
      select type::text, status::text, count(*)::int as n from transactions
      where (sender_id in ${db.client(ids)} or (type = 'topup' and recipient_id in ${db.client(ids)})) and reference not like 'TEST-FUND-%'
      group by 1, 2 order by 1, 2`;
    const { "topup:failed": abandoned = 0, ...byType } = Object.fromEntries(counts.map((c) => [`${c.type}:${c.status}`, c.n]));
    expect(byType).toEqual({ "p2p:completed": 800, "transfer:completed": 100, "topup:completed": 100 });
    // A top-up whose first request died with the server before its checkout existed was failed
    // by the retry, which opened the next attempt's checkout (its reference ends "-1") and paid it.
    const [successors] = await db.client<{ n: number }[]>`
      select count(*)::int as n from transactions f join transactions s on s.reference = f.reference || '-1' and s.status = 'completed'
      where f.type = 'topup' and f.status = 'failed' and f.recipient_id in ${db.client(ids)}`;
    expect(successors!.n).toBe(abandoned);
    // Money adds up: what came in (funding and top-ups) less what went out to banks (with fees).
    const [sums] = await db.client<{ out: string }[]>`
      select coalesce(sum(amount + fee), 0)::text as out from transactions where type = 'transfer' and sender_id in ${db.client(ids)} and status = 'completed'`;
    let total = await balanceOf(via(payee, proxy));
    for (const someone of [...payers, ...toppers]) total += await balanceOf(via(someone, proxy));
    expect(total).toBe(8 * 10_000 + 100 * 200 - Number(sums!.out) / 100);
    expect(await balanceOf(via(payee, proxy))).toBe(800 * 10);
    expect(await ledgerInvariants(db.client)).toEqual(LEDGER_CONSISTENT);
    // pg-boss ran each requery step once: one completion per step (kind, reference, attempt), on whichever server took it.
    const [steps] = await db.client<{ steps: number; twice: number }[]>`
      select count(*)::int as steps, count(*) filter (where runs > 1)::int as twice from (
        select count(*) as runs from pgboss.job where name = 'kolo-requery' and state = 'completed'
          and data->>'reference' in (select reference from transactions where type = 'transfer' and sender_id in ${db.client(ids)})
        group by data->>'reference', data->>'attempt') as s`;
    expect(steps!.steps).toBeGreaterThanOrEqual(100);
    expect(steps!.twice).toBe(0);
    console.log(
      `cluster: 1,000 operations in ${sentIn} ms, ${retries} retries after the SIGKILL; withdrawals and their requery steps all final ${settledIn} ms later`,
    );
  });
});
