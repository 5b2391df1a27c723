// A LISTEN that keeps listening across a lost connection or a database failover
// (docs/operations.md). postgres.js's own `listen` LISTENs again when its connection closes, but
// a LISTEN refused then (a node restarting reaches recovery first: "cannot execute LISTEN during
// recovery") leaves its channel registered and failed, and the listener deaf for good. So each
// listener here has its own connection and keeps it listening itself:
// - when that connection closes, it LISTENs again, every RETRY_MS until it succeeds;
// - every PROBE_INTERVAL_MS it NOTIFYs its channel with a probe (through the pool); a probe the
//   database accepted but the listener did not hear within PROBE_TIMEOUT_MS means a silent
//   connection: it is closed and LISTENed again.
// Each time it is listening again, `onListen` runs, so its owner catches up.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { type Database, closeWith, databaseUrlOf } from "./client";
import { pgError } from "./errors";

/** How often a listener proves it still hears its channel. */
export const PROBE_INTERVAL_MS = 5_000;
/** How long a probe the database accepted may take to come back. */
export const PROBE_TIMEOUT_MS = 2_000;
/** Pause between two tries to LISTEN again. */
const RETRY_MS = 1_000;
/** The probe's payload prefix: never handed to `onNotify`. */
const PROBE_PREFIX = '{"probe":"';

/**
 * LISTENs on `channel` of the database `db` was opened on (createDb), on a connection of its own:
 * `onNotify(payload)` for each notification except probes, `onListen()` after each
 * (re)established LISTEN. Resolves once the first LISTEN is in place (rejects when it fails; call
 * again later). Returns `close()`, which stops it (it also stops when `db`'s handle is closed).
 */
export async function listenResiliently(
  db: Database,
  channel: string,
  onNotify: (payload: string) => void,
  onListen: () => void,
): Promise<() => Promise<void>> {
  const url = databaseUrlOf(db);
  if (!url) throw new Error("listenResiliently needs a database opened with createDb");
  let closed = false;
  let awaited: { token: string; heard: () => void } | undefined;
  const quoted = `"${channel.replace(/"/g, '""')}"`;
  let relistening: Promise<void> | undefined;
  const connection = postgres(url, {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    onnotice: () => {},
    connect_timeout: 5,
    onnotify: (_channel: string, payload: string) => {
      if (payload.startsWith(PROBE_PREFIX)) {
        if (awaited && payload.includes(awaited.token)) awaited.heard();
        return;
      }
      onNotify(payload);
    },
    onclose: () => {
      if (!closed) void relisten();
    },
    // `onnotify` and a null `max_lifetime` are postgres.js options its types do not list (its own `listen` uses them).
  } as unknown as postgres.Options<Record<string, never>>);
  const subscribe = async () => {
    await connection.unsafe(`listen ${quoted}`);
    onListen();
  };
  /** LISTENs again until it works (one loop at a time). */
  const relisten = () => {
    relistening ??= (async () => {
      while (!closed) {
        try {
          await subscribe();
          return;
        } catch {
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS).unref());
        }
      }
    })().finally(() => {
      relistening = undefined;
    });
    return relistening;
  };
  try {
    await subscribe();
  } catch (error) {
    closed = true;
    await connection.end({ timeout: 1 });
    throw error;
  }

  let probing = false;
  const probe = async () => {
    if (probing || relistening) return;
    probing = true;
    const token = randomBytes(8).toString("hex");
    try {
      const heard = new Promise<boolean>((resolve) => {
        awaited = { token, heard: () => resolve(true) };
        setTimeout(() => resolve(false), PROBE_TIMEOUT_MS).unref();
      });
      try {
        await db.$client`select pg_notify(${channel}, ${`${PROBE_PREFIX}${token}"}`})`;
      } catch (error) {
        // The database cannot be asked now: try at the next probe; stop once the pool is ended.
        if (pgError(error)?.code === "CONNECTION_ENDED") void stop();
        return;
      }
      if (await heard) return;
      // Not heard: the connection is silent. LISTEN again on a fresh one.
      await connection.unsafe("select 1").catch(() => undefined);
      await relisten();
    } finally {
      awaited = undefined;
      probing = false;
    }
  };
  const timer = setInterval(() => void probe(), PROBE_INTERVAL_MS);
  timer.unref();
  const stop = async () => {
    closed = true;
    clearInterval(timer);
    forget();
    await connection.end({ timeout: 1 }).catch(() => undefined);
  };
  // It closes with the pool it probes through.
  const forget = closeWith(db, stop);
  return stop;
}
