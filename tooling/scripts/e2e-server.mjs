#!/usr/bin/env node
// Playwright's webServer: the real server on PORT with its own throwaway embedded PostgreSQL
// (fresh data folder, free port), removed again when Playwright stops it.
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const serverDir = fileURLToPath(new URL("../../apps/server/", import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), "kolo-e2e-"));
// mkdtemp makes it 0700; as root, initdb runs as the `postgres` user and must get in.
chmodSync(dataDir, 0o755);

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const pgPort = await freePort();
const port = process.env.PORT ?? "3210";
const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
  cwd: serverDir,
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: port,
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://127.0.0.1:${port}`,
    KOLO_DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    AUTH_RATE_LIMIT_MAX: "1000",
    LOG_LEVEL: "warn",
    // Airtime/data e2e: a pending purchase's requery runs after 1 s (not 30 s), and the VTpass
    // sandbox keeps 201000000000 processing for 6 s, so "pending, then delivered" takes seconds.
    REQUERY_FIRST_DELAY_MS: process.env.REQUERY_FIRST_DELAY_MS ?? "1000",
    VTPASS_SANDBOX_PENDING_MS: process.env.VTPASS_SANDBOX_PENDING_MS ?? "6000",
  },
});

const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => {
  cleanup();
  process.exit(code ?? 0);
});
