// `npm run pnpm -- cluster`: Kolo as it is run at scale, on one machine (docs/operations.md
// "Running several servers"). KOLO_SERVERS (default 2) server processes on the embedded PostgreSQL, behind HAProxy
// on PORT (default 3000): round robin, health-checked on /api/health, long timeouts for the event
// streams. The servers share a BVN hash key and a sandbox seed, so any of them reads what another
// wrote (receipt codes, BVN hashes) and accepts another's sandbox webhooks. HAProxy is Debian's
// `haproxy`, installed with apt-get when missing (as root). Writes `<data dir>/cluster.json` (the
// servers' ports and pids) for tests. Ctrl-C stops HAProxy, the servers and PostgreSQL.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createDb, prepareDatabase } from "@kolo/db";
import { findFreePort, startEmbeddedPostgres } from "@kolo/db/embedded";
import { readEnv } from "./env";
import { SERVER_DIR, compileServer, ensureDebianPackages, haproxyConfig, serverCommand, sharedServerSettings, waitHealthy } from "./launch/shared";
import { seedDemoUsers } from "./seed";

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
  ensureDebianPackages({ haproxy: "haproxy" });

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

  const shared = sharedServerSettings(env, databaseUrl);
  await compileServer();
  const publicUrl = shared.PUBLIC_URL;
  const ports: number[] = [];
  for (let i = 0; i < count; i++) ports.push(await findFreePort());
  for (const port of ports) {
    // `env` adds the cluster's settings to the environment this launcher was given, then execs Node (same pid).
    const child = spawn("env", serverCommand({ ...shared, PORT: String(port) }), {
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
