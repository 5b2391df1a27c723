// The cluster as users would run it (README "Running several servers"): `cluster` with two
// servers behind HAProxy on the embedded PostgreSQL. Money sent through server 2 reaches a stream
// held by server 1 within a second; transfers from eight clients through HAProxy while server 2 is
// SIGKILLed mid-run, each client retrying with the same idempotency key, all post exactly once and
// the ledger's invariants hold.
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
import { type Client, api, balanceOf, fundWallet, signUp } from "./sandbox-server";

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
      SEED_DEMO: "false",
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

  it("a server SIGKILLed mid-run: clients retry through HAProxy with the same keys; nothing lost or doubled", async () => {
    const payers = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp(proxy, `Cluster Payer ${i}`)));
    const payee = await signUp(proxy, "Cluster Payee");
    for (const payer of payers) await fundWallet(db.db, payer.user.id, 10_000);
    const perPayer = 25;
    let done = 0;
    let retries = 0;
    let killed = false;
    const send = async (payer: Client) => {
      for (let i = 0; i < perPayer; i++) {
        const key = randomUUID();
        for (let attempt = 0; ; attempt++) {
          const status = await api(
            via(payer, proxy),
            "POST",
            "/api/transfer/p2p",
            { recipientEmail: payee.user.email, amount: 10 },
            { "idempotency-key": key },
          ).then(
            (r) => r.status,
            () => 0,
          );
          if (status >= 200 && status < 300) break;
          // Only a server gone or unavailable is retried; a refusal would be a failure of the test.
          expect([0, 502, 503, 504]).toContain(status);
          if (attempt > 50) throw new Error(`transfer ${key} never succeeded`);
          retries++;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        done++;
        if (!killed && done >= 50) {
          killed = true;
          process.kill(cluster.servers[1]!.pid, "SIGKILL");
        }
      }
    };
    await Promise.all(payers.map(send));
    expect(killed).toBe(true);
    const rows = await db.client<{ n: number; keys: number }[]>`
      select count(*)::int as n, count(distinct idempotency_key)::int as keys from transactions
      where type = 'p2p' and recipient_id = ${payee.user.id}`;
    expect(rows[0]).toEqual({ n: 8 * perPayer, keys: 8 * perPayer });
    for (const payer of payers) expect(await balanceOf(via(payer, proxy))).toBe(10_000 - perPayer * 10);
    expect(await balanceOf(via(payee, proxy))).toBe(8 * perPayer * 10);
    expect(await ledgerInvariants(db.client)).toEqual(LEDGER_CONSISTENT);
    console.log(`cluster: ${8 * perPayer} transfers, ${retries} retries after the SIGKILL`);
  });
});
