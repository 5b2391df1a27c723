#!/usr/bin/env node
// The README's two commands land here: `npm start` and `npm test`. Each installs what a fresh
// machine lacks (pnpm via npx, the workspace's packages, Chromium for the browser tests) and
// then starts the app or runs every check. Change the steps here, and the README with them.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const PNPM = ["-y", "pnpm@10.34.8"];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: "inherit", ...options });
  if (result.status !== 0) {
    console.error(`\n✗ ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}
const pnpm = (...args) => run("npx", [...PNPM, ...args]);
const step = (title) => console.log(`\n▶ ${title}`);

function ensureInstalled() {
  const marker = `${ROOT}node_modules/.modules.yaml`;
  const stale = !existsSync(marker) || statSync(`${ROOT}pnpm-lock.yaml`).mtimeMs > statSync(marker).mtimeMs;
  if (stale) {
    step("Installing dependencies (pnpm install --frozen-lockfile)");
    pnpm("install", "--frozen-lockfile", "--config.confirmModulesPurge=false");
  }
}

function ensureChromium() {
  if (existsSync("/usr/bin/chromium")) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    console.error("The browser tests need Chromium at /usr/bin/chromium: install Debian's 'chromium' package.");
    process.exit(1);
  }
  step("Installing Chromium from Debian's packages");
  run("apt-get", ["update", "-qq"]);
  run("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}

const command = process.argv[2];
if (command === "start") {
  ensureInstalled();
  if (process.env.KOLO_NO_BUILD === "1") console.log("\nKOLO_NO_BUILD=1: serving the web app as last built");
  else {
    step("Building the web app");
    pnpm("--filter", "@kolo/web", "build");
  }
  step("Starting Kolo");
  // The IPC channel lets the server notice when this launcher dies, even by SIGKILL, and stop.
  // SIGINT/SIGTERM/SIGHUP are passed on; the server stops its embedded PostgreSQL, then exits,
  // and this launcher exits with it. (npm runs this script with `exec`, so a signal sent to the
  // `npm start` process reaches this launcher rather than an intermediate shell.)
  const server = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], { cwd: `${ROOT}apps/server`, stdio: ["inherit", "inherit", "inherit", "ipc"] });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => server.kill(signal));
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else if (command === "test") {
  ensureInstalled();
  ensureChromium();
  step("Type checking every package");
  pnpm("-r", "typecheck");
  step("Linting");
  pnpm("exec", "eslint", ".", "--max-warnings=0");
  step("Unit and integration tests (Vitest, real PostgreSQL)");
  pnpm("exec", "vitest", "run");
  step("Browser tests (Playwright, Chromium; builds the web app first)");
  pnpm("--filter", "@kolo/web", "test:e2e");
  console.log("\n✓ All checks passed");
} else {
  console.error("usage: node tooling/scripts/kolo.mjs start|test");
  process.exit(2);
}
