import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Live events (docs/product.md "Live updates"): one row per change a screen shows, written by
 * triggers in the database transaction that makes the change (a wallet's balance, a transaction's
 * status, a ticket's reply or status, a verification level, a review item), and announced at
 * commit by NOTIFY on `kolo_events` to every server. `userId` null: an event for admins. The id
 * is the stream's event id: a client that reconnects asks for the rows after the last it saw.
 * Rows older than a day are deleted by the events job.
 */
export const events = pgTable(
  "events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer().references(() => users.id, { onDelete: "cascade" }),
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
  },
  (t) => [index("events_user_id_idx").on(t.userId, t.id), index("events_created_at_idx").on(t.createdAt)],
);

export type EventRow = typeof events.$inferSelect;
