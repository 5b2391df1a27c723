#!/usr/bin/env node
// Playwright's webServer: the real (compiled) server on PORT with its own throwaway embedded PostgreSQL
// (fresh data folder, free port), removed again when Playwright stops it, and also when the run
// that started it dies without stopping it (a killed `npm test`): this script then notices it was
// orphaned and stops the server, and the server stops its PostgreSQL (its IPC channel closes).
// A port still held by a stale process is named before anything starts.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_BUNDLE, SERVER_NODE_FLAGS, buildServer } from "../../apps/server/build.mjs";
import { freePort } from "./free-port.mjs";

const serverDir = fileURLToPath(new URL("../../apps/server/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "kolo-e2e-"));
// mkdtemp makes it 0700; as root, initdb runs as the `postgres` user and must get in.
chmodSync(dataDir, 0o755);

/** The pid and command line of the process listening on TCP `port` (from /proc), or null. */
function listenerOf(port) {
  const hex = Number(port).toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local_address is ADDR:PORT; state 0A is LISTEN; column 9 is the socket's inode.
      if (cols[1]?.endsWith(`:${hex}`) && cols[3] === "0A") inodes.add(cols[9]);
    }
  }
  if (inodes.size === 0) return null;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    let fds = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      let target = "";
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode && inodes.has(inode)) {
        const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
        return { pid: Number(pid), command };
      }
    }
  }
  return { pid: null, command: "unknown (another user's process?)" };
}

const pgPort = await freePort();
const port = process.env.PORT ?? "3210";
const holder = listenerOf(port);
if (holder) {
  console.error(
    `✗ Port ${port} is already in use by pid ${holder.pid ?? "?"} (${holder.command}), probably left by an earlier test run that was killed. ` +
      `Stop it (kill ${holder.pid ?? "<pid>"}) or set E2E_PORT to another port.`,
  );
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}
// The server runs compiled, as `npm start` and production run it: built here, once per Playwright
// run (about a second), so it is never older than the sources.
await buildServer();
const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
  cwd: serverDir,
  // The IPC channel: when this script dies, however it dies, the server sees it close and stops.
  stdio: ["inherit", "inherit", "inherit", "ipc"],
  env: {
    ...process.env,
    PORT: port,
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
    KOLO_DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    AUTH_RATE_LIMIT_MAX: "1000",
    // The suites' users look up and pay recipients many times within 10 minutes.
    RECIPIENT_LOOKUP_LIMIT: "1000",
    LOG_LEVEL: "warn",
    // The sandboxes hold their slow fixtures: a pending VTpass purchase and a payout stay in flight
    // until the test releases or settles them (docs/providers.md "Sandbox controls"), so no test
    // races a timer for a passing state. A pending purchase's requery runs after 1 s (not 30 s).
    SANDBOX_HOLD: "1",
    REQUERY_FIRST_DELAY_MS: process.env.REQUERY_FIRST_DELAY_MS ?? "1000",
  },
});

// Where the browser tests reach this run's database, to reset a fixture between repeats
// (apps/web/e2e/helpers.ts freeFixtureBvn). Removed with the data folder.
const databaseFile = join(tmpdir(), `kolo-e2e-${port}.json`);
writeFileSync(databaseFile, JSON.stringify({ databaseUrl: `postgres://postgres:postgres@127.0.0.1:${pgPort}/postgres` }));

const cleanup = () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(databaseFile, { force: true });
};
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
// Orphaned: the test runner that started this script died (SIGKILL, a crash, its process group
// killed) without stopping it. Its parent is then re-parented; if a shell stands between (a
// command run without `exec`), the shell's own parent is watched as well.
const parentOf = (pid) => {
  try {
    return Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ")[1]);
  } catch {
    return 0;
  }
};
const parent = process.ppid;
const grandparent = parentOf(parent);
const orphanWatch = setInterval(() => {
  if (process.ppid !== parent || (grandparent > 1 && parentOf(parent) !== grandparent)) {
    console.error("e2e server: the test run that started it is gone; stopping");
    clearInterval(orphanWatch);
    child.kill("SIGTERM");
  }
}, 1_000);
orphanWatch.unref();
child.on("exit", (code) => {
  cleanup();
  process.exit(code ?? 0);
});
