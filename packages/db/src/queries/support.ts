// Support tickets and replies (docs/product.md#support, docs/decisions.md). Who may read or write a
// ticket is decided by the procedures in packages/api/src/router/support.ts, not here.
import { asc, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type SupportTicket, type TicketReply, supportTickets, ticketReplies, users } from "../schema";

/** A ticket with its author's name and e-mail (docs/product.md#support). */
export type TicketWithAuthor = SupportTicket & { userName: string; userEmail: string };
/** A reply with its author's name and e-mail (docs/product.md#support). */
export type ReplyWithAuthor = TicketReply & { userName: string; userEmail: string };

const ticketColumns = {
  id: supportTickets.id,
  userId: supportTickets.userId,
  subject: supportTickets.subject,
  message: supportTickets.message,
  status: supportTickets.status,
  priority: supportTickets.priority,
  kind: supportTickets.kind,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  userName: users.name,
  userEmail: users.email,
};

/** Stores a new ticket (status open); `subject` and `message` already validated. */
export async function insertTicket(
  db: DbOrTx,
  values: { userId: number; subject: string; message: string; priority: SupportTicket["priority"]; kind?: SupportTicket["kind"]; createdAt?: Date },
): Promise<SupportTicket> {
  const [row] = await db
    .insert(supportTickets)
    .values({ ...values, updatedAt: values.createdAt })
    .returning();
  return row!;
}

/** The user's own tickets, newest first. */
export async function listUserTickets(db: DbOrTx, userId: number): Promise<TicketWithAuthor[]> {
  return db
    .select(ticketColumns)
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id));
}

/**
 * Every ticket in the admin queue's order (docs/product.md#support): status open,
 * in-progress, resolved, closed (the enum's declared order), then priority urgent to low (the
 * enum declares low first, hence descending), then oldest first.
 */
export async function listAllTickets(db: DbOrTx): Promise<TicketWithAuthor[]> {
  return db
    .select(ticketColumns)
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .orderBy(asc(supportTickets.status), desc(supportTickets.priority), asc(supportTickets.createdAt), asc(supportTickets.id));
}

/**
 * One page of the admin queue (status open -> closed, priority urgent -> low, oldest first), with
 * the queue's counts: total, open and in progress.
 */
export async function listTicketQueue(
  db: DbOrTx,
  params: { page: number; limit: number },
): Promise<{ rows: TicketWithAuthor[]; total: number; open: number; inProgress: number }> {
  const [rows, [counts]] = await Promise.all([
    db
      .select(ticketColumns)
      .from(supportTickets)
      .innerJoin(users, eq(users.id, supportTickets.userId))
      .orderBy(asc(supportTickets.status), desc(supportTickets.priority), asc(supportTickets.createdAt), asc(supportTickets.id))
      .limit(params.limit)
      .offset((params.page - 1) * params.limit),
    db
      .select({
        total: sql<number>`count(*)::int`,
        open: sql<number>`(count(*) filter (where ${supportTickets.status} = 'open'))::int`,
        inProgress: sql<number>`(count(*) filter (where ${supportTickets.status} = 'in-progress'))::int`,
      })
      .from(supportTickets),
  ]);
  return { rows, total: counts?.total ?? 0, open: counts?.open ?? 0, inProgress: counts?.inProgress ?? 0 };
}

/** The ticket with its author, or undefined. */
export async function findTicket(db: DbOrTx, id: number): Promise<TicketWithAuthor | undefined> {
  const [row] = await db
    .select(ticketColumns)
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .where(eq(supportTickets.id, id))
    .limit(1);
  return row;
}

/** Locks the ticket's row for the rest of the transaction (a reply against a concurrent close); undefined when absent. */
export async function lockTicket(tx: DbOrTx, id: number): Promise<SupportTicket | undefined> {
  const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, id)).for("update").limit(1);
  return row;
}

/** The ticket's replies, oldest first, with their authors. */
export async function listReplies(db: DbOrTx, ticketId: number): Promise<ReplyWithAuthor[]> {
  return db
    .select({
      id: ticketReplies.id,
      ticketId: ticketReplies.ticketId,
      userId: ticketReplies.userId,
      message: ticketReplies.message,
      userRole: ticketReplies.userRole,
      createdAt: ticketReplies.createdAt,
      userName: users.name,
      userEmail: users.email,
    })
    .from(ticketReplies)
    .innerJoin(users, eq(users.id, ticketReplies.userId))
    .where(eq(ticketReplies.ticketId, ticketId))
    .orderBy(asc(ticketReplies.createdAt), asc(ticketReplies.id));
}

/** Adds a reply and moves the ticket's `updatedAt` to its time. Run it under lockTicket. */
export async function insertReply(
  tx: DbOrTx,
  values: { ticketId: number; userId: number; message: string; userRole: TicketReply["userRole"] },
  now = new Date(),
): Promise<TicketReply> {
  const [row] = await tx
    .insert(ticketReplies)
    .values({ ...values, createdAt: now })
    .returning();
  await tx.update(supportTickets).set({ updatedAt: now }).where(eq(supportTickets.id, values.ticketId));
  return row!;
}

/** Sets the status and `updatedAt` (docs/decisions.md: any change by an admin moves it); undefined when absent. */
export async function updateTicketStatus(db: DbOrTx, id: number, status: SupportTicket["status"], now = new Date()): Promise<SupportTicket | undefined> {
  const [row] = await db.update(supportTickets).set({ status, updatedAt: now }).where(eq(supportTickets.id, id)).returning();
  return row;
}
