// Kolo on a highly available PostgreSQL, on one machine (docs/operations.md
// "Running on a highly available PostgreSQL"): what `npm run pnpm -- ha up|down|backup|restore` (ha.ts) and the
// fault campaign's `--ha` run. `up` starts, in the background:
// - etcd, Patroni's store;
// - two PostgreSQL 15 nodes (Debian's) under Patroni: a primary and a synchronous standby
//   (`synchronous_mode`), so a commit is acknowledged once the standby holds it;
// - HAProxy: HA_PG_PORT sends connections to the leader (Patroni's REST check `/primary`), PORT
//   spreads HTTP over the Kolo servers;
// - two Kolo servers whose DATABASE_URL is HAProxy's PostgreSQL port;
// - pgBackRest: WAL archived to a local repository from the start; `ha backup` takes a backup,
//   `ha restore "<time>"` brings a copy back to a moment (point-in-time recovery).
// The Debian packages are installed when missing (as root). Everything lives in
// `$KOLO_DATA_DIR/ha`; `ha.json` there names the processes, ports and data folders, and `down`
// stops what it names (the data stays, so `up` starts the same cluster again).
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { prepareDatabase } from "@kolo/db";
import { findFreePort } from "@kolo/db/embedded";
import postgres from "postgres";
import type { Env } from "../env";
import { BACKREST_STANZA, type HaNode, type HaState, type RestoredCopy, PG15_BIN, backrestConfig, patroniCluster, patroniConfig, pgListener } from "./patroni";
import { SERVER_DIR, compileServer, ensureDebianPackages, haproxyConfig, keptSecret, serverCommand, sharedServerSettings, waitHealthy } from "./shared";

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

/** What the running `up` has started so far, newest last: stopped again if it fails part-way. */
const started: number[] = [];

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
  started.push(child.pid);
  return child.pid;
}

/** Runs pgBackRest `args` on the stanza (as `postgres` when root, the owner of the data); throws with its output on failure. */
function backrest(configFile: string, args: string[]): string {
  const result = spawnSync("pgbackrest", [`--config=${configFile}`, `--stanza=${BACKREST_STANZA}`, ...args], {
    encoding: "utf8",
    cwd: "/",
    ...(isRoot && postgresUser()),
  });
  if (result.status !== 0) throw new Error(`pgbackrest ${args.join(" ")} failed: ${result.stderr || result.stdout}`);
  return result.stdout;
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

/** What `haUp` answers: what it started (as in `ha.json`) and the settings its Kolo servers run with. */
export interface HaCluster {
  state: HaState;
  /** Every server's environment but PORT (shared settings, then `serverSettings`). */
  serverSettings: Record<string, string>;
}

/**
 * `ha up`: starts the cluster described above from `env` (KOLO_DATA_DIR, PORT, HA_PG_PORT, HOST) and
 * writes `$KOLO_DATA_DIR/ha/ha.json`; `serverSettings` are added to the Kolo servers' environment
 * (the fault campaign's webhook relay, its limits). Throws 'Already up' when that folder's cluster
 * runs; when it fails part-way, what it started is stopped again (newest first) before it throws.
 */
export async function haUp(env: Env, serverSettings: Record<string, string> = {}): Promise<HaCluster> {
  started.length = 0;
  try {
    return await startAll(env, serverSettings);
  } catch (error) {
    for (const pid of [...started].reverse()) await stopPid(pid, "SIGTERM", 30_000);
    throw error;
  }
}

/** Starts Kolo server `index` (0-based) of the cluster on `port` with `settings`, in the background; answers its pid. */
export function startHaServer(dir: string, settings: Record<string, string>, port: number, index: number): number {
  return background("env", serverCommand({ ...settings, PORT: String(port) }), join(dir, `server${index + 1}.log`), { cwd: SERVER_DIR });
}

async function startAll(env: Env, serverSettings: Record<string, string>): Promise<HaCluster> {
  ensureDebianPackages({
    haproxy: "haproxy",
    patroni: "patroni",
    etcd: "etcd-server",
    pgbackrest: "pgbackrest",
    [join(PG15_BIN, "postgres")]: "postgresql-15",
  });
  const dir = resolve(env.KOLO_DATA_DIR, "ha");
  mkdirSync(dir, { recursive: true });
  const stateFile = join(dir, "ha.json");
  if (existsSync(stateFile)) {
    const running = JSON.parse(readFileSync(stateFile, "utf8")) as HaState;
    if (isAlive(running.etcd.pid)) throw new Error(`Already up (${stateFile}); run \`ha down\` first.`);
  }
  const root = nodesRoot(dir);
  const passwords = { superuser: keptSecret(dir, "superuser-password", 18), replication: keptSecret(dir, "replication-password", 18) };
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
  const planned = [];
  for (const name of ["node1", "node2"]) {
    const socketDir = join(root, `${name}-run`);
    mkdirSync(socketDir, { recursive: true });
    planned.push({ name, pgPort: await port(), restPort: await port(), dataDir: join(root, name), socketDir });
  }
  const backrestFile = join(root, "pgbackrest.conf");
  writeFileSync(backrestFile, backrestConfig(join(root, "backrest"), planned), { mode: 0o644 });
  const backrestFolders = ["backrest", "backrest/log", "backrest/lock"].map((folder) => join(root, folder));
  for (const folder of backrestFolders) mkdirSync(folder, { recursive: true });
  if (isRoot) {
    const { uid, gid } = postgresUser();
    for (const folder of [...planned.map((n) => n.socketDir), ...backrestFolders]) chownSync(folder, uid, gid);
  }
  for (const { name, pgPort, restPort, dataDir: nodeDir, socketDir } of planned) {
    const configFile = join(root, `${name}.yml`);
    writeFileSync(
      configFile,
      JSON.stringify(
        patroniConfig({ name, etcdPort: etcdClientPort, restPort, pgPort, dataDir: nodeDir, socketDir, passwords, backrestConfig: backrestFile }),
        null,
        2,
      ),
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
  // An upper bound only: on a machine whose two cores are busy (the test run's type check beside the
  // failover test) the standby's clone and catch-up can take minutes.
  await waitForSyncPair(
    nodes.map((n) => n.restPort),
    240_000,
  );
  // The repository's stanza (idempotent), then a check that WAL reaches it.
  backrest(backrestFile, ["stanza-create"]);
  backrest(backrestFile, ["check"]);

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

  const settings: Record<string, string> = { ...sharedServerSettings(env, databaseUrl), ...serverSettings };
  await compileServer();
  const serverPids = servers.map((serverPort, i) => startHaServer(dir, settings, serverPort, i));
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
    backrestConfig: backrestFile,
    superuserPassword: passwords.superuser,
  };
  writeHaState(state);
  return { state, serverSettings: settings };
}

/** Writes `ha.json` (after a server was started again, so `down` stops the new process). */
export function writeHaState(state: HaState) {
  writeFileSync(join(state.dir, "ha.json"), JSON.stringify(state, null, 2));
}

/** Whether process `pid` still runs. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sends `signal` to `pid` and waits up to `timeoutMs` for it to go (then SIGKILLs it). */
export async function stopPid(pid: number, signal: NodeJS.Signals, timeoutMs: number) {
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((done) => setTimeout(done, 100));
  if (isAlive(pid)) process.kill(pid, "SIGKILL");
}

function readState(env: Env): HaState {
  const stateFile = join(resolve(env.KOLO_DATA_DIR, "ha"), "ha.json");
  if (!existsSync(stateFile)) throw new Error("The HA cluster is not up (no ha.json): run `ha up` first.");
  return JSON.parse(readFileSync(stateFile, "utf8")) as HaState;
}

const restoredFile = (state: HaState) => join(state.dir, "restored.json");
const restoredCopies = (state: HaState): RestoredCopy[] =>
  existsSync(restoredFile(state)) ? (JSON.parse(readFileSync(restoredFile(state), "utf8")) as RestoredCopy[]) : [];

/** Runs pg_ctl `args` (as `postgres` when root); throws with its output on failure. */
function pgCtl(args: string[]) {
  const result = spawnSync(join(PG15_BIN, "pg_ctl"), args, { encoding: "utf8", cwd: "/", ...(isRoot && postgresUser()) });
  if (result.status !== 0) throw new Error(`pg_ctl ${args.join(" ")} failed: ${result.stderr || result.stdout}`);
}

/** `ha backup [full|diff|incr]`: a pgBackRest backup of the primary (default full); answers the repository's backups (pgBackRest's info). */
export async function haBackup(env: Env, type = "full"): Promise<string> {
  const state = readState(env);
  if (!["full", "diff", "incr"].includes(type)) throw new Error("usage: ha backup [full|diff|incr]");
  backrest(state.backrestConfig, ["backup", `--type=${type}`]);
  return backrest(state.backrestConfig, ["info"]);
}

/**
 * `ha restore <time>`: restores the newest backup before `<time>` (a PostgreSQL timestamp with
 * its zone, e.g. "2026-11-25 18:30:00.000001+00") and replays the WAL archive up to it, into a
 * new folder beside the nodes, then starts that copy on its own port (archiving off, no
 * synchronous standby) and records it in `restored.json`. The cluster is not touched: the copy is
 * for reading what was there, or for a restore of the cluster itself (docs/operations.md).
 */
export async function haRestore(env: Env, target: string | undefined): Promise<RestoredCopy> {
  const state = readState(env);
  if (!target) throw new Error('usage: ha restore "<time with zone>"');
  // `check` switches the primary to a new WAL segment and waits until the archive holds the old
  // one, so the archive reaches past a target in the last minute (archive_timeout bounds it otherwise).
  backrest(state.backrestConfig, ["check"]);
  const root = resolve(state.nodes[0]!.dataDir, "..");
  const dataDir = join(root, `restored-${Date.now()}`);
  const socketDir = `${dataDir}-run`;
  for (const folder of [dataDir, socketDir]) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (isRoot) chownSync(folder, postgresUser().uid, postgresUser().gid);
  }
  backrest(state.backrestConfig, ["restore", `--pg1-path=${dataDir}`, "--type=time", `--target=${target}`, "--target-action=promote", "--archive-mode=off"]);
  const port = await findFreePort();
  const settings = {
    port,
    listen_addresses: "127.0.0.1",
    unix_socket_directories: socketDir,
    hba_file: join(dataDir, "pg_hba.conf"),
    ident_file: join(dataDir, "pg_ident.conf"),
    synchronous_standby_names: "''",
    archive_mode: "off",
    cluster_name: "kolo-restored",
  };
  const options = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(" ");
  pgCtl(["-D", dataDir, "-l", `${dataDir}.log`, "-w", "-t", "300", "-o", options, "start"]);
  const url = `postgres://postgres:${state.superuserPassword}@127.0.0.1:${port}/kolo`;
  // Recovery replays the archive up to the target, then promotes: wait for the promotion.
  const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    for (let waited = 0; ; waited += 250) {
      const [row] = await client`select pg_is_in_recovery() as recovering`.catch(() => [{ recovering: true }]);
      if (row && !row.recovering) break;
      if (waited > 120_000) throw new Error(`The restored copy did not finish recovery (see ${dataDir}.log)`);
      await new Promise((done) => setTimeout(done, 250));
    }
  } finally {
    await client.end({ timeout: 1 });
  }
  const copy: RestoredCopy = { target, dataDir, port, url };
  writeFileSync(restoredFile(state), JSON.stringify([...restoredCopies(state), copy], null, 2));
  return copy;
}

/**
 * `ha down`: stops what `ha.json` names: restored copies, the Kolo servers, HAProxy, Patroni (which
 * stops its PostgreSQL), etcd. `purge` (`ha down --purge`) also deletes the data (nodes, backups,
 * etcd, logs). Answers what it did: "nothing" (no ha.json), "stopped" or "purged".
 */
export async function haDown(env: Env, purge = false): Promise<"nothing" | "stopped" | "purged"> {
  const stateFile = join(resolve(env.KOLO_DATA_DIR, "ha"), "ha.json");
  if (!existsSync(stateFile)) return "nothing";
  const state = JSON.parse(readFileSync(stateFile, "utf8")) as HaState;
  for (const copy of restoredCopies(state)) {
    try {
      pgCtl(["-D", copy.dataDir, "-m", "fast", "-w", "stop"]);
    } catch {
      // already stopped
    }
  }
  await Promise.all(state.servers.map((s) => stopPid(s.pid, "SIGTERM", 15_000)));
  await stopPid(state.haproxy.pid, "SIGTERM", 5_000);
  // Patroni stops its PostgreSQL on SIGTERM.
  await Promise.all(state.nodes.map((n) => stopPid(n.patroniPid, "SIGTERM", 30_000)));
  await stopPid(state.etcd.pid, "SIGTERM", 10_000);
  writeFileSync(restoredFile(state), "[]");
  if (purge) {
    // Everything `up` made: the nodes' data, the repository, restored copies, etcd, the logs.
    rmSync(resolve(state.nodes[0]!.dataDir, ".."), { recursive: true, force: true });
    rmSync(state.dir, { recursive: true, force: true });
    return "purged";
  }
  return "stopped";
}

/** The node Patroni calls the running leader once a synchronous standby streams from it; throws after `timeoutMs`. */
export async function haLeaderWithSyncStandby(state: HaState, timeoutMs = 90_000): Promise<HaNode> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const node of state.nodes) {
      const members = (await patroniCluster(node.restPort))?.members ?? [];
      const leader = members.find((m) => m.role === "leader" && m.state === "running");
      if (leader && members.some((m) => m.role === "sync_standby" && (m.state === "streaming" || m.state === "running")))
        return state.nodes.find((n) => n.name === leader.name)!;
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  throw new Error(`no leader with a synchronous standby within ${timeoutMs / 1000} s`);
}

/** The pid of a node's postmaster (the first line of `postmaster.pid` in its data folder). */
export const postmasterPid = (node: HaNode) => Number(readFileSync(join(node.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
