#!/usr/bin/env node
// The server's start time and resting memory (docs/performance.md "Start time and resting memory").
// Usage (from apps/server, on the project's Node): node bench/start-memory.mjs MODE [runs]
// - compiled: the server as shipped, `node --max-semi-space-size=16 dist/main.js` (build.mjs's
//   SERVER_NODE_FLAGS; build it first: `node build.mjs`);
// - compiled-default-heap: `node dist/main.js`, V8's own young-generation size;
// - tsx: `node --import tsx src/main.ts`, as the server ran before it was compiled.
// Each run starts one server on a free port with the embedded PostgreSQL of one data folder, made
// and migrated by an unmeasured first start, so every measured run starts an existing cluster.
// Start time: from spawning the server process to the first 200 from /api/health (polled every
// 20 ms). Resting memory: the server process's VmRSS (from /proc) after 50 requests
// (/api/health, /api/openapi.json, /login, a failed sign-in) and 2 s of rest. PostgreSQL's
// processes are not counted.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "../build.mjs";
import { freePort } from "../../../tooling/scripts/free-port.mjs";

const SERVER_DIR = fileURLToPath(new URL("..", import.meta.url));
const mode = process.argv[2];
const runs = Number(process.argv[3] ?? 3);
const COMMANDS = {
  compiled: [...SERVER_NODE_FLAGS, "dist/main.js"],
  "compiled-default-heap": ["dist/main.js"],
  tsx: ["--import", "tsx", "src/main.ts"],
};
if (!COMMANDS[mode]) {
  console.error("usage: node bench/start-memory.mjs compiled|compiled-default-heap|tsx [runs]");
  process.exit(2);
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))[1]) / 1024;

const dataDir = mkdtempSync(join(tmpdir(), "kolo-start-memory-"));
// mkdtemp makes it 0700; as root, PostgreSQL runs as the `postgres` user and must get in.
chmodSync(dataDir, 0o755);
const pgPort = await freePort();

/** Starts one server; resolves with its start time and resting RSS once it has stopped again. */
async function measure() {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, COMMANDS[mode], {
    cwd: SERVER_DIR,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(port), KOLO_DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: "warn", HOST: "127.0.0.1" },
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (;;) {
    const ok = await fetch(`${base}/api/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`);
    await pause(20);
  }
  const startMs = performance.now() - started;
  for (let i = 0; i < 50; i++) {
    const path = ["/api/health", "/api/openapi.json", "/login"][i % 3];
    await fetch(`${base}${path}`).then((response) => response.arrayBuffer());
    if (i % 10 === 0) {
      await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base },
        body: JSON.stringify({ email: "nobody@kolo.test", password: "wrong-password" }),
      }).then((response) => response.arrayBuffer());
    }
  }
  await pause(2_000);
  const rss = rssMiB(child.pid);
  child.kill("SIGTERM");
  await exited;
  return { startMs, rss };
}

try {
  await measure(); // unmeasured: creates and migrates the database, seeds the demo users
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await measure());
  for (const [i, { startMs, rss }] of results.entries()) console.log(`${mode} run ${i + 1}: start ${(startMs / 1000).toFixed(2)} s, RSS ${rss.toFixed(0)} MiB`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
