// `npm run pnpm -- ha up` / `ha down`: Kolo on a highly available PostgreSQL, on one machine (README
// "Running on a highly available PostgreSQL"; docs/operations.md). `up` starts, in the background:
// - etcd, Patroni's store;
// - two PostgreSQL 15 nodes (Debian's) under Patroni: a primary and a synchronous standby
//   (`synchronous_mode`), so a commit is acknowledged once the standby holds it;
// - HAProxy: HA_PG_PORT sends connections to the leader (Patroni's REST check `/primary`), PORT
//   spreads HTTP over the Kolo servers;
// - two Kolo servers whose DATABASE_URL is HAProxy's PostgreSQL port.
// The Debian packages are installed when missing (as root). Everything lives in
// `$KOLO_DATA_DIR/ha`; `ha.json` there names the processes, ports and data folders, and `down`
// stops what it names (the data stays, so `up` starts the same cluster again).
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { prepareDatabase } from "@kolo/db";
import { findFreePort } from "@kolo/db/embedded";
import postgres from "postgres";
import { readEnv } from "./env";
import { type HaNode, type HaState, PG15_BIN, patroniCluster, patroniConfig, pgListener } from "./launch/patroni";
import { SERVER_DIR, ensureDebianPackages, haproxyConfig, serverCommand, sharedSeed, sharedServerSettings, waitHealthy } from "./launch/shared";
import { developmentBvnHashKey } from "./services";

const isRoot = process.getuid?.() === 0;

/** The uid/gid of the `postgres` system user (Debian's postgresql package creates it). */
function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync("id", [flag, "postgres"], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
}

/**
 * The folder PostgreSQL's data lives in: the `postgres` user must enter every folder above it,
 * which /root and `mktemp -d` folders refuse, so as root it is /var/lib/kolo/ha-<hash of dir>.
 */
function nodesRoot(dir: string): string {
  if (!isRoot) return join(dir, "nodes");
  const root = join("/var/lib/kolo", `ha-${createHash("sha256").update(resolve(dir)).digest("hex").slice(0, 12)}`);
  mkdirSync(root, { recursive: true });
  chmodSync("/var/lib/kolo", 0o755);
  const { uid, gid } = postgresUser();
  chownSync(root, uid, gid);
  return root;
}

/** A secret kept in `dir` (made once): the database passwords. */
function secret(dir: string, name: string): string {
  const file = join(dir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const value = randomBytes(18).toString("hex");
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/** Starts `command` in the background, detached, its output appended to `log`; `as` runs it as another user. */
function background(command: string, args: string[], log: string, options: { cwd?: string; as?: { uid: number; gid: number } } = {}): number {
  const fd = openSync(log, "a");
  const child = spawn(command, args, {
    detached: true,
    stdio: ["ignore", fd, fd],
    cwd: options.cwd,
    ...(options.as && { uid: options.as.uid, gid: options.as.gid }),
  });
  child.unref();
  if (child.pid === undefined) throw new Error(`${command} did not start (see ${log})`);
  return child.pid;
}

/** Waits until some node leads and another streams to it synchronously. */
async function waitForSyncPair(restPorts: readonly number[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const port of restPorts) {
      const cluster = await patroniCluster(port);
      const roles = cluster?.members.map((m) => `${m.role}:${m.state}`) ?? [];
      if (roles.some((r) => r === "leader:running") && roles.some((r) => r === "sync_standby:streaming" || r === "sync_standby:running")) return;
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`Patroni did not form a primary and a synchronous standby within ${timeoutMs / 1000} s`);
}

/**
 * Waits until connections through HAProxy at `url` reach the primary, three times running:
 * HAProxy counts every node up until its first check, so at first a connection may reach the standby.
 */
async function waitForLeaderThrough(url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (let inARow = 0; inARow < 3; ) {
    if (Date.now() > deadline) throw new Error(`No connection through HAProxy reached the primary within ${timeoutMs / 1000} s`);
    const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 2 });
    const primary = await client`select not pg_is_in_recovery() as primary`.then(
      ([row]) => row?.primary === true,
      () => false,
    );
    await client.end({ timeout: 1 });
    inARow = primary ? inARow + 1 : 0;
    await new Promise((done) => setTimeout(done, 500));
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function up() {
  const env = readEnv();
  ensureDebianPackages({ haproxy: "haproxy", patroni: "patroni", etcd: "etcd-server", [join(PG15_BIN, "postgres")]: "postgresql-15" });
  const dir = resolve(env.KOLO_DATA_DIR, "ha");
  mkdirSync(dir, { recursive: true });
  const stateFile = join(dir, "ha.json");
  if (existsSync(stateFile)) {
    const running = JSON.parse(readFileSync(stateFile, "utf8")) as HaState;
    if (isAlive(running.etcd.pid)) throw new Error(`Already up (${stateFile}); run \`ha down\` first.`);
  }
  const root = nodesRoot(dir);
  const passwords = { superuser: secret(dir, "superuser-password"), replication: secret(dir, "replication-password") };
  const port = async () => findFreePort();

  const etcdClientPort = await port();
  const etcdPeerPort = await port();
  const etcdPid = background(
    "etcd",
    [
      "--name=kolo",
      `--data-dir=${join(dir, "etcd")}`,
      `--listen-client-urls=http://127.0.0.1:${etcdClientPort}`,
      `--advertise-client-urls=http://127.0.0.1:${etcdClientPort}`,
      `--listen-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
      `--initial-advertise-peer-urls=http://127.0.0.1:${etcdPeerPort}`,
      `--initial-cluster=kolo=http://127.0.0.1:${etcdPeerPort}`,
    ],
    join(dir, "etcd.log"),
  );
  await waitHealthy(`http://127.0.0.1:${etcdClientPort}/health`, 30_000);

  const nodes: HaNode[] = [];
  for (const name of ["node1", "node2"]) {
    const [pgPort, restPort] = [await port(), await port()];
    const nodeDir = join(root, name);
    const socketDir = join(root, `${name}-run`);
    mkdirSync(socketDir, { recursive: true });
    if (isRoot) {
      const { uid, gid } = postgresUser();
      chownSync(socketDir, uid, gid);
    }
    const configFile = join(root, `${name}.yml`);
    writeFileSync(
      configFile,
      JSON.stringify(patroniConfig({ name, etcdPort: etcdClientPort, restPort, pgPort, dataDir: nodeDir, socketDir, passwords }), null, 2),
      { mode: 0o644 },
    );
    // PostgreSQL refuses to run as root: as root, Patroni (and so PostgreSQL) runs as `postgres`.
    const patroniPid = background("patroni", [configFile], join(dir, `${name}.log`), {
      cwd: "/",
      ...(isRoot && { as: postgresUser() }),
    });
    nodes.push({ name, pgPort, restPort, dataDir: nodeDir, patroniPid });
    // The first node bootstraps the cluster before the second clones it.
    if (name === "node1") await waitHealthy(`http://127.0.0.1:${restPort}/primary`, 90_000);
  }
  await waitForSyncPair(
    nodes.map((n) => n.restPort),
    120_000,
  );

  const pgPort = env.HA_PG_PORT;
  const servers = [await port(), await port()];
  const configFile = join(dir, "haproxy.cfg");
  writeFileSync(configFile, haproxyConfig(env.HOST, env.PORT, servers, pgListener(pgPort, nodes)));
  const haproxyPid = background("haproxy", ["-f", configFile, "-db"], join(dir, "haproxy.log"));

  const adminUrl = `postgres://postgres:${passwords.superuser}@127.0.0.1:${pgPort}/postgres`;
  const databaseUrl = `postgres://postgres:${passwords.superuser}@127.0.0.1:${pgPort}/kolo`;
  await waitForLeaderThrough(adminUrl, 60_000);
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = 'kolo'`;
    if (!exists) await admin.unsafe("create database kolo");
  } finally {
    await admin.end({ timeout: 1 });
  }
  await prepareDatabase(databaseUrl);

  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const shared = sharedServerSettings({
    databaseUrl,
    publicUrl,
    proxyPort: env.PORT,
    bvnHashKey: env.BVN_HASH_KEY ?? developmentBvnHashKey(env.KOLO_DATA_DIR),
    sandboxSeed: env.KOLO_SANDBOX_SEED ?? sharedSeed(env.KOLO_DATA_DIR),
  });
  const serverPids = servers.map((serverPort, i) =>
    background("env", serverCommand({ ...shared, PORT: String(serverPort) }), join(dir, `server${i + 1}.log`), { cwd: SERVER_DIR }),
  );
  await Promise.all(servers.map((serverPort) => waitHealthy(`http://127.0.0.1:${serverPort}/api/health`, 120_000)));
  await waitHealthy(`http://127.0.0.1:${env.PORT}/api/health`, 30_000);

  const state: HaState = {
    port: env.PORT,
    pgPort,
    databaseUrl,
    etcd: { pid: etcdPid, clientPort: etcdClientPort },
    nodes,
    haproxy: { pid: haproxyPid, configFile },
    servers: servers.map((serverPort, i) => ({ port: serverPort, pid: serverPids[i]! })),
    dir,
  };
  writeFileSync(stateFile, JSON.stringify(state, null, 2));
  console.log(
    `\nKolo is running at ${publicUrl}: 2 servers behind HAProxy, on PostgreSQL 15 under Patroni (leader through 127.0.0.1:${pgPort}).\nLogs and ha.json in ${dir}. Stop it with: npm run pnpm -- ha down`,
  );
}

/** Sends `signal` to `pid` and waits up to `timeoutMs` for it to go. */
async function stopPid(pid: number, signal: NodeJS.Signals, timeoutMs: number) {
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
}

/** Stops what `ha.json` names: the Kolo servers, HAProxy, Patroni (which stops its PostgreSQL), etcd. */
async function down() {
  const env = readEnv();
  const stateFile = join(resolve(env.KOLO_DATA_DIR, "ha"), "ha.json");
  if (!existsSync(stateFile)) {
    console.log("Nothing to stop (no ha.json).");
    return;
  }
  const state = JSON.parse(readFileSync(stateFile, "utf8")) as HaState;
  await Promise.all(state.servers.map((s) => stopPid(s.pid, "SIGTERM", 15_000)));
  await stopPid(state.haproxy.pid, "SIGTERM", 5_000);
  // Patroni stops its PostgreSQL on SIGTERM.
  await Promise.all(state.nodes.map((n) => stopPid(n.patroniPid, "SIGTERM", 30_000)));
  await stopPid(state.etcd.pid, "SIGTERM", 10_000);
  console.log("Stopped.");
}

const command = process.argv[2];
const run = command === "up" ? up : command === "down" ? down : undefined;
if (!run) {
  console.error("usage: npm run pnpm -- ha up|down");
  process.exit(2);
}
run().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
