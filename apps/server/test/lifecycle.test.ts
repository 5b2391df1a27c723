// `npm start` as a user runs it: the real launcher and server as child processes with their own
// embedded PostgreSQL (throwaway data folder, free ports), killed every way a process can die (docs/decisions.md).
import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { findFreePort } from "@kolo/db/embedded";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SERVER_BUNDLE, SERVER_NODE_FLAGS, buildServer } from "../build.mjs";

const REPO = fileURLToPath(new URL("../../../", import.meta.url));
const SERVER_DIR = fileURLToPath(new URL("../", import.meta.url));

let dataDir: string;
let started: ChildProcess[] = [];
let env: NodeJS.ProcessEnv;
let port: number;

beforeAll(async () => {
  await buildServer();
}, 120_000);

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "kolo-lifecycle-"));
  chmodSync(dataDir, 0o755); // reachable by the `postgres` user when run as root
  port = await findFreePort();
  env = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(port),
    HOST: "127.0.0.1",
    KOLO_DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await findFreePort()),
    SEED_DEMO: "false",
    LOG_LEVEL: "warn",
    WEB_DIST_DIR: join(dataDir, "no-web"),
    KOLO_NO_BUILD: "1",
  };
});

afterEach(() => {
  // Whatever a failed test left behind: every process we started, and the postmaster.
  for (const child of started) {
    try {
      process.kill(-child.pid!, "SIGKILL"); // its whole process group
    } catch {
      // already gone
    }
  }
  const postmaster = postmasterPid();
  if (postmaster && isAlive(postmaster)) process.kill(postmaster, "SIGKILL");
  started = [];
  rmSync(dataDir, { recursive: true, force: true });
});

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const state = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0];
    return state !== "Z";
  } catch {
    return false;
  }
}

function postmasterPid(): number | undefined {
  try {
    return Number.parseInt(readFileSync(join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]!, 10);
  } catch {
    return undefined;
  }
}

/** Every process below `pid` (by /proc parent links). */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number.parseInt(readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1]!, 10);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length) {
    for (const child of parents.get(queue.shift()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Starts `command` in its own process group and resolves once its output says the app is up. */
function startUntilRunning(command: string, args: string[], cwd: string): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Kolo is running")) resolve(child);
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code, signal) => reject(new Error(`${command} exited (${signal ?? code}) before the app ran:\n${output}`)));
  });
}

// The compiled server, as `npm start` runs it (built once in beforeAll).
const startServer = () => startUntilRunning(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], SERVER_DIR);

/** Waits (bounded) until none of `pids` is alive; answers those still alive. */
async function survivors(pids: number[]): Promise<number[]> {
  for (let i = 0; i < 300 && pids.some(isAlive); i++) await new Promise((done) => setTimeout(done, 100));
  return pids.filter(isAlive);
}

const health = async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status;

describe("npm start lifecycle", () => {
  it("starts again after the server was killed with SIGKILL, replacing the orphaned PostgreSQL", async () => {
    const first = await startServer();
    const orphan = postmasterPid()!;
    expect(isAlive(orphan)).toBe(true);
    first.kill("SIGKILL");
    await new Promise((done) => first.once("exit", done));
    expect(isAlive(orphan)).toBe(true); // SIGKILL leaves the postmaster running, holding the port

    const second = await startServer();
    expect(await health()).toBe(200);
    expect(postmasterPid()).not.toBe(orphan);
    expect(await survivors([orphan])).toEqual([]);

    const postmaster = postmasterPid()!;
    second.kill("SIGTERM");
    expect(await survivors([second.pid!, postmaster])).toEqual([]);
  });

  it("a SIGKILL to the server's process group (as Playwright stops its web server) takes PostgreSQL with it", async () => {
    const server = await startServer();
    const postmaster = postmasterPid()!;
    process.kill(-server.pid!, "SIGKILL");
    expect(await survivors([server.pid!, postmaster])).toEqual([]);
  });

  it("one SIGTERM to the `npm start` process stops the launcher, the server and PostgreSQL", async () => {
    const npm = await startUntilRunning("npm", ["start"], REPO);
    const tree = [npm.pid!, ...descendants(npm.pid!)];
    const postmaster = postmasterPid()!;
    expect(tree).toContain(postmaster);
    expect(tree.length).toBeGreaterThanOrEqual(4); // npm, launcher, server, postmaster (+ postgres workers)

    process.kill(npm.pid!, "SIGTERM");
    expect(await survivors(tree)).toEqual([]);
  });
});
