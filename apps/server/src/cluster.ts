// `npm run pnpm -- cluster`: Kolo as it is run at scale, on one machine (README "Running several
// servers"). KOLO_SERVERS (default 2) server processes on the embedded PostgreSQL, behind HAProxy
// on PORT (default 3000): round robin, health-checked on /api/health, long timeouts for the event
// streams. The servers share a BVN hash key and a sandbox seed, so any of them reads what another
// wrote (receipt codes, BVN hashes) and accepts another's sandbox webhooks. HAProxy is Debian's
// `haproxy`, installed with apt-get when missing (as root). Writes `<data dir>/cluster.json` (the
// servers' ports and pids) for tests. Ctrl-C stops HAProxy, the servers and PostgreSQL.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDb, prepareDatabase } from "@kolo/db";
import { findFreePort, startEmbeddedPostgres } from "@kolo/db/embedded";
import { readEnv } from "./env";
import { seedDemoUsers } from "./seed";
import { developmentBvnHashKey } from "./services";

const SERVER_DIR = fileURLToPath(new URL("..", import.meta.url));

/** Installs Debian's haproxy when it is missing (root only); throws with what to do otherwise. */
function ensureHaproxy() {
  if (spawnSync("haproxy", ["-v"], { stdio: "ignore" }).status === 0) return;
  if (process.getuid?.() !== 0) throw new Error("HAProxy is missing: install Debian's package (sudo apt-get install -y haproxy) and run this again.");
  console.log("Installing HAProxy (apt-get install -y haproxy)...");
  execFileSync("env", ["DEBIAN_FRONTEND=noninteractive", "apt-get", "update", "-qq"], { stdio: "inherit" });
  execFileSync("env", ["DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq", "--no-install-recommends", "haproxy"], { stdio: "inherit" });
}

/** A shared secret kept in the data folder (made once), like the development BVN hash key. */
function sharedSeed(dataDir: string): string {
  const file = join(dataDir, "cluster-sandbox-seed");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const seed = randomBytes(32).toString("hex");
    writeFileSync(file, seed, { mode: 0o600 });
    return seed;
  }
}

/** HAProxy's configuration: one frontend on `host:port`, the servers round robin with health checks. */
export function haproxyConfig(host: string, port: number, servers: readonly number[]): string {
  return [
    "global",
    // Each connection takes two descriptors (client and server side); 8,000 fit the usual 20,000 limit.
    "  maxconn 8000",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    // An event stream sends a comment every 25 s: a minute of silence means it is gone.
    "  timeout client 60s",
    "  timeout server 60s",
    "  timeout tunnel 1h",
    "  option forwardfor",
    // A request that could not be sent to a server that just died goes to another.
    "  retries 2",
    "  option redispatch",
    "frontend kolo",
    `  bind ${host}:${port}`,
    "  default_backend servers",
    "backend servers",
    "  balance roundrobin",
    "  option httpchk GET /api/health",
    "  http-check expect status 200",
    "  default-server inter 1s fall 2 rise 1",
    ...servers.map((serverPort, i) => `  server kolo${i + 1} 127.0.0.1:${serverPort} check`),
    "",
  ].join("\n");
}

async function waitHealthy(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** HAProxy and the servers, newest first when stopping; then what `stops` undoes (PostgreSQL). */
const children: ChildProcess[] = [];
const stops: (() => Promise<unknown>)[] = [];
let stopping = false;

async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill("SIGTERM");
  await Promise.all(
    children.map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((r) => child.once("exit", r)) : Promise.resolve())),
  );
  for (const undo of stops.reverse()) await undo().catch(() => undefined);
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void stop(0));
// Started with an IPC channel (the launcher, a test): if that goes, so does the cluster.
if (process.connected) process.once("disconnect", () => void stop(0));

async function main() {
  const env = readEnv();
  const count = env.KOLO_SERVERS;
  ensureHaproxy();

  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    console.log(`Starting the embedded PostgreSQL (data in ${env.KOLO_DATA_DIR}/postgres, port ${env.EMBEDDED_PG_PORT})...`);
    const pg = await startEmbeddedPostgres({
      dataDir: `${env.KOLO_DATA_DIR}/postgres`,
      port: env.EMBEDDED_PG_PORT,
      postgresFlags: ["-c", "max_connections=200"],
    });
    databaseUrl = pg.url;
    stops.push(pg.stop);
  }
  await prepareDatabase(databaseUrl);
  if ((env.SEED_DEMO ?? !env.DATABASE_URL) && env.NODE_ENV !== "production") {
    const { db, close } = createDb(databaseUrl, { max: 1 });
    await seedDemoUsers(db);
    await close();
  }

  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const shared = {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: "loopback",
    SEED_DEMO: "false",
    // Every request at info level from every server would drown the start-up lines.
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    BVN_HASH_KEY: env.BVN_HASH_KEY ?? developmentBvnHashKey(env.KOLO_DATA_DIR),
    KOLO_SANDBOX_SEED: env.KOLO_SANDBOX_SEED ?? sharedSeed(env.KOLO_DATA_DIR),
    // The sandboxes' webhooks go through HAProxy, so either server receives them.
    SANDBOX_WEBHOOK_BASE_URL: `http://127.0.0.1:${env.PORT}`,
  };
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await findFreePort());
  for (const port of ports) {
    // `env` adds the cluster's settings to the environment this launcher was given, then execs Node (same pid).
    const settings = Object.entries({ ...shared, PORT: String(port) }).map(([name, value]) => `${name}=${value}`);
    const child = spawn("env", [...settings, process.execPath, "--import", "tsx", "src/main.ts"], {
      cwd: SERVER_DIR,
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.once("exit", (code, signal) => {
      if (!stopping) console.error(`Server on port ${port} exited (${signal ?? code}); HAProxy sends its traffic to the others.`);
    });
    children.push(child);
  }
  await Promise.all(ports.map((port) => waitHealthy(`http://127.0.0.1:${port}/api/health`, 120_000)));

  const configFile = join(env.KOLO_DATA_DIR, "haproxy.cfg");
  mkdirSync(env.KOLO_DATA_DIR, { recursive: true });
  writeFileSync(configFile, haproxyConfig(env.HOST, env.PORT, ports));
  const haproxy = spawn("haproxy", ["-f", configFile, "-db"], { stdio: ["ignore", "inherit", "inherit"] });
  haproxy.once("exit", (code) => {
    if (!stopping) {
      console.error(`HAProxy exited (${code})`);
      void stop(1);
    }
  });
  children.unshift(haproxy);
  await waitHealthy(`http://127.0.0.1:${env.PORT}/api/health`, 30_000);
  writeFileSync(
    join(env.KOLO_DATA_DIR, "cluster.json"),
    JSON.stringify({ port: env.PORT, databaseUrl, servers: ports.map((port, i) => ({ port, pid: children[i + 1]!.pid })) }, null, 2),
  );
  console.log(`\nKolo is running at ${publicUrl}: ${count} servers (ports ${ports.join(", ")}) behind HAProxy.`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stop(1);
});
