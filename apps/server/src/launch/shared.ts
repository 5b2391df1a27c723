// What the multi-process launchers share (`cluster` and `ha`, docs/operations.md "Running several
// servers" and "Running on a highly available PostgreSQL"): Debian packages installed when missing,
// the compiled server they spawn, the servers' shared secrets, HAProxy's configuration, and waiting
// for a health check.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_BUNDLE, SERVER_NODE_FLAGS, buildServer } from "../../build.mjs";
import type { Env } from "../env";
import { developmentBvnHashKey } from "../services";

/** The server package's folder (where the compiled server, `dist/main.js`, is run from). */
export const SERVER_DIR = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Installs the Debian packages whose commands are missing (`commands`: command -> package), as
 * root with apt-get; throws with what to do otherwise.
 */
export function ensureDebianPackages(commands: Record<string, string>) {
  const missing = Object.entries(commands)
    .filter(([command]) => spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status !== 0)
    .map(([, pkg]) => pkg);
  if (missing.length === 0) return;
  const packages = [...new Set(missing)];
  if (process.getuid?.() !== 0) throw new Error(`Missing Debian packages: install them (sudo apt-get install -y ${packages.join(" ")}) and run this again.`);
  console.log(`Installing ${packages.join(", ")} (apt-get install -y)...`);
  execFileSync("env", ["DEBIAN_FRONTEND=noninteractive", "apt-get", "update", "-qq"], { stdio: "inherit" });
  execFileSync("env", ["DEBIAN_FRONTEND=noninteractive", "apt-get", "install", "-y", "-qq", "--no-install-recommends", ...packages], {
    stdio: "inherit",
  });
}

/** A secret kept in `dir/name` (mode 600, made once with `bytes` random bytes, hex): shared seeds, passwords. */
export function keptSecret(dir: string, name: string, bytes = 32): string {
  const file = join(dir, name);
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dir, { recursive: true });
    const value = randomBytes(bytes).toString("hex");
    writeFileSync(file, value, { mode: 0o600 });
    return value;
  }
}

/**
 * HAProxy's configuration: one HTTP frontend on `host:port`, the Kolo servers round robin with
 * health checks; `extra` lines (another listener) are appended.
 */
export function haproxyConfig(host: string, port: number, servers: readonly number[], extra: readonly string[] = []): string {
  return [
    "global",
    // Each connection takes two descriptors (client and server side); 8,000 fit the usual 20,000 limit.
    "  maxconn 8000",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    // An event stream sends a comment every 25 s: a minute of silence means it is gone.
    "  timeout client 60s",
    "  timeout server 60s",
    "  timeout tunnel 1h",
    "  option forwardfor",
    // A request that could not be sent to a server that just died goes to another.
    "  retries 2",
    "  option redispatch",
    "frontend kolo",
    `  bind ${host}:${port}`,
    "  default_backend servers",
    "backend servers",
    "  balance roundrobin",
    "  option httpchk GET /api/health",
    "  http-check expect status 200",
    "  default-server inter 1s fall 2 rise 1",
    ...servers.map((serverPort, i) => `  server kolo${i + 1} 127.0.0.1:${serverPort} check`),
    ...extra,
    "",
  ].join("\n");
}

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitHealthy(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (
      await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * The settings every server of a multi-server launch shares, from the launcher's `env`: the
 * database, the public URL, HAProxy in front (the sandboxes' webhooks go through it, so either
 * server receives them), and the BVN hash key and sandbox seed kept in the data folder unless set.
 */
export function sharedServerSettings(env: Env, databaseUrl: string) {
  return {
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    TRUST_PROXY: "loopback",
    SEED_DEMO: "false",
    // Every request at info level from every server would drown the start-up lines.
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    BVN_HASH_KEY: env.BVN_HASH_KEY ?? developmentBvnHashKey(env.KOLO_DATA_DIR),
    KOLO_SANDBOX_SEED: env.KOLO_SANDBOX_SEED ?? keptSecret(env.KOLO_DATA_DIR, "cluster-sandbox-seed"),
    SANDBOX_WEBHOOK_BASE_URL: `http://127.0.0.1:${env.PORT}`,
  };
}

/**
 * Compiles the server (apps/server/build.mjs: dist/main.js) once, before a launcher spawns its
 * servers: they run compiled JavaScript, as in production, not tsx. About a second.
 */
export async function compileServer() {
  const ms = await buildServer();
  console.log(`Compiled the server (${(ms / 1000).toFixed(1)} s)`);
}

/** `env` arguments that run a compiled Kolo server with `settings` added to the inherited environment (then exec Node: same pid). */
export function serverCommand(settings: Record<string, string>): string[] {
  return [...Object.entries(settings).map(([name, value]) => `${name}=${value}`), process.execPath, ...SERVER_NODE_FLAGS, SERVER_BUNDLE];
}
