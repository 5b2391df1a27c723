// Connection factory: one postgres.js pool wrapped by drizzle with the whole schema.
// Change pool sizes here; every app and test opens its database through createDb.
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";
import { CONNECTION_ERROR_CODES, pgError } from "./errors";

export interface DbHandle {
  db: Database;
  client: postgres.Sql;
  close: () => Promise<void>;
}

function wrap(client: postgres.Sql) {
  return drizzle(client, { schema, casing: "snake_case" });
}

export type Database = ReturnType<typeof wrap>;
/** A drizzle transaction; query functions accept `DbOrTx` so callers can compose them. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Transaction;

export interface DbOptions {
  /** Most connections in the pool (10 by default). */
  max?: number;
  /**
   * PostgreSQL's `statement_timeout` for every statement on the pool's connections, in ms; a
   * statement running longer (e.g. waiting on a lock) is cancelled by the server with SQLSTATE
   * 57014. Unset: no limit (PostgreSQL's default).
   */
  statementTimeoutMs?: number;
  /** Longest wait for a new connection to be ready (TCP, TLS, authentication), in ms; 30 000 by default. */
  connectTimeoutMs?: number;
}

/** The URL each pool was opened with: listeners open their own connection to it (listen.ts). */
const URLS = new WeakMap<Database, string>();

/** What closes with each pool besides it (listeners' own connections). */
const CLOSERS = new WeakMap<Database, Set<() => Promise<void>>>();

/** The URL `db` was opened with by createDb, if it was. */
export function databaseUrlOf(db: Database): string | undefined {
  return URLS.get(db);
}

/** Runs `close` when `db`'s handle is closed (createDb's `close`); returns the function that forgets it. */
export function closeWith(db: Database, close: () => Promise<void>): () => void {
  let closers = CLOSERS.get(db);
  if (!closers) {
    closers = new Set();
    CLOSERS.set(db, closers);
  }
  closers.add(close);
  return () => closers.delete(close);
}

/**
 * A handle of one connection of its own on the database `db` was opened on (createDb), closed
 * with `db`: for a reader that must not wait behind the pool's queue under load (the live-event
 * hub). `db` itself when it was not opened by createDb.
 */
export function ownConnection(db: Database): Database {
  const url = databaseUrlOf(db);
  if (!url) return db;
  const own = createDb(url, { max: 1, connectTimeoutMs: 5_000 });
  closeWith(db, own.close);
  return own.db;
}

/** Opens a pool of at most `max` connections to `url`, with the given timeouts. */
export function createDb(url: string, options: DbOptions = {}): DbHandle {
  const client = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    // postgres.js counts seconds; fractions work (its timers multiply by 1000).
    ...(options.connectTimeoutMs !== undefined && { connect_timeout: options.connectTimeoutMs / 1000 }),
    ...(options.statementTimeoutMs !== undefined && { connection: { statement_timeout: options.statementTimeoutMs } }),
  });
  const db = wrap(client);
  URLS.set(db, url);
  const close = async () => {
    await Promise.all([...(CLOSERS.get(db) ?? [])].map((closer) => closer().catch(() => undefined)));
    await client.end({ timeout: 5 });
  };
  return { db, client, close };
}

/**
 * SQLSTATEs meaning "the database cannot serve this now; try again": timeouts, shutdowns,
 * overload, and a write reaching a server that is not (or not yet) the primary (25006, during a
 * failover: docs/operations.md).
 */
const UNAVAILABLE_SQLSTATES = new Set(["57014", "55P03", "57P01", "57P02", "57P03", "53300", "53400", "08000", "08001", "08003", "08004", "08006", "25006"]);
/**
 * Whether `error` (or any error in its `cause` chain, as drizzle and tRPC wrap them) says the
 * database is unavailable or too slow: a statement or lock timeout, a server shutting down or out
 * of connections, or a connection that could not be made or was lost. Such failures are answered
 * 503 'Service temporarily unavailable' rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = pgError(error)?.code;
  return code !== undefined && (UNAVAILABLE_SQLSTATES.has(code) || CONNECTION_ERROR_CODES.has(code));
}
