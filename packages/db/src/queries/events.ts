import { and, asc, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../client";
import { type EventRow, events } from "../schema";

/** One event as a row: what a stream is sent, before it is read into a live event. */
export interface LiveEventRow {
  id: number;
  userId: number | null;
  kind: EventRow["kind"];
  subjectId: number | null;
  data: Record<string, unknown>;
}

/**
 * A snapshot as pg_current_snapshot() writes it (`xmin:xmax:xip,...`): which transactions had
 * committed when it was taken. The events hub keeps the one of its last read.
 */
export type EventsSnapshot = string;

/** The database's snapshot now: where a hub starts (an event committed after it is read next). */
export async function currentEventsSnapshot(db: DbOrTx): Promise<EventsSnapshot> {
  const [row] = (await db.execute(sql`select pg_current_snapshot()::text as snapshot`)) as unknown as { snapshot: string }[];
  if (!row) throw new Error("pg_current_snapshot returned no row");
  return row.snapshot;
}

/** The part of a snapshot that says what came after it: its xmax and its in-progress ids. */
function afterSnapshot(snapshot: EventsSnapshot): { xmax: string; inProgress: string[] } {
  const [, xmax, list] = snapshot.split(":");
  if (!xmax || !/^\d+$/.test(xmax)) throw new Error(`Not a snapshot: ${snapshot}`);
  return { xmax, inProgress: list ? list.split(",").filter((id) => /^\d+$/.test(id)) : [] };
}

/**
 * The events committed after `since` and before this statement's own snapshot (returned, for the
 * next read), oldest id first: the rows whose transaction id is at or above `since`'s xmax, or was
 * in progress in `since` (docs/decisions.md "Live events without NOTIFY"). A row is in exactly one
 * read: visible now and not in `since`. More than `limit` rows: `overflow`, and no rows (the
 * streams catch up by their own query).
 */
export async function eventsCommittedSince(
  db: DbOrTx,
  since: EventsSnapshot,
  limit = 10_000,
): Promise<{ snapshot: EventsSnapshot; rows: LiveEventRow[]; overflow: boolean }> {
  const { xmax, inProgress } = afterSnapshot(since);
  const found = (await db.execute(sql`
    select s.snapshot, e.id, e.user_id, e.kind, e.subject_id, e.data
    from (select pg_current_snapshot()::text as snapshot) as s
    left join lateral (
      select e.id, e.user_id, e.kind, e.subject_id, e.data from ${events} as e where e.txid >= ${xmax}::xid8
      union all
      select e.id, e.user_id, e.kind, e.subject_id, e.data from ${events} as e
      where e.txid = any(${`{${inProgress.join(",")}}`}::xid8[]) and e.txid < ${xmax}::xid8
      limit ${limit + 1}
    ) as e on true
    order by e.id`)) as unknown as {
    snapshot: string;
    id: string | number | null;
    user_id: number | null;
    kind: EventRow["kind"];
    subject_id: string | number | null;
    data: Record<string, unknown> | null;
  }[];
  const snapshot = found[0]?.snapshot;
  if (!snapshot) throw new Error("pg_current_snapshot returned no row");
  const rows = found.flatMap((row) =>
    row.id === null
      ? []
      : [
          {
            id: Number(row.id),
            userId: row.user_id,
            kind: row.kind,
            subjectId: row.subject_id === null ? null : Number(row.subject_id),
            data: row.data ?? {},
          },
        ],
  );
  if (rows.length > limit) return { snapshot, rows: [], overflow: true };
  return { snapshot, rows, overflow: false };
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
