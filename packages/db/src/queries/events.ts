import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../client";
import { type EventRow, events } from "../schema";

/** The NOTIFY channel the events trigger announces each new row on (drizzle/0030_events.sql). */
export const EVENTS_CHANNEL = "kolo_events";

/** One event as NOTIFY carries it (`{id, u, k, s, d}`) or as a row: the same fields. */
export interface LiveEventRow {
  id: number;
  userId: number | null;
  kind: EventRow["kind"];
  subjectId: number | null;
  data: Record<string, unknown>;
}

/** Parses a `kolo_events` NOTIFY payload; undefined for anything else. */
export function parseEventPayload(payload: string): LiveEventRow | undefined {
  try {
    const raw = JSON.parse(payload) as { id?: unknown; u?: unknown; k?: unknown; s?: unknown; d?: unknown };
    if (typeof raw.id !== "number" || typeof raw.k !== "string") return undefined;
    return {
      id: raw.id,
      userId: typeof raw.u === "number" ? raw.u : null,
      kind: raw.k as EventRow["kind"],
      subjectId: typeof raw.s === "number" ? raw.s : null,
      data: typeof raw.d === "object" && raw.d !== null ? (raw.d as Record<string, unknown>) : {},
    };
  } catch {
    return undefined;
  }
}

/**
 * The events of `userId` (and, for an admin, the admins' events) with an id above `afterId`, and
 * those written up to 10 s before event `afterId` (ids are given at insert, so a transaction can
 * commit after a later-numbered event was sent; the client applies events idempotently). Oldest
 * first, at most `limit`: a reconnecting stream's catch-up, in one query.
 */
export async function eventsAfter(db: DbOrTx, params: { userId: number; admin: boolean; afterId: number; limit: number }): Promise<LiveEventRow[]> {
  const audience = params.admin ? or(eq(events.userId, params.userId), isNull(events.userId)) : eq(events.userId, params.userId);
  const lateCommits = sql`${events.createdAt} >= (select e.created_at - interval '10 seconds' from events e where e.id = ${params.afterId})`;
  const rows = await db
    .select({ id: events.id, userId: events.userId, kind: events.kind, subjectId: events.subjectId, data: events.data })
    .from(events)
    .where(and(audience, or(gt(events.id, params.afterId), lateCommits)))
    .orderBy(asc(events.id))
    .limit(params.limit);
  return rows;
}

/** How many events one prune statement deletes at most: each batch is its own short transaction. */
export const EVENTS_PRUNE_BATCH = 5_000;

/**
 * Deletes the events written before `before` (docs/decisions.md "Events retention": a stream
 * resumes from Last-Event-ID within seconds or minutes; a day is kept), in batches of at most
 * `batch` rows by id range, each its own statement and transaction, so no lock is held longer
 * than one batch and the table is never locked (row locks only). The ranges run from the oldest
 * id to the newest id written before `before`; rows in them written at or after `before` (a late
 * commit's lower id) stay. Returns how many were deleted.
 */
export async function pruneEvents(db: Database, before: Date, options: { batch?: number } = {}): Promise<number> {
  const batch = options.batch ?? EVENTS_PRUNE_BATCH;
  const cut = sql`${before.toISOString()}::timestamptz`;
  const [bounds] = (await db.execute(sql`
    select (select min(id) from events) as first,
           (select id from events where created_at < ${cut} order by created_at desc, id desc limit 1) as last`)) as unknown as {
    first: string | number | null;
    last: string | number | null;
  }[];
  if (bounds?.first == null || bounds.last == null) return 0;
  const last = Number(bounds.last);
  let deleted = 0;
  for (let from = Number(bounds.first); from <= last; from += batch) {
    const rows = (await db.execute(sql`
      with gone as (delete from events where id >= ${from} and id < ${Math.min(from + batch, last + 1)} and created_at < ${cut} returning 1)
      select count(*)::int as n from gone`)) as unknown as { n: number }[];
    deleted += rows[0]?.n ?? 0;
  }
  return deleted;
}

/** The id of the newest event, 0 when there is none: where a live stream without a last id starts. */
export async function newestEventId(db: DbOrTx): Promise<number> {
  const [row] = (await db.execute(sql`select max(id) as id from events`)) as unknown as { id: string | number | null }[];
  return Number(row?.id ?? 0);
}
