import { and, asc, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
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

/** Deletes the events written before `before` (a stream resumes within minutes; a day is kept). Returns how many. */
export async function pruneEvents(db: Database, before: Date): Promise<number> {
  const result = await db.delete(events).where(lt(events.createdAt, before));
  return (result as unknown as { count?: number }).count ?? 0;
}

/** The id of the newest event, 0 when there is none: where a live stream without a last id starts. */
export async function newestEventId(db: DbOrTx): Promise<number> {
  const [row] = (await db.execute(sql`select max(id) as id from events`)) as unknown as { id: string | number | null }[];
  return Number(row?.id ?? 0);
}
