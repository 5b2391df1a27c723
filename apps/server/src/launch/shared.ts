// What the multi-process launchers share (`cluster`, README "Running several servers"; `ha`, README
// "Running on a highly available PostgreSQL"): Debian packages installed when missing, the
// servers' shared secrets, HAProxy's configuration, and waiting for a health check.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The server package's folder (where `src/main.ts` is run from). */
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

/** A shared secret kept in the data folder (made once), like the development BVN hash key. */
export function sharedSeed(dataDir: string): string {
  const file = join(dataDir, "cluster-sandbox-seed");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const seed = randomBytes(32).toString("hex");
    writeFileSync(file, seed, { mode: 0o600 });
    return seed;
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

/** The settings every server of a multi-server launch shares (HAProxy in front, sandboxes' webhooks through it). */
export function sharedServerSettings(options: { databaseUrl: string; publicUrl: string; proxyPort: number; bvnHashKey: string; sandboxSeed: string }) {
  return {
    DATABASE_URL: options.databaseUrl,
    PUBLIC_URL: options.publicUrl,
    TRUST_PROXY: "loopback",
    SEED_DEMO: "false",
    // Every request at info level from every server would drown the start-up lines.
    LOG_LEVEL: "warn",
    HOST: "127.0.0.1",
    BVN_HASH_KEY: options.bvnHashKey,
    KOLO_SANDBOX_SEED: options.sandboxSeed,
    // The sandboxes' webhooks go through HAProxy, so either server receives them.
    SANDBOX_WEBHOOK_BASE_URL: `http://127.0.0.1:${options.proxyPort}`,
  };
}

/** `env` arguments that run a Kolo server with `settings` added to the inherited environment (then exec Node: same pid). */
export function serverCommand(settings: Record<string, string>): string[] {
  return [...Object.entries(settings).map(([name, value]) => `${name}=${value}`), process.execPath, "--import", "tsx", "src/main.ts"];
}
