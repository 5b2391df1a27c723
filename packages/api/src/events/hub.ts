// Live events, the server's side (docs/product.md "Live updates"): one LISTEN on `kolo_events` per
// database handle (so per server process), fanned out in memory to the streams of the users they
// concern and, for events without a user, of admins. An idle stream costs a listener entry, no
// database connection. When the listening connection is lost and comes back, every stream is told
// to catch up from its last event id, since NOTIFYs sent meanwhile are gone. A `session` event
// (a session ended, or the user's role or status changed) closes the streams it concerns at once:
// they are removed before the next event is dispatched, so a demoted admin hears no admin event
// committed after the demotion.
import { type Database, EVENTS_CHANNEL, type LiveEventRow, listenResiliently, parseEventPayload } from "@kolo/db";

/**
 * What a stream hears: an event, "catch-up" after the listener reconnected, or "ended" when its
 * session ended or its user's role or status changed (it hears nothing more).
 */
export type HubSignal = LiveEventRow | "catch-up" | "ended";

/** Who a stream was opened for: the user, their role at connect, and the session's id. */
export interface StreamOwner {
  id: number;
  role: string;
  sessionId?: string;
}

/**
 * Most open streams of one user on one server (docs/decisions.md "Per-user caps"): opening one
 * more closes that user's oldest, so one account cannot pile up streams.
 */
export const MAX_STREAMS_PER_USER = 5;

/** How many events' shared reads (readOnce) a hub remembers. */
const REMEMBERED_READS = 1_000;

interface Subscriber {
  owner: StreamOwner;
  deliver: (signal: HubSignal) => void;
  /** Ends the stream (called when a newer stream of the same user pushes it out). */
  close: () => void;
}

/**
 * Whether the `session` event `event` ends a stream of `owner`: its session ended (`data.session`),
 * or the user now has another role than the stream was opened with, or is no longer active.
 */
export function sessionEventEnds(event: Pick<LiveEventRow, "kind" | "data">, owner: StreamOwner): boolean {
  if (event.kind !== "session") return false;
  if (typeof event.data.session === "string") return event.data.session === owner.sessionId;
  return event.data.role !== owner.role || event.data.status !== "active";
}

export class EventHub {
  private readonly byUser = new Map<number, Set<Subscriber>>();
  private readonly admins = new Set<Subscriber>();
  private readonly reads = new Map<number, Promise<unknown>>();
  private listening: Promise<unknown> | undefined;
  private connectedOnce = false;
  /** How many reads readOnce has started (benchmarks and tests). */
  loads = 0;

  constructor(private readonly db: Database) {}

  /** How many streams are open on this server (benchmarks and tests). */
  get size(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  /** How many streams `userId` has open on this server. */
  streamsOf(userId: number): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /**
   * Registers a stream of `user` (admins also hear the events without a user). `deliver` is
   * called synchronously for each event; `close` ends the stream when a newer one of the same user
   * pushes it out (at most MAX_STREAMS_PER_USER: the oldest goes). Returns the unsubscribe
   * function. Registers once this server is listening, so an event committed after it resolves is heard.
   */
  async subscribe(user: StreamOwner, deliver: (signal: HubSignal) => void, close: () => void = () => {}): Promise<() => void> {
    const subscriber: Subscriber = { owner: user, deliver, close };
    await this.listen();
    let set = this.byUser.get(user.id);
    if (!set) {
      set = new Set();
      this.byUser.set(user.id, set);
    }
    // A Set keeps insertion order: the first is the oldest.
    for (const oldest of set) {
      if (set.size < MAX_STREAMS_PER_USER) break;
      set.delete(oldest);
      this.admins.delete(oldest);
      oldest.close();
    }
    set.add(subscriber);
    if (user.role === "admin") this.admins.add(subscriber);
    return () => this.remove(subscriber);
  }

  /**
   * What `load` answers for the event `eventId`, read once for every stream of this server (a
   * user's five streams, an event's catch-up and live delivery share it); a failed read is
   * forgotten, so the next stream tries again. The last REMEMBERED_READS events are kept.
   */
  readOnce<T>(eventId: number, load: () => Promise<T>): Promise<T> {
    let read = this.reads.get(eventId) as Promise<T> | undefined;
    if (!read) {
      this.loads++;
      read = load();
      this.reads.set(eventId, read);
      read.catch(() => this.reads.delete(eventId));
      if (this.reads.size > REMEMBERED_READS) this.reads.delete(this.reads.keys().next().value as number);
    }
    return read;
  }

  private remove(subscriber: Subscriber) {
    const set = this.byUser.get(subscriber.owner.id);
    set?.delete(subscriber);
    if (set?.size === 0) this.byUser.delete(subscriber.owner.id);
    this.admins.delete(subscriber);
  }

  private listen(): Promise<unknown> {
    // Resilient: it LISTENs again after a failover, which postgres.js alone may not (docs/operations.md).
    this.listening ??= listenResiliently(
      this.db,
      EVENTS_CHANNEL,
      (payload) => this.dispatch(payload),
      () => {
        // Every (re)connection of the listener after the first: events may have been missed.
        if (this.connectedOnce) this.broadcast("catch-up");
        this.connectedOnce = true;
      },
    ).catch((error: unknown) => {
      this.listening = undefined;
      throw error;
    });
    return this.listening;
  }

  private dispatch(payload: string) {
    const event = parseEventPayload(payload);
    if (!event) return;
    const targets = event.userId === null ? this.admins : this.byUser.get(event.userId);
    if (!targets) return;
    if (event.kind === "session") {
      for (const subscriber of [...targets]) {
        if (!sessionEventEnds(event, subscriber.owner)) continue;
        this.remove(subscriber);
        subscriber.deliver("ended");
      }
      return;
    }
    for (const subscriber of targets) subscriber.deliver(event);
  }

  private broadcast(signal: HubSignal) {
    for (const set of this.byUser.values()) for (const subscriber of set) subscriber.deliver(signal);
  }
}

const hubs = new WeakMap<Database, EventHub>();

/** The EventHub of this database handle (one per handle, created on first use). */
export function eventHub(db: Database): EventHub {
  let hub = hubs.get(db);
  if (!hub) {
    hub = new EventHub(db);
    hubs.set(db, hub);
  }
  return hub;
}
