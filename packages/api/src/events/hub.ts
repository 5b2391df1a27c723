// Live events, the server's side (docs/product.md "Live updates"): one LISTEN on `kolo_events` per
// database handle (so per server process), fanned out in memory to the streams of the users they
// concern and, for events without a user, of admins. An idle stream costs a listener entry, no
// database connection. When the listening connection is lost and comes back, every stream is told
// to catch up from its last event id, since NOTIFYs sent meanwhile are gone.
import { type Database, EVENTS_CHANNEL, type LiveEventRow, listenResiliently, parseEventPayload } from "@kolo/db";

/** What a stream hears: an event, or "catch-up" after the listener reconnected. */
export type HubSignal = LiveEventRow | "catch-up";

interface Subscriber {
  admin: boolean;
  deliver: (signal: HubSignal) => void;
}

export class EventHub {
  private readonly byUser = new Map<number, Set<Subscriber>>();
  private readonly admins = new Set<Subscriber>();
  private listening: Promise<unknown> | undefined;
  private connectedOnce = false;

  constructor(private readonly db: Database) {}

  /** How many streams are open on this server (benchmarks and tests). */
  get size(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  /**
   * Registers a stream of `user` (admins also hear the events without a user). `deliver` is
   * called synchronously for each event; returns the unsubscribe function. Registers once this
   * server is listening, so an event committed after it resolves is heard.
   */
  async subscribe(user: { id: number; role: string }, deliver: (signal: HubSignal) => void): Promise<() => void> {
    const subscriber: Subscriber = { admin: user.role === "admin", deliver };
    await this.listen();
    let set = this.byUser.get(user.id);
    if (!set) {
      set = new Set();
      this.byUser.set(user.id, set);
    }
    set.add(subscriber);
    if (subscriber.admin) this.admins.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byUser.get(user.id) === set) this.byUser.delete(user.id);
      this.admins.delete(subscriber);
    };
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
