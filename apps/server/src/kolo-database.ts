// The database a command-line tool works on, as `npm start` picks it: DATABASE_URL, else the
// embedded PostgreSQL under KOLO_DATA_DIR (the running one when `npm start` is up, else started for
// the tool and stopped by `stop`). Used by `ledger:verify`, `bench:scale` and `seed:scale`.
import { isPortFree, startEmbeddedPostgres } from "@kolo/db/embedded";
import type { readEnv } from "./env";

/**
 * {url, stop?}: the connection URL of Kolo's database for `env` (readEnv); `stop` is set when the
 * embedded PostgreSQL was started here and must be stopped by the caller.
 */
export async function openKoloDatabase(env: ReturnType<typeof readEnv>): Promise<{ url: string; stop?: () => Promise<void> }> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL };
  if (await isPortFree(env.EMBEDDED_PG_PORT)) {
    const pg = await startEmbeddedPostgres({ dataDir: `${env.KOLO_DATA_DIR}/postgres`, port: env.EMBEDDED_PG_PORT });
    return { url: pg.url, stop: pg.stop };
  }
  // `npm start` is running: its embedded PostgreSQL answers on the port.
  return { url: `postgres://postgres:postgres@127.0.0.1:${env.EMBEDDED_PG_PORT}/postgres` };
}
