import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { xid8 } from "./columns";

/**
 * Live events (docs/product.md "Live updates"): one row per change a screen shows, written by
 * triggers in the database transaction that makes the change (a wallet's balance, a transaction's
 * status, a ticket's reply or status, a verification level, a review item). Every server reads
 * the rows committed since its last read, by the transaction id each row keeps (`txid`, compared
 * with a snapshot: the events hub), so a money transaction sends no NOTIFY. `userId` null: an
 * event for admins. The id is the stream's event id: a client that reconnects asks for the rows
 * after the last it saw. Rows older than a day are deleted by the events job.
 */
export const events = pgTable(
  "events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /**
     * No foreign key (drizzle/0060_transfer_commit_path.sql): rows are written only by triggers,
     * from a row whose own user key was just checked, and users are never deleted; the check cost
     * every transfer a lock on each party's user row.
     */
    userId: integer(),
    /**
     * balance | transaction | ticket | verification | review | session. `session`: a session of
     * the user ended (`data.session`, its id) or their role changed (`data.role`); the server closes
     * the streams it concerns and sends it to nobody.
     */
    kind: text({ enum: ["balance", "transaction", "ticket", "verification", "review", "session"] }).notNull(),
    /** The transaction, ticket or review item the event is about. */
    subjectId: bigint({ mode: "number" }),
    /** The new state, small: {balance, account} (kobo as text), {status}, {level}. */
    data: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The writing transaction's id (pg_current_xact_id()); null on rows written before 0059. */
    txid: xid8().default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index("events_user_id_idx").on(t.userId, t.id),
    // BRIN: rows arrive in time order, and only the hourly prune reads by time.
    index("events_created_at_idx").using("brin", t.createdAt),
    index("events_txid_idx").on(t.txid),
  ],
);

export type EventRow = typeof events.$inferSelect;
