// `npm start` lands here: picks the database (DATABASE_URL, else the embedded PostgreSQL under
// .data/), migrates it, seeds demo sign-ins on the embedded default, and serves web + API.
import { resolve } from "node:path";
import { Jobs } from "@kolo/api";
import { createDb, prepareDatabase } from "@kolo/db";
import { startEmbeddedPostgres } from "@kolo/db/embedded";
import { buildApp } from "./app";
import { readEnv, startupModeWarning } from "./env";
import { DEMO_USERS, seedDemoUsers } from "./seed";
import { DEV_TOTP_SECRET_BASE32 } from "@kolo/api";
import { createServices } from "./services";

/** Shouted at start-up when KOLO_SANDBOX=1 lets production run the sandbox (docs/decisions.md). */
const PRODUCTION_SANDBOX_WARNING = [
  "",
  "!!! WARNING: KOLO_SANDBOX=1 in production: card payments run on the BUILT-IN PAYSTACK SANDBOX.",
  "!!! Anyone holding a checkout link can 'pay' without a card. Never use this with real users.",
  "",
].join("\n");

// What to undo on shutdown, newest first: the HTTP server, the pool, the embedded PostgreSQL.
const cleanups: Array<() => Promise<unknown>> = [];
let stopping = false;

/** Stops what has started so far (also mid-start-up) and exits with `code`; says why on stderr. */
async function shutdown(code: number, reason: string) {
  if (stopping) return;
  stopping = true;
  console.error(`Kolo is stopping (${reason})`);
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
    }
  }
  process.exit(code);
}

// `on`, not `once`: a Ctrl-C reaches the server both from the terminal and through the launcher,
// and a second signal must not kill it halfway through stopping PostgreSQL.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, () => void shutdown(0, signal));
// Started by the launcher (tooling/scripts/kolo.mjs) with an IPC channel: if the launcher dies,
// even by SIGKILL, the channel closes and the server stops with its PostgreSQL.
if (process.connected) process.once("disconnect", () => void shutdown(0, "the launcher is gone"));

async function main() {
  const env = readEnv();
  const devWarning = startupModeWarning(env.HOST);
  if (devWarning) console.warn(devWarning);
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    console.log(`Starting the embedded PostgreSQL (data in ${env.KOLO_DATA_DIR}/postgres, port ${env.EMBEDDED_PG_PORT})...`);
    const dataDir = `${env.KOLO_DATA_DIR}/postgres`;
    const pg = await startEmbeddedPostgres({ dataDir, port: env.EMBEDDED_PG_PORT });
    if (pg.dataDir !== resolve(dataDir)) {
      console.log(`PostgreSQL runs as the system user postgres, which cannot enter ${dataDir}: its data is kept in ${pg.dataDir} (linked from there).`);
    }
    databaseUrl = pg.url;
    cleanups.push(pg.stop);
  }
  await prepareDatabase(databaseUrl);
  const { db, close } = createDb(databaseUrl, {
    max: env.DB_POOL_MAX,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
  });
  cleanups.push(close);

  // Demo sign-ins: on the embedded default unless SEED_DEMO says otherwise; never in production.
  const seed = (env.SEED_DEMO ?? !env.DATABASE_URL) && env.NODE_ENV !== "production";
  if (seed) await seedDemoUsers(db);

  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const log = { warn: (details: Record<string, unknown>, message: string) => console.warn(JSON.stringify({ level: "warn", message, ...details })) };
  // Background jobs (pg-boss, schema `pgboss` of the same database): provider requeries and the
  // every-minute top-up expiry. Started before the server listens.
  const jobs = new Jobs({ connectionString: databaseUrl, firstDelayMs: env.REQUERY_FIRST_DELAY_MS });
  const { services, sandboxes } = createServices(env, { publicUrl, internalUrl: `http://127.0.0.1:${env.PORT}` }, log, jobs, db);
  if (sandboxes.paystack && env.NODE_ENV === "production") console.warn(PRODUCTION_SANDBOX_WARNING);
  if (sandboxes.vtpass && env.NODE_ENV === "production")
    console.warn("!!! WARNING: KOLO_SANDBOX=1 in production: airtime and data run on the BUILT-IN VTPASS SANDBOX.");
  const app = await buildApp({
    db,
    services,
    sandboxes,
    webDistDir: env.WEB_DIST_DIR,
    authRateLimit: { max: env.AUTH_RATE_LIMIT_MAX, windowMs: env.AUTH_RATE_LIMIT_WINDOW_MS },
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    timeouts: { requestMs: env.REQUEST_TIMEOUT_MS, healthMs: env.HEALTH_TIMEOUT_MS },
  });
  await jobs.start(db, services);
  cleanups.push(() => jobs.stop());
  cleanups.push(() => app.close());
  await app.listen({ port: env.PORT, host: env.HOST });

  console.log(`\nKolo is running at ${publicUrl}`);
  console.log(
    sandboxes.paystack ? "Card payments: built-in Paystack sandbox (no PAYSTACK_SECRET_KEY set)" : `Card payments: Paystack at ${env.PAYSTACK_BASE_URL}`,
  );
  console.log(
    sandboxes.vtpass
      ? "Airtime, data, electricity and cable TV: built-in VTpass sandbox (no VTPASS_* keys set)"
      : `Airtime, data, electricity and cable TV: VTpass at ${env.VTPASS_BASE_URL}`,
  );
  if (seed) {
    console.log("Demo sign-ins:");
    for (const demo of DEMO_USERS) console.log(`  ${demo.role.padEnd(9)} ${demo.email} / ${demo.password}`);
    console.log(`  admins' second factor (TOTP, development only): secret ${DEV_TOTP_SECRET_BASE32}`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  void shutdown(1, "start-up failed");
});
