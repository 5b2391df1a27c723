import { sql } from "drizzle-orm";
import { check, index, integer, pgEnum, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

export const ticketStatus = pgEnum("ticket_status", ["open", "in-progress", "resolved", "closed"]);
export const ticketPriority = pgEnum("ticket_priority", ["low", "normal", "high", "urgent"]);
export const replyRole = pgEnum("ticket_reply_role", ["user", "admin"]);

/**
 * Support tickets (docs/product.md#support; docs/decisions.md). The author's name and
 * e-mail are read from `users` when shown, never copied here. `updatedAt` moves on a status
 * change or a reply.
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text().notNull(),
    message: text().notNull(),
    status: ticketStatus().notNull().default("open"),
    priority: ticketPriority().notNull().default("normal"),
    /** `fraud` for a fraud claim's ticket (fraud_claims), `general` otherwise. */
    kind: text().$type<"general" | "fraud">().notNull().default("general"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("support_tickets_user_created_idx").on(t.userId, t.createdAt),
    check("support_tickets_subject_length", sql`char_length(${t.subject}) between 5 and 100`),
    check("support_tickets_message_length", sql`char_length(${t.message}) >= 10`),
  ],
);

/**
 * Replies on a ticket (docs/product.md#support). `userRole` is the author's role when the reply
 * was written ('admin' is shown as Staff), so a later role change does not rewrite history.
 */
export const ticketReplies = pgTable(
  "ticket_replies",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    ticketId: integer()
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    message: text().notNull(),
    userRole: replyRole().notNull().default("user"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ticket_replies_ticket_created_idx").on(t.ticketId, t.createdAt)],
);

export type SupportTicket = typeof supportTickets.$inferSelect;
export type TicketReply = typeof ticketReplies.$inferSelect;
