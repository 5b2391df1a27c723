// What the server benchmarks share: an embedded PostgreSQL with a fresh database, the server in
// its own process (as in production) on a free port, and funded users with their session cookies.
// Benchmarks only (docs/performance.md); not used by tests.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { openSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { settleTopUp } from "@kolo/api";
import { type Database, createDb, insertTransaction, prepareDatabase, schema } from "@kolo/db";
import { findFreePort, startEmbeddedPostgres } from "@kolo/db/embedded";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import postgres from "postgres";
import { SERVER_BUNDLE, SERVER_NODE_FLAGS, buildServer } from "../build.mjs";

export interface BenchUser {
  id: number;
  email: string;
  /** The `Cookie` header: `name=value` of the session cookie and of the device cookie. */
  cookie: string;
}

export interface BenchStack {
  base: string;
  dbUrl: string;
  db: Database;
  /** Superuser connection to the cluster (create databases). */
  admin: postgres.Sql;
  pgPort: number;
  server: ChildProcess;
  /** Registers `count` users named `{prefix}{i}@example.com` at verification level 2, each funded with `fundKobo`. */
  fundedUsers: (prefix: string, count: number, fundKobo: bigint) => Promise<BenchUser[]>;
  stopServer: () => Promise<void>;
  /** Stops the server, the pool and PostgreSQL, and removes the data directory. */
  close: () => Promise<void>;
}

/** Nearest-rank percentile `p` (0-100) of ascending `sorted` values; 0 when empty. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The median of `values` (any order; the mean of the two middle values when their count is even); NaN when empty. */
export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = (sorted.length - 1) / 2;
  return (sorted[Math.floor(middle)]! + sorted[Math.ceil(middle)]!) / 2;
}

/**
 * Closes the first-day cap window (docs/product.md "Fraud controls") of the bench's `userIds`: they
 * pay as users a day old, as most payers are, so thousands of transfers each are not refused by it.
 */
export async function closeFirstDayWindows(db: Database, userIds: number[]): Promise<void> {
  await db.update(schema.firstDayCaps).set({ until: sql`now() - interval '1 day'` }).where(inArray(schema.firstDayCaps.userId, userIds));
}

/**
 * The checkpoints PostgreSQL has done so far, timed and requested alike (pg_stat_checkpointer,
 * PostgreSQL 17): read before a timed run and given to checkpointsSince after it, so each run says
 * whether one fell in it. No CHECKPOINT is forced before a run: after one, pgbench's TPC-B writes a
 * full-page image for most accounts pages it touches and the transfer's appends almost none, so a
 * forced start would slow the yardstick more than the transfer (docs/performance.md "At scale").
 */
export async function checkpointCount(sql: postgres.Sql): Promise<number> {
  const [row] = await sql<{ n: number }[]>`select (num_timed + num_requested)::int as n from pg_stat_checkpointer`;
  return row?.n ?? 0;
}

/** Checkpoints done since `before` (a checkpointCount answer). */
export async function checkpointsSince(sql: postgres.Sql, before: number): Promise<number> {
  return (await checkpointCount(sql)) - before;
}

/**
 * What one pgbench run printed: transactions a second, average latency (ms), transactions done and
 * failed; and the checkpoints that fell in it.
 */
export interface PgbenchResult {
  tps: number;
  latencyMs: number;
  processed: number;
  failed: number;
  checkpoints: number;
}

/** Whether `pgbench` is on PATH (Debian's postgresql-client); without it the benches skip its runs. */
export const hasPgbench = () => spawnSync("pgbench", ["--version"]).status === 0;

/** A fresh database `pgbench` (dropped first if there) filled for TPC-B at scale 10 (`pgbench -i`). */
export async function initPgbench(admin: postgres.Sql, pgPort: number): Promise<void> {
  await admin.unsafe("drop database if exists pgbench");
  await admin.unsafe("create database pgbench");
  execFileSync("pgbench", [...pgbenchConnection(pgPort), "-i", "-q", "-s", "10", "pgbench"], { env: pgbenchEnv(), stdio: "ignore" });
}

const pgbenchConnection = (pgPort: number) => ["-h", "127.0.0.1", "-p", String(pgPort), "-U", "postgres"];
const pgbenchEnv = () => ({ ...process.env, PGPASSWORD: "postgres" });

/**
 * One `pgbench` run on the bench's embedded PostgreSQL (127.0.0.1:`pgPort`, user postgres) against
 * `database`, with pgbench's own `options` (e.g. ["-n", "-c", "32", "-T", "10"], or "-f" and a
 * script), counting the checkpoints that fell in it through `sql` (checkpointCount). Throws when
 * pgbench fails (a client aborted by an error included).
 */
export async function runPgbench(sql: postgres.Sql, pgPort: number, database: string, options: string[]): Promise<PgbenchResult> {
  const checkpoints = await checkpointCount(sql);
  const out = execFileSync("pgbench", [...pgbenchConnection(pgPort), ...options, database], { env: pgbenchEnv() }).toString();
  const figure = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? Number.NaN);
  return {
    tps: figure(/tps = ([\d.]+)/),
    latencyMs: figure(/latency average = ([\d.]+) ms/),
    processed: figure(/number of transactions actually processed: (\d+)/),
    failed: figure(/number of failed transactions: (\d+)/) || 0,
    checkpoints: await checkpointsSince(sql, checkpoints),
  };
}

export interface KoloServer {
  base: string;
  server: ChildProcess;
  /** Stops the server (SIGTERM) and waits for it to exit; a second call does nothing. */
  stop: () => Promise<void>;
}

/**
 * Spawns the compiled server (built first, as production runs it: build.mjs) against `dbUrl` on
 * `port` (a free one when not given), with `nodeArgs` after its usual flags and `serverEnv` added to
 * the environment (LOG_LEVEL warn, no demo data, no auth rate limit, no recipient lookup limit). With
 * BENCH_SERVER_LOG set, the server logs at info level into that file (each request's responseTime).
 * Answers once /api/health is up; throws when it is not within 60 s.
 */
export async function startKoloServer(options: { dbUrl: string; port?: number; serverEnv?: Record<string, string>; nodeArgs?: string[] }): Promise<KoloServer> {
  const port = options.port ?? (await findFreePort());
  const base = `http://127.0.0.1:${port}`;
  await buildServer();
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), SERVER_BUNDLE], {
    cwd: fileURLToPath(new URL("..", import.meta.url)),
    stdio: ["ignore", process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, "w") : "ignore", "inherit"],
    env: {
      ...process.env,
      DATABASE_URL: options.dbUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: process.env.BENCH_SERVER_LOG ? "info" : "warn",
      AUTH_RATE_LIMIT_MAX: "1000000",
      RECIPIENT_LOOKUP_LIMIT: "1000000",
      SEED_DEMO: "false",
      ...options.serverEnv,
    },
  });
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (server.exitCode !== null) throw new Error(`The server exited with code ${server.exitCode} before it answered`);
    if (i > 120) throw new Error("The server did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (server.exitCode !== null) return;
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  };
  return { base, server, stop };
}

/** The `Cookie` header of every cookie a response set (`name=value; name=value`). */
export const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((set) => set.split(";")[0]!)
    .join("; ");

/**
 * Users `{prefix}{i}@example.com` (password secret123) at verification level 2, signed in over HTTP
 * with their session and device cookies. Each is registered (POST /api/auth/register) and funded with
 * `fundKobo` through the real top-up settlement; one registered by an earlier run on the same
 * database is signed in instead (POST /api/auth/login), its new device trusted for money out, and
 * keeps the balance it has.
 */
export async function benchUsers(db: Database, base: string, options: { prefix: string; count: number; fundKobo: bigint }): Promise<BenchUser[]> {
  const { prefix, fundKobo } = options;
  const users: BenchUser[] = [];
  for (let i = 0; i < options.count; i++) {
    const email = `${prefix}${i}@example.com`;
    const headers = { "content-type": "application/json", origin: base };
    let response = await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: `Bench User ${prefix} ${i}`, email, password: "secret123" }),
    });
    const registered = response.ok;
    if (response.status === 409)
      response = await fetch(`${base}/api/auth/login`, { method: "POST", headers, body: JSON.stringify({ email, password: "secret123" }) });
    if (!response.ok) throw new Error(`Registering ${email}: HTTP ${response.status} ${await response.text()}`);
    const user = (await response.json()) as { id: number };
    // Every cookie the registration set: the session's and the device's (money out checks the device).
    const cookie = cookiesOf(response);
    await db.update(schema.users).set({ verificationLevel: 2 }).where(eq(schema.users.id, user.id));
    // Signed in again, the user is on a new device, which money out refuses until it is trusted (a
    // code by e-mail in the app): trusted here, as the benchmark's own users' devices.
    if (!registered)
      await db
        .update(schema.userDevices)
        .set({ trustedAt: new Date() })
        .where(and(eq(schema.userDevices.userId, user.id), isNull(schema.userDevices.trustedAt)));
    if (registered && fundKobo > 0n) {
      const reference = `BENCH-FUND-${prefix}-${i}`;
      await insertTransaction(db, {
        type: "topup",
        amount: fundKobo,
        status: "pending",
        reference,
        description: "Wallet top-up",
        recipientId: user.id,
        metadata: { gateway: "paystack" },
      });
      await settleTopUp(
        db,
        { reference, status: "success", amountKobo: fundKobo, currency: "NGN", feesKobo: null, paidAt: null, channel: "card", gatewayResponse: null },
        { warn: () => {} },
      );
    }
    users.push({ id: user.id, email, cookie });
  }
  return users;
}

/**
 * Starts PostgreSQL (max_connections 200), migrates a `kolo_bench` database, opens a pool of
 * `poolMax` for the bench's own set-up, and starts the server on it (startKoloServer).
 */
export async function startBenchStack(options: {
  poolMax: number;
  serverEnv?: Record<string, string>;
  nodeArgs?: string[];
  /** Extra `postgres` flags, e.g. ["-c", "shared_preload_libraries=pg_stat_statements"]. */
  postgresFlags?: string[];
}): Promise<BenchStack> {
  const dataDir = join(tmpdir(), `kolo-bench-${Date.now()}`);
  const pg = await startEmbeddedPostgres({ dataDir, port: 0, postgresFlags: ["-c", "max_connections=200", ...(options.postgresFlags ?? [])] });
  const dbUrl = pg.urlFor("kolo_bench");
  const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
  await admin.unsafe("create database kolo_bench");
  await prepareDatabase(dbUrl);
  const { db, close } = createDb(dbUrl, { max: options.poolMax });

  const kolo = await startKoloServer({ dbUrl, serverEnv: options.serverEnv, nodeArgs: options.nodeArgs });
  const { base, server } = kolo;

  const fundedUsers = (prefix: string, count: number, fundKobo: bigint) => benchUsers(db, base, { prefix, count, fundKobo });

  const stopServer = kolo.stop;
  return {
    base,
    dbUrl,
    db,
    admin,
    pgPort: pg.port,
    server,
    fundedUsers,
    stopServer,
    close: async () => {
      await stopServer();
      await close();
      await admin.end();
      await pg.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
