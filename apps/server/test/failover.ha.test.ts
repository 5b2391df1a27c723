// Failover without losing a kobo (docs/operations.md): `ha up` (PostgreSQL 15 primary and
// synchronous standby under Patroni, HAProxy, two Kolo servers), then 32 clients sending transfers
// and withdrawals through HAProxy while the primary dies: first its postmaster is SIGKILLed, then,
// in a second run, its Patroni is SIGKILLed with its PostgreSQL (the node dies). Clients retry
// 503s and lost connections with the same idempotency keys. Afterwards every acknowledged
// operation exists exactly once, the ledger's invariants hold, a stream opened before the failover
// still hears events, and the time from the kill to the first write acknowledged after it (RTO)
// is at most 30 s. First, a pgBackRest backup restored to a moment between two transfers holds the
// first and not the second. Run by `npm test` as its own step (vitest.ha.config.ts); figures in
// docs/operations.md.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDb, verifyLedger } from "@kolo/db";
import { findFreePort } from "@kolo/db/embedded";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haLeaderWithSyncStandby, postmasterPid } from "../src/launch/ha-cluster";
import { type HaNode, type HaState, type RestoredCopy, patroniCluster } from "../src/launch/patroni";
import { type Client, PAYOUT_ACCOUNTS, api, balanceOf, fundWallet, signUp } from "./helpers";

const SERVER_DIR = fileURLToPath(new URL("..", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "kolo-ha-"));
// As root, the launcher runs PostgreSQL as `postgres`; the data folder itself stays root's.
chmodSync(dataDir, 0o755);
let env: NodeJS.ProcessEnv;
let state: HaState;
let db: ReturnType<typeof createDb>;
let proxy: string;

/** Runs `ha <command> [...args]` to its end; rejects on a non-zero exit. */
function ha(command: "up" | "down" | "backup" | "restore", ...args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/ha.ts", command, ...args], {
      cwd: SERVER_DIR,
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`ha ${command} exited ${code}`))));
  });
}

beforeAll(async () => {
  env = {
    ...process.env,
    KOLO_DATA_DIR: dataDir,
    PORT: String(await findFreePort()),
    HA_PG_PORT: String(await findFreePort()),
    AUTH_RATE_LIMIT_MAX: "100000",
    // Many transfers per user: the recipient lookup limit is not what this tests.
    RECIPIENT_LOOKUP_LIMIT: "1000000",
    SANDBOX_WEBHOOK_DELAY_MS: "200",
    REQUERY_FIRST_DELAY_MS: "2000",
  };
  await ha("up");
  state = JSON.parse(readFileSync(join(dataDir, "ha", "ha.json"), "utf8")) as HaState;
  proxy = `http://127.0.0.1:${state.port}`;
  db = createDb(state.databaseUrl, { max: 2 });
}, 420_000);

afterAll(async () => {
  await db?.close();
  await ha("down", "--purge").catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

interface RunFigures {
  rtoMs: number;
  acknowledged: number;
  retries: number;
}

/**
 * 32 clients (each with its own wallet and bank account) send ₦10 transfers to one payee and,
 * every tenth operation, a ₦100 withdrawal, retrying with the same key until 2xx. `kill` runs 3 s
 * in; the run ends 5 s after the first write acknowledged after the kill. Checks what the issue's
 * "afterwards" asks and answers the figures.
 */
async function runWithKill(label: string, kill: (leader: HaNode) => void): Promise<RunFigures> {
  const leader = await haLeaderWithSyncStandby(state);
  const payee = await signUp(proxy, `Failover Payee ${label}`);
  const clients: { client: Client; bankAccountId: number }[] = [];
  for (let i = 0; i < 32; i++) {
    const client = await signUp(proxy, `Failover Client ${label} ${i}`);
    await fundWallet(db.db, client.user.id, 100_000);
    await db.client`update users set verification_level = 2 where id = ${client.user.id}`;
    const saved = await api(client, "POST", "/api/bank-accounts", { userId: client.user.id, ...PAYOUT_ACCOUNTS.success });
    expect(saved.status).toBe(201);
    clients.push({ client, bankAccountId: ((await saved.json()) as { id: number }).id });
  }
  // A stream held open across the failover must still hear events afterwards.
  const listener = await signUp(proxy, `Failover Listener ${label}`);
  const stream = await fetch(`${proxy}/api/events`, { headers: { cookie: listener.cookie } });
  const reader = stream.body!.getReader();

  const acknowledged: { kind: "p2p" | "withdraw"; key: string; senderId: number }[] = [];
  let retries = 0;
  let killAt = 0;
  let firstAfterKill = 0;
  let stop = false;
  /** Sends until 2xx; a server gone, unavailable or silent (0, 502, 503, 504) is retried with the same key. */
  const until = async (send: (signal: AbortSignal) => Promise<Response>) => {
    for (let attempt = 0; ; attempt++) {
      const sentAt = Date.now();
      const response = await send(AbortSignal.timeout(20_000)).catch(() => undefined);
      const status = response?.status ?? 0;
      if (status >= 200 && status < 300) {
        if (killAt && sentAt > killAt && !firstAfterKill) firstAfterKill = Date.now();
        return;
      }
      expect([0, 502, 503, 504], `answer ${status}: ${await response?.text()}`).toContain(status);
      if (attempt > 300) throw new Error("an operation never succeeded");
      retries++;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  const worker = async ({ client, bankAccountId }: { client: Client; bankAccountId: number }) => {
    for (let n = 0; !stop; n++) {
      const key = randomUUID();
      const kind = n % 10 === 9 ? "withdraw" : "p2p";
      const headers = { "idempotency-key": key };
      if (kind === "p2p") await until((signal) => api(client, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 10 }, headers, signal));
      else await until((signal) => api(client, "POST", "/api/wallet/withdraw", { bankAccountId, amount: 100 }, headers, signal));
      acknowledged.push({ kind, key, senderId: client.user.id });
    }
  };
  const running = Promise.all(clients.map(worker));
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  killAt = Date.now();
  kill(leader);
  while (!firstAfterKill && Date.now() - killAt < 60_000) await new Promise((resolve) => setTimeout(resolve, 100));
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  stop = true;
  await running;
  const rtoMs = firstAfterKill - killAt;

  // Every acknowledged operation exists exactly once, under its key.
  const keys = acknowledged.map((a) => a.key);
  const rows = await db.client<{ key: string; type: string; n: number }[]>`
    select idempotency_key as key, type::text, count(*)::int as n from transactions where idempotency_key in ${db.client(keys)} group by 1, 2`;
  expect(rows.length).toBe(acknowledged.length);
  expect(rows.every((row) => row.n === 1)).toBe(true);
  const p2p = acknowledged.filter((a) => a.kind === "p2p").length;
  expect(rows.filter((row) => row.type === "p2p").length).toBe(p2p);
  // No transfer was made that no client was told of more than once: the payee got exactly the acknowledged ones.
  expect(await balanceOf(payee)).toBe(p2p * 10);
  const [unkeyed] = await db.client<{ n: number }[]>`
    select count(*)::int as n from transactions where type = 'p2p' and recipient_id = ${payee.user.id}`;
  expect(unkeyed!.n).toBe(p2p);
  // Withdrawals end (webhook or pg-boss's requery on the new primary).
  const senders = clients.map((c) => c.client.user.id);
  const settleStartedAt = Date.now();
  for (;;) {
    const [open] = await db.client<{ n: number }[]>`
      select count(*)::int as n from transactions where type = 'transfer' and sender_id in ${db.client(senders)} and status in ('pending', 'processing')`;
    if (open!.n === 0) break;
    if (Date.now() - settleStartedAt > 120_000) throw new Error(`${open!.n} withdrawals still open`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  expect(await ledgerInvariants(db.client)).toEqual(LEDGER_CONSISTENT);
  // The ledger verification (docs/ledger-verification.md): hash chains, balances, holds, daily counters.
  const verification = await verifyLedger(db.db, { full: true });
  expect(verification.checks.filter((check) => !check.ok)).toEqual([]);

  // The servers listen again: money sent now reaches the stream opened before the failover.
  const sent = await api(clients[0]!.client, "POST", "/api/transfer/p2p", { recipientEmail: listener.user.email, amount: 7 });
  expect(sent.status).toBe(200);
  let text = "";
  const heardBy = Date.now() + 10_000;
  while (!text.includes('"balance":7') && Date.now() < heardBy) {
    const chunk = await Promise.race([reader.read(), new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), heardBy - Date.now()))]);
    if (!chunk || chunk.done) break;
    text += new TextDecoder().decode(chunk.value);
  }
  await reader.cancel();
  expect(text).toContain('"balance":7');

  console.log(`failover (${label}): RTO ${rtoMs} ms; ${acknowledged.length} operations acknowledged, 0 lost, 0 doubled; ${retries} retries`);
  return { rtoMs, acknowledged: acknowledged.length, retries };
}

describe("backups with point-in-time recovery (pgBackRest)", () => {
  it("a full backup and the WAL archive restore to a moment between two transfers: the first is there, the second is not", async () => {
    await ha("backup");
    // pgBackRest records a backup's stop time in whole seconds and restores to a time only from a
    // backup that stopped before it: the transfers start in the next second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const [sender, recipient] = [await signUp(proxy, "PITR Sender"), await signUp(proxy, "PITR Recipient")];
    await fundWallet(db.db, sender.user.id, 1_000);
    const [first, second] = [randomUUID(), randomUUID()];
    const send = (key: string, amount: number) =>
      api(sender, "POST", "/api/transfer/p2p", { recipientEmail: recipient.user.email, amount }, { "idempotency-key": key });
    expect((await send(first, 100)).status).toBe(200);
    // A moment after the first transfer committed and before the second began.
    const [{ moment } = { moment: "" }] = await db.client<{ moment: string }[]>`
      select to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00' as moment`;
    expect((await send(second, 200)).status).toBe(200);

    await ha("restore", moment);
    const copies = JSON.parse(readFileSync(join(dataDir, "ha", "restored.json"), "utf8")) as RestoredCopy[];
    const copy = copies.at(-1)!;
    expect(copy.target).toBe(moment);
    const restored = createDb(copy.url, { max: 1 });
    try {
      const found = await restored.client<{ key: string; amount: string }[]>`
        select idempotency_key as key, amount::text from transactions where idempotency_key in (${first}, ${second})`;
      expect(found).toEqual([{ key: first, amount: "10000" }]);
    } finally {
      await restored.close();
    }
    // The live cluster still holds both.
    const [live] = await db.client<{ n: number }[]>`select count(*)::int as n from transactions where idempotency_key in (${first}, ${second})`;
    expect(live!.n).toBe(2);
  });
});

describe("Kolo on PostgreSQL under Patroni: the primary dies under load", () => {
  it("its postmaster SIGKILLed: nothing acknowledged is lost or doubled, writes resume within 30 s", { timeout: 300_000 }, async () => {
    const figures = await runWithKill("postmaster", (leader) => process.kill(postmasterPid(leader), "SIGKILL"));
    expect(figures.rtoMs).toBeGreaterThan(0);
    expect(figures.rtoMs).toBeLessThanOrEqual(30_000);
  });

  it("its Patroni SIGKILLed with its PostgreSQL (the node dies): the standby is promoted; nothing lost or doubled, writes resume within 30 s", {
    timeout: 300_000,
  }, async () => {
    let killed: HaNode | undefined;
    const figures = await runWithKill("node", (leader) => {
      killed = leader;
      const postmaster = postmasterPid(leader);
      process.kill(leader.patroniPid, "SIGKILL");
      process.kill(postmaster, "SIGKILL");
    });
    expect(figures.rtoMs).toBeGreaterThan(0);
    expect(figures.rtoMs).toBeLessThanOrEqual(30_000);
    // The other node leads now.
    const members = (await patroniCluster(state.nodes.find((n) => n !== killed)!.restPort))?.members ?? [];
    expect(members.find((m) => m.role === "leader")?.name).not.toBe(killed!.name);
  });
});
