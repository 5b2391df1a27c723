#!/usr/bin/env node
// The README's commands land here: `npm start` and `npm test` (and `npm run pnpm -- …`). Each
// installs what a fresh machine lacks and then starts the app or runs every check:
// - Node: the server, the tests and the tools run on the Node pinned in .node-version (24 LTS).
//   When the machine's Node is older, this script fetches exactly that version (the npm
//   registry's `node` package, through npx) and runs itself again under it, with that Node first
//   on PATH, so everything it spawns (npx, pnpm, vitest, Playwright, the server) runs on it too.
// - pnpm: the version in package.json's `packageManager`, through npx.
// - the workspace's packages, and Chromium for the browser tests.
// Change the steps here, and the README with them.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { delimiter, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const NODE_VERSION = readFileSync(`${ROOT}.node-version`, "utf8").trim();
const PNPM_VERSION = JSON.parse(readFileSync(`${ROOT}package.json`, "utf8")).packageManager.replace(/^pnpm@/, "");
const PNPM = ["-y", `pnpm@${PNPM_VERSION}`];
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];

/**
 * Runs `command` with its output on ours (or, with `capture: []`, pushed into that array as it
 * comes, stdout and stderr interleaved). SIGINT/SIGTERM/SIGHUP sent to this launcher are passed
 * on; if this launcher was itself started with an IPC channel (by the launcher on an older Node)
 * and that channel closes, the child gets SIGTERM. `ipc` opens such a channel to the child.
 * Resolves with the child's exit code (1 when it died by a signal).
 */
function supervise(command, args, options = {}) {
  const { ipc = false, capture, ...spawnOptions } = options;
  const stdio = capture ? ["ignore", "pipe", "pipe"] : ipc ? ["inherit", "inherit", "inherit", "ipc"] : "inherit";
  const child = spawn(command, args, { cwd: ROOT, stdio, ...spawnOptions });
  if (capture) for (const stream of [child.stdout, child.stderr]) stream.on("data", (chunk) => capture.push(chunk));
  const forward = (signal) => child.kill(signal);
  const orphaned = () => child.kill("SIGTERM");
  for (const signal of SIGNALS) process.on(signal, forward);
  if (process.connected) process.on("disconnect", orphaned);
  return new Promise((resolve) => {
    child.once("error", (error) => {
      console.error(`\n✗ ${command}: ${error.message}`);
      resolve(1);
    });
    child.once("exit", (code, signal) => {
      for (const s of SIGNALS) process.removeListener(s, forward);
      process.removeListener("disconnect", orphaned);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function run(command, args, options = {}) {
  const code = await supervise(command, args, options);
  if (code !== 0) {
    console.error(`\n✗ ${command} ${args.join(" ")} failed (exit ${code})`);
    process.exit(code);
  }
}
const pnpm = (...args) => run("npx", [...PNPM, ...args]);
const step = (title) => console.log(`\n▶ ${title}`);

/** The path of the pinned Node, fetched into npx's cache on first use. */
async function pinnedNode() {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["-y", `node@${NODE_VERSION}`, "-p", "process.execPath"], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`npx -y node@${NODE_VERSION} failed (exit ${code})`))));
  });
}

/** On a Node older than the pinned major, runs this script again under the pinned Node and exits with it. */
async function ensureNode() {
  const wanted = Number(NODE_VERSION.split(".")[0]);
  if (Number(process.versions.node.split(".")[0]) >= wanted) return;
  console.log(`Node ${process.versions.node} is older than ${wanted}: fetching Node ${NODE_VERSION} (npm registry, package "node")`);
  let node;
  try {
    node = await pinnedNode();
  } catch (error) {
    console.error(`✗ ${error.message}. Install Node ${NODE_VERSION} (e.g. from nodejs.org) and run this again.`);
    process.exit(1);
  }
  const env = { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ""}` };
  process.exit(await supervise(node, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { env, ipc: true }));
}

/** Runs `pnpm install` when node_modules is missing or older than the lockfile; resolves with its exit code, or "up to date". */
async function installIfStale() {
  const marker = `${ROOT}node_modules/.modules.yaml`;
  const stale = !existsSync(marker) || statSync(`${ROOT}pnpm-lock.yaml`).mtimeMs > statSync(marker).mtimeMs;
  if (!stale) return "up to date";
  step("Installing dependencies (pnpm install --frozen-lockfile)");
  return supervise("npx", [...PNPM, "install", "--frozen-lockfile", "--config.confirmModulesPurge=false"]);
}

async function ensureInstalled() {
  const code = await installIfStale();
  if (code !== "up to date" && code !== 0) {
    console.error(`\n✗ pnpm install failed (exit ${code})`);
    process.exit(code);
  }
}

/**
 * The tests' Debian packages: Chromium's headless shell (/usr/bin/chromium-headless-shell, the
 * browser tests' browser), Chromium (/usr/bin/chromium, the scanner's camera browser:
 * apps/web/e2e/browser.ts) and ffmpeg (the scanner's tests turn a QR picture into the fake camera's
 * .y4m video) for the browser tests; HAProxy for the cluster test; PostgreSQL 15, Patroni and etcd
 * for the PostgreSQL 15 pass and the failover test.
 * Installed with apt-get when missing and running as root; otherwise a message says what to install.
 * Resolves with apt-get's exit code (1 when it cannot run), or "present" when nothing is missing.
 */
async function ensureTestTools() {
  const missing = [
    ["/usr/bin/chromium-headless-shell", "chromium-headless-shell"],
    ["/usr/bin/chromium", "chromium"],
    ["/usr/bin/ffmpeg", "ffmpeg"],
    ["/usr/sbin/haproxy", "haproxy"],
    ["/usr/lib/postgresql/15/bin/postgres", "postgresql-15"],
    ["/usr/bin/patroni", "patroni"],
    ["/usr/bin/etcd", "etcd-server"],
  ].filter(([path]) => !existsSync(path));
  if (missing.length === 0) return "present";
  const packages = missing.map(([, pkg]) => pkg);
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    console.error(`The tests need Debian's packages ${packages.join(", ")} (${missing.map(([path]) => path).join(", ")}).`);
    return 1;
  }
  step(`Installing ${packages.join(", ")} from Debian's packages`);
  const updated = await supervise("apt-get", ["update", "-qq"]);
  if (updated !== 0) return updated;
  return supervise("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}

/** `pnpm <args>` on our output; resolves with its exit code. */
const pnpmCode = (args, options = {}) => supervise("npx", [...PNPM, ...args], options);

/**
 * `npm test`'s phases, in order: [name in the closing table, title printed when it starts, what it
 * runs]. A phase resolves with an exit code (0: passed) or a word saying it had nothing to do. The
 * first failure ends the run; docs/testing.md "Phases and times" gives each phase's usual time.
 * An action gets `options` for `supervise` (the phase run beside others captures its output).
 */
const TEST_PHASES = [
  ["Dependencies", null, installIfStale],
  ["Debian packages", null, ensureTestTools],
  ["Type check", () => `Type checking every package (Node ${process.versions.node})`, () => pnpmCode(["-r", "typecheck"])],
  [
    "Format",
    "Formatting (Biome: an unformatted file fails; `npm run pnpm -- format` fixes it) and the docs' line lengths",
    async () => {
      const code = await pnpmCode(["exec", "biome", "format", "."]);
      return code !== 0 ? code : supervise(process.execPath, ["tooling/scripts/check-doc-lines.mjs"]);
    },
  ],
  ["Lint", "Linting", () => pnpmCode(["exec", "eslint", ".", "--max-warnings=0"])],
  ["Web build", "Building the web app (the browser tests' server serves it)", () => pnpmCode(["--filter", "@kolo/web", "build"])],
  [
    "Failover",
    "Failover test (PostgreSQL 15 under Patroni: the primary killed under load)",
    (options) => pnpmCode(["exec", "vitest", "run", "--config", "vitest.ha.config.ts"], options),
  ],
  ["Vitest (PostgreSQL 17)", "Unit and integration tests (Vitest, real PostgreSQL 17)", () => pnpmCode(["exec", "vitest", "run"])],
  [
    "SQL tests (PostgreSQL 15)",
    "The tests that run the SQL, again on PostgreSQL 15 (Debian's, as the HA cluster runs; vitest.pg15.config.ts)",
    () => pnpmCode(["exec", "vitest", "run", "--config", "vitest.pg15.config.ts"]),
  ],
  ["Browser tests", "Browser tests (Playwright, Chromium)", () => pnpmCode(["--filter", "@kolo/web", "exec", "playwright", "test"])],
];

/**
 * The phase that runs beside others, and the phases it runs beside (in their order). The failover
 * test spends its 1.5 minutes mostly waiting on Patroni's timers (a 10 s leader lock) and on its own
 * PostgreSQL 15 cluster, HAProxy and servers; the type check, format check, lint and web build are
 * one command at a time, leaving it the second core. Nothing they read or write is shared
 * (docs/testing.md "Phases and times"; docs/decisions/operations.md).
 */
const BESIDE = { phase: "Failover", with: ["Type check", "Format", "Lint", "Web build"] };

/** 754 ms -> "0.8 s"; 83 s -> "1 min 23 s". */
function formatDuration(ms) {
  const seconds = ms / 1000;
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
}

/** The closing table: each phase's time and result, then the total (wall time, `totalMs`). */
function printPhaseTable(rows, totalMs) {
  const total = totalMs;
  const failed = rows.some((row) => row.failed);
  const lines = [["Phase", "Time", "Result"], ...rows.map((row) => [row.name, row.ms === null ? "-" : formatDuration(row.ms), row.result])];
  lines.push(["Total", formatDuration(total), failed ? "FAILED" : "passed"]);
  const widths = [0, 1, 2].map((column) => Math.max(...lines.map((line) => line[column].length)));
  const format = (line) => `  ${line[0].padEnd(widths[0])}  ${line[1].padStart(widths[1])}  ${line[2]}`;
  console.log(`\n${format(lines[0])}`);
  console.log(`  ${"-".repeat(widths[0] + widths[1] + widths[2] + 4)}`);
  for (const line of lines.slice(1, -1)) console.log(format(line));
  console.log(`  ${"-".repeat(widths[0] + widths[1] + widths[2] + 4)}`);
  console.log(format(lines.at(-1)));
}

/** Runs one phase, timed; resolves with its closing table's row. */
async function runPhase([name, title, action], options = {}) {
  if (title && !options.capture) step(typeof title === "function" ? title() : title);
  const started = performance.now();
  const outcome = await action(options);
  const ms = performance.now() - started;
  if (typeof outcome === "string") return { name, ms, result: outcome, failed: false, code: 0 };
  if (outcome === 0) return { name, ms, result: "passed", failed: false, code: 0 };
  if (!options.capture) console.error(`\n✗ ${name} failed (exit ${outcome})`);
  return { name, ms, result: `FAILED (exit ${outcome})`, failed: true, code: outcome };
}

/** Runs `phases` in order until one fails; the rest get "not run" rows. */
async function runInOrder(phases, options) {
  const rows = [];
  for (const phase of phases) {
    if (rows.some((row) => row.failed)) rows.push({ name: phase[0], ms: null, result: "not run", failed: false, code: 0 });
    else rows.push(await runPhase(phase, options));
  }
  return rows;
}

/**
 * Runs `phases` in order, timing each; after the first failure the rest are "not run". BESIDE.phase
 * starts with the first of BESIDE.with and runs beside them, its output held back and printed when
 * both sides are done (the first failure on either side still stops what follows them). Prints the
 * table either way and exits with the failed phase's exit code (0 when all passed).
 */
async function runPhases(phases) {
  const started = performance.now();
  const rows = [];
  const queue = [...phases];
  while (queue.length > 0) {
    const phase = queue.shift();
    if (rows.some((row) => row.failed)) {
      rows.push({ name: phase[0], ms: null, result: "not run", failed: false, code: 0 });
      continue;
    }
    if (phase[0] !== BESIDE.with[0]) {
      rows.push(await runPhase(phase));
      continue;
    }
    const lane = [phase, ...queue.filter(([name]) => BESIDE.with.includes(name))];
    const beside = phases.find(([name]) => name === BESIDE.phase);
    const held = [];
    step(`${beside[0]} beside ${lane.map(([name]) => name).join(", ")}: its output follows them`);
    const [laneRows, besideRow] = await Promise.all([runInOrder(lane), runPhase(beside, { capture: held })]);
    const title = typeof beside[1] === "function" ? beside[1]() : beside[1];
    step(`${title}: its output, held while it ran beside the others`);
    process.stdout.write(Buffer.concat(held));
    if (besideRow.failed) console.error(`\n✗ ${besideRow.name} failed (exit ${besideRow.code})`);
    besideRow.result = `${besideRow.result} (beside ${lane[0][0]} … ${lane.at(-1)[0]})`;
    rows.push(...laneRows, besideRow);
    // The lane's other phases and the one beside them are done: off the queue.
    for (const [name] of [...lane.slice(1), beside]) {
      const at = queue.findIndex(([queued]) => queued === name);
      if (at >= 0) queue.splice(at, 1);
    }
  }
  printPhaseTable(rows, performance.now() - started);
  const exitCode = rows.find((row) => row.failed)?.code ?? 0;
  if (exitCode === 0) console.log("\n✓ All checks passed");
  process.exit(exitCode);
}

const command = process.argv[2];
if (!["start", "test", "pnpm"].includes(command)) {
  console.error("usage: node tooling/scripts/kolo.mjs start|test|pnpm <pnpm arguments>");
  process.exit(2);
}
await ensureNode();

if (command === "start") {
  await ensureInstalled();
  if (process.env.KOLO_NO_BUILD === "1") console.log("\nKOLO_NO_BUILD=1: serving the web app as last built");
  else {
    step("Building the web app");
    await pnpm("--filter", "@kolo/web", "build");
  }
  // The server runs compiled (apps/server/build.mjs: dist/main.js), not through tsx; about a second.
  step("Compiling the server");
  const { SERVER_BUNDLE, SERVER_NODE_FLAGS, buildServer } = await import("../../apps/server/build.mjs");
  console.log(`dist/main.js in ${((await buildServer()) / 1000).toFixed(1)} s`);
  step("Starting Kolo");
  // The IPC channel lets the server notice when this launcher dies, even by SIGKILL, and stop.
  // SIGINT/SIGTERM/SIGHUP are passed on; the server stops its embedded PostgreSQL, then exits,
  // and this launcher exits with it. (npm runs this script with `exec`, so a signal sent to the
  // `npm start` process reaches this launcher rather than an intermediate shell.)
  process.exit(await supervise(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], { cwd: `${ROOT}apps/server`, ipc: true }));
} else if (command === "test") {
  await runPhases(TEST_PHASES);
} else {
  // `npm run pnpm -- <args>`: the project's pnpm on the project's Node, for working on it.
  process.exit(await supervise("npx", [...PNPM, ...process.argv.slice(3)]));
}
