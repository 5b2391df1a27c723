// History's search index, covered up to a boundary (docs/performance.md "History search, covered up
// to a boundary"): partial indexes that hold each side's records created before the boundary with
// their search text, so a search reads them instead of the rows; a new record never enters them,
// so a transfer does not pay for them. The weekly job (jobs/worker.ts) moves the boundary.
import { sql } from "drizzle-orm";
import type { Database, DbOrTx } from "../client";
import { historySearchCover } from "../schema";

/**
 * The stored generated column History's search matches (migration 0064_history_search): the
 * description, the reference and the metadata's senderName, recipientName, accountName,
 * merchantName, payerName, customerName and phoneNumber (the parties as the reader knows them),
 * lower-cased and joined by FIELD_SEPARATOR.
 */
export const SEARCH_TEXT = sql.identifier("search_text");
/** The separator of search_text's fields: a search holding it would match across two fields, so it matches nothing. */
export const FIELD_SEPARATOR = "\u001f";

/** Each side's covering index: its key and what it includes beside it (what History's filters test). */
const SIDES = {
  sender: "(sender_id, created_at, id) INCLUDE (type, search_text)",
  recipient: "(recipient_id, created_at, id) INCLUDE (sender_id, type, search_text)",
} as const;

/** The records created before this instant are in the search indexes; null before the first cover. */
export async function historySearchBoundary(db: DbOrTx): Promise<Date | null> {
  const [row] = await db.select({ boundary: historySearchCover.boundary }).from(historySearchCover);
  return row?.boundary ?? null;
}

/**
 * `created_at < boundary` (`>=` with `from: true`) as a literal, not a parameter: PostgreSQL uses a
 * partial index only when it can prove that the query implies the index's predicate, which it does
 * with constants. The search indexes' predicate is this text too.
 */
export function boundaryCondition(boundary: Date, options: { from?: boolean } = {}) {
  return sql.raw(boundaryText(boundary, options.from ? ">=" : "<"));
}

function boundaryText(boundary: Date, operator: "<" | ">="): string {
  return `created_at ${operator} '${boundary.toISOString()}'::timestamptz`;
}

/**
 * Moves the search indexes' boundary to `boundary` (an instant; records created before it are
 * covered): vacuums `transactions`, builds each side's index for it (CREATE INDEX CONCURRENTLY:
 * transfers go on; a build cut short, left invalid, is dropped and built again), records the
 * boundary, then drops the indexes of earlier boundaries. Returns false, changing nothing, when
 * the boundary is already there or later. Needs the pool, not a transaction (CONCURRENTLY). Run by
 * the weekly job; an interrupted run is finished by the next. A search is right whichever indexes
 * exist: they only make it fast (listUserTransactions).
 */
export async function coverHistorySearch(db: Database, boundary: Date): Promise<boolean> {
  const current = await historySearchBoundary(db);
  if (current && current.getTime() >= boundary.getTime()) return false;
  // First marks the table's settled pages all-visible (a page written since the last vacuum, or the
  // whole table after migration 0064 rewrote it, is not): an index-only scan reads the table for
  // a record on a page not so marked, which would undo the index.
  await db.execute(sql`vacuum (analyze) transactions`);
  const stamp = boundary.toISOString().replace(/\D/g, "").slice(0, 14);
  const names: string[] = [];
  for (const [side, columns] of Object.entries(SIDES)) {
    const name = `transactions_${side}_search_${stamp}`;
    names.push(name);
    const [existing] = await db.execute<{ valid: boolean }>(sql`select indisvalid as valid from pg_index where indexrelid = to_regclass(${name})`);
    if (existing?.valid) continue;
    if (existing) await db.execute(sql.raw(`drop index concurrently ${name}`));
    await db.execute(sql.raw(`create index concurrently ${name} on transactions ${columns} where ${boundaryText(boundary, "<")}`));
  }
  await db.insert(historySearchCover).values({ only: true, boundary }).onConflictDoUpdate({ target: historySearchCover.only, set: { boundary } });
  const earlier = await db.execute<{ name: string }>(sql`
    select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid
    where i.indrelid = 'transactions'::regclass and c.relname ~ '^transactions_(sender|recipient)_search_[0-9]{14}$'
      and c.relname not in ${names}`);
  for (const { name } of earlier) await db.execute(sql.raw(`drop index concurrently if exists ${name}`));
  return true;
}
