// The live event stream of one signed-in user (docs/product.md "Live updates"), for both
// transports: the tRPC subscription `events.stream` (SSE, with tracked ids) and GET /api/events.
import { EventEmitter, on } from "node:events";
import { type Database, type LiveEventRow, eventsAfter, findSessionWithUser, findTransactionById, newestEventId, type schema } from "@kolo/db";
import { koboAsNaira } from "@kolo/domain";
import { z } from "zod";
import { toTransactionView, transactionSchema } from "../money/view";
import { type HubSignal, type StreamOwner, eventHub, sessionEventEnds } from "./hub";

/**
 * One event as the client reads it; `id` is the stream's event id (resume after it). Amounts are
 * kobo inside and naira on the wire: every event the stream sends is encoded by this one schema.
 * Payloads carry ids and the new state of what the user may see, nothing about others.
 * - `balance`: the wallet's (`account: "wallet"`) or the merchant balance's (`"merchant"`) new balance;
 * - `transaction`: a transaction of the user's, new or changed, as the history shows it;
 * - `ticket`: a reply to or a status change of one of the user's tickets;
 * - `verification`: the user's new verification level;
 * - admins also: `admin.transaction` (any transaction's new status) and `admin.review` (a new review item);
 * - `ready` (the tRPC stream only, `announce`): from here on the server hears the user's events, after
 *   a resumed stream's catch-up; its id is the newest event id the stream covers. What the client
 *   fetched before it may be stale (a change committed before the server read the events for it is never sent).
 */
export const liveEventSchema = z.discriminatedUnion("type", [
  z.object({ id: z.string(), type: z.literal("ready") }),
  z.object({ id: z.string(), type: z.literal("balance"), account: z.enum(["wallet", "merchant"]), balance: koboAsNaira }),
  z.object({ id: z.string(), type: z.literal("transaction"), transaction: transactionSchema }),
  z.object({ id: z.string(), type: z.literal("ticket"), ticketId: z.number().int(), status: z.string() }),
  z.object({ id: z.string(), type: z.literal("verification"), level: z.number().int() }),
  z.object({ id: z.string(), type: z.literal("admin.transaction"), transactionId: z.number().int(), status: z.string(), transactionType: z.string() }),
  z.object({ id: z.string(), type: z.literal("admin.review"), reviewItemId: z.number().int(), status: z.string() }),
]);

/** An event as sent (amounts in naira). */
export type LiveEvent = z.output<typeof liveEventSchema>;
/** An event as read from the database (amounts in kobo). */
type LiveEventKobo = z.input<typeof liveEventSchema>;

/** The longest catch-up a reconnecting stream gets in one go (older events: the client refetches). */
const CATCH_UP_LIMIT = 500;
/** The longest delay a timer takes (about 24.8 days): a session expiring later is not timed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Maps one event row to what `user` is sent; undefined when there is nothing to send (a record gone). */
async function toLiveEvent(db: Database, user: Pick<schema.User, "id">, row: LiveEventRow): Promise<LiveEventKobo | undefined> {
  const id = String(row.id);
  const data = row.data;
  switch (row.kind) {
    case "balance":
      return {
        id,
        type: "balance",
        account: data.account === "merchant_wallet" ? "merchant" : "wallet",
        balance: BigInt(typeof data.balance === "string" ? data.balance : "0"),
      };
    case "transaction": {
      if (row.subjectId === null) return undefined;
      if (row.userId === null) {
        return { id, type: "admin.transaction", transactionId: row.subjectId, status: String(data.status), transactionType: String(data.type) };
      }
      const subjectId = row.subjectId;
      // Once per event for every stream of this server, not once per stream.
      const record = await eventHub(db).readOnce(row.id, () => findTransactionById(db, subjectId));
      return record ? { id, type: "transaction", transaction: toTransactionView(record, user.id) } : undefined;
    }
    case "ticket":
      return row.subjectId === null ? undefined : { id, type: "ticket", ticketId: row.subjectId, status: String(data.status) };
    case "verification":
      return { id, type: "verification", level: Number(data.level) };
    case "review":
      return row.subjectId === null ? undefined : { id, type: "admin.review", reviewItemId: row.subjectId, status: String(data.status) };
    case "session":
      // Read by the server (it ends streams), sent to nobody.
      return undefined;
  }
}

/** What the user missed after `afterId` (eventsAfter: one query, with a look back for late commits). */
const catchUp = (db: Database, user: Pick<schema.User, "id" | "role">, afterId: number) =>
  eventsAfter(db, { userId: user.id, admin: user.role === "admin", afterId, limit: CATCH_UP_LIMIT });

/**
 * Whether the session `sessionId` still lets `user` read this stream: it exists, has not expired,
 * and its user is active with the role the stream was opened with. Returns its expiry, or null.
 */
async function sessionStillValid(db: Database, user: Pick<schema.User, "id" | "role">, sessionId: string): Promise<Date | null> {
  const found = await findSessionWithUser(db, sessionId);
  if (!found || found.user.id !== user.id || found.user.status !== "active" || found.user.role !== user.role) return null;
  return found.session.expiresAt.getTime() > Date.now() ? found.session.expiresAt : null;
}

/**
 * The events of `user` as they happen, on any server (each server reads them once, eventHub). With
 * `lastEventId` it first sends what the user missed after it (one catch-up query); when a read of
 * the server's finds more than it sends at once, it catches up again. Ends when `signal` aborts, or when the user
 * opens a stream past MAX_STREAMS_PER_USER on this server (this one being the oldest). An event
 * is sent once per stream. `onSubscribed` runs once this server hears the user's events: an event
 * committed after it is on the stream (the REST stream says ': connected' then); `announce` says
 * so on the stream itself, as a `ready` event (the tRPC stream, whose own `connected` comes first).
 *
 * With `sessionId` (the stream's session, docs/product.md "Live updates") it also ends, on every
 * server, when that session ends (sign-out, sign-out of all devices, suspension, lock, password
 * reset, expiry) or the user's role or status changes: a `session` event, heard live or in a
 * catch-up (a read too large to send); the session is checked once more after subscribing,
 * so an end committed while the stream was connecting is not missed.
 */
export async function* liveEvents(
  db: Database,
  user: Pick<schema.User, "id" | "role">,
  options: { lastEventId?: number; sessionId?: string; signal: AbortSignal; onSubscribed?: () => void; announce?: boolean },
): AsyncGenerator<LiveEvent> {
  const owner: StreamOwner = { id: user.id, role: user.role, sessionId: options.sessionId };
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const expired = new AbortController();
  // Listen before reading anything, so nothing committed from here on is missed.
  const pushedOut = new AbortController();
  const signals = on(emitter, "signal", { signal: AbortSignal.any([options.signal, expired.signal, pushedOut.signal]) });
  const unsubscribe = await eventHub(db).subscribe(
    owner,
    (signal: HubSignal) => emitter.emit("signal", signal),
    () => pushedOut.abort(),
  );
  options.onSubscribed?.();
  let expiryTimer: ReturnType<typeof setTimeout> | undefined;
  const seen = new Set<number>();
  const remember = (id: number) => {
    seen.add(id);
    if (seen.size > 2_000) seen.delete(seen.values().next().value as number);
  };
  let last = 0;
  /** Sends `rows`; returns true when one of them ends the stream (`heedSessions`: session events count). */
  async function* send(rows: LiveEventRow[], heedSessions: boolean): AsyncGenerator<LiveEvent, boolean> {
    for (const row of rows) {
      if (heedSessions && sessionEventEnds(row, owner)) return true;
      if (seen.has(row.id)) continue;
      remember(row.id);
      last = Math.max(last, row.id);
      const event = await toLiveEvent(db, user, row);
      if (event) yield liveEventSchema.parse(event);
    }
    return false;
  }
  try {
    if (options.sessionId !== undefined) {
      const expiresAt = await sessionStillValid(db, user, options.sessionId);
      if (!expiresAt) return;
      const left = expiresAt.getTime() - Date.now();
      if (left < MAX_TIMER_MS) expiryTimer = setTimeout(() => expired.abort(), left).unref();
    }
    last = options.lastEventId ?? (await newestEventId(db));
    // The first catch-up's session events came before the check above, which saw their effect.
    if (options.lastEventId !== undefined) yield* send(await catchUp(db, user, options.lastEventId), false);
    if (options.announce) yield { id: String(last), type: "ready" };
    for await (const [signal] of signals as AsyncIterable<[HubSignal]>) {
      if (signal === "ended") return;
      if (yield* send(signal === "catch-up" ? await catchUp(db, user, last) : [signal], true)) return;
    }
  } catch (error) {
    if ((error as Error).name !== "AbortError") throw error;
  } finally {
    clearTimeout(expiryTimer);
    unsubscribe();
  }
}
