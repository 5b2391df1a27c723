// Live events, the server's side (docs/product.md "Live updates"): one reader of the `events` table
// per database handle (so per server process), fanned out in memory to the streams of the users
// they concern and, for events without a user, of admins. While at least one stream is open, the
// reader asks every POLL_MS for the events committed since its last snapshot
// (eventsCommittedSince), so a money transaction sends no NOTIFY (docs/decisions.md "Live events
// without NOTIFY"). An open stream costs a listener entry, no database connection. A read that
// fails is tried again from the same snapshot, so nothing is missed while the database is away. A
// `session` event (a session ended, or the user's role or status changed) closes the streams it
// concerns at once: they are removed before the next event is dispatched, so a demoted admin hears
// no admin event committed after the demotion. The reads have a connection of their own, so a busy
// pool does not delay them.
import { type Database, type EventsSnapshot, type LiveEventRow, currentEventsSnapshot, eventsCommittedSince, ownConnection } from "@kolo/db";

/**
 * What a stream hears: an event, "catch-up" when one read found more events than it sends (the
 * stream reads what it missed itself), or "ended" when its session ended or its user's role or
 * status changed (it hears nothing more).
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

/** How often an open stream's server reads the new events (ms): within a second of a change. */
const POLL_MS = 100;

/** The pause after a failed read (ms), before the next try from the same snapshot. */
const RETRY_MS = 1_000;

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
  /** Resolves once the reader has its first snapshot; undefined while no stream is open. */
  private reading: Promise<void> | undefined;
  private snapshot: EventsSnapshot | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** The reads' own connection (connected on first use, closed with the database handle): never queued behind the pool. */
  private readonly reader: Database;
  /** Bumped each time the reader stops, so a read in flight from before is dropped. */
  private generation = 0;
  /** How many reads readOnce has started (benchmarks and tests). */
  loads = 0;

  constructor(private readonly db: Database) {
    this.reader = ownConnection(db);
  }

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
   * function. Registers once this server reads the events, so an event committed after it resolves
   * is heard. Rejects when the database cannot be reached.
   */
  async subscribe(user: StreamOwner, deliver: (signal: HubSignal) => void, close: () => void = () => {}): Promise<() => void> {
    const subscriber: Subscriber = { owner: user, deliver, close };
    // The reader may stop while this waits (the last other stream left): then start it again.
    for (;;) {
      const reading = this.read();
      await reading;
      if (this.reading === reading) break;
    }
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
    if (this.byUser.size === 0) this.stop();
  }

  /** Starts the reader (its first snapshot), unless it runs; resolves once it has that snapshot. */
  private read(): Promise<void> {
    if (this.reading) return this.reading;
    const generation = this.generation;
    const reading = currentEventsSnapshot(this.reader).then(
      (snapshot) => {
        // Stopped meanwhile (the last stream left): a later read() starts afresh.
        if (generation !== this.generation) return;
        this.snapshot = snapshot;
        this.schedule(POLL_MS);
      },
      (error: unknown) => {
        if (this.reading === reading) this.reading = undefined;
        throw error;
      },
    );
    this.reading = reading;
    return reading;
  }

  /** Stops the reader when the last stream leaves: the next stream starts from a new snapshot. */
  private stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.reading = undefined;
    this.snapshot = undefined;
    this.generation++;
  }

  private schedule(ms: number) {
    const generation = this.generation;
    this.timer = setTimeout(() => void this.poll(generation), ms);
    this.timer.unref();
  }

  /** One read of the events committed since the last snapshot; then the next, while streams are open. */
  private async poll(generation: number) {
    const since = this.snapshot;
    if (since === undefined || generation !== this.generation) return;
    let next = POLL_MS;
    try {
      const { snapshot, rows, overflow } = await eventsCommittedSince(this.reader, since);
      if (generation !== this.generation) return;
      this.snapshot = snapshot;
      if (overflow) this.broadcast("catch-up");
      else for (const row of rows) this.dispatch(row);
    } catch {
      // The database is away: the next try reads from the same snapshot, so nothing is missed.
      next = RETRY_MS;
    }
    if (generation === this.generation) this.schedule(next);
  }

  private dispatch(event: LiveEventRow) {
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
