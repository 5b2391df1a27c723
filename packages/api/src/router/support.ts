import {
  type Database,
  type DbOrTx,
  type ReplyWithAuthor,
  type TicketWithAuthor,
  findTicket,
  insertReply,
  insertTicket,
  listAllTickets,
  listTicketQueue,
  listReplies,
  listUserTickets,
  lockTicket,
  recordAdminAudit,
  type schema,
  updateTicketStatus,
} from "@kolo/db";
import {
  DB_INT_MAX,
  DomainError,
  SUPPORT_MESSAGES,
  type TicketPriority,
  type TicketStatus,
  createTicketSchema,
  ticketReplySchema,
  ticketStatusSchema,
} from "@kolo/domain";
import { z } from "zod";
import { adminProcedure, featureProcedure, router } from "../trpc";
import { enforceUserLimit } from "../user-limits";
import { ticket, ticketDetail as ticketDetailSchema, ticketQueue, ticketReply, tickets } from "./support.types";

/** A ticket as the spec's client reads it (docs/product.md#support). */
export interface TicketView {
  id: number;
  userId: number;
  subject: string;
  message: string;
  status: TicketStatus;
  priority: TicketPriority;
  createdAt: Date;
  updatedAt: Date;
  userEmail: string;
  userName: string;
}

/**
 * A reply as the spec's client reads it (docs/product.md#support); `userRole` 'admin' is shown
 * as Staff. To anyone but an admin, a staff reply's author is `userName` 'Staff' with `userEmail`
 * null (docs/decisions.md "Security, second round": no e-mail of another user reaches a user).
 */
export interface ReplyView {
  id: number;
  ticketId: number;
  userId: number;
  message: string;
  createdAt: Date;
  userEmail: string | null;
  userName: string;
  userRole: "user" | "admin";
}

/** GET /api/support-tickets/{id} (docs/product.md#support). */
export interface TicketDetail {
  ticket: TicketView;
  replies: ReplyView[];
}

const toTicketView = (t: TicketWithAuthor): TicketView => ({
  id: t.id,
  userId: t.userId,
  subject: t.subject,
  message: t.message,
  status: t.status,
  priority: t.priority,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
  userEmail: t.userEmail,
  userName: t.userName,
});

/** `r` as `viewer` may see it: staff replies are 'Staff', without an e-mail, to anyone but an admin. */
const toReplyView = (r: ReplyWithAuthor, viewer: schema.User): ReplyView => {
  const anonymous = r.userRole === "admin" && viewer.role !== "admin";
  return {
    id: r.id,
    ticketId: r.ticketId,
    userId: r.userId,
    message: r.message,
    createdAt: r.createdAt,
    userEmail: anonymous ? null : r.userEmail,
    userName: anonymous ? SUPPORT_MESSAGES.staffName : r.userName,
    userRole: r.userRole,
  };
};

const idInput = z.object({ id: z.coerce.number().int().positive().max(DB_INT_MAX) });
const ticketQueueSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

const notFound = () => new DomainError("NOT_FOUND", SUPPORT_MESSAGES.ticketNotFound);

/**
 * The ticket if `user` may see it: its author or an admin (docs/decisions.md). Anyone else gets
 * NOT_FOUND, the same answer as for a ticket that does not exist, so ids reveal nothing.
 */
async function visibleTicket(db: DbOrTx, user: schema.User, id: number): Promise<TicketWithAuthor> {
  const ticket = await findTicket(db, id);
  if (!ticket || (ticket.userId !== user.id && user.role !== "admin")) throw notFound();
  return ticket;
}

/** The ticket's detail ({ticket, replies}) for `user`, or NOT_FOUND. */
async function ticketDetail(db: Database, user: schema.User, id: number): Promise<TicketDetail> {
  const ticket = await visibleTicket(db, user, id);
  return { ticket: toTicketView(ticket), replies: (await listReplies(db, ticket.id)).map((reply) => toReplyView(reply, user)) };
}

/** Support tickets need `feature_support_tickets` for non-admins (docs/product.md#support; admins exempt). */
const supportProcedure = featureProcedure("feature_support_tickets");

/**
 * Support tickets (docs/product.md#support;
 * docs/decisions.md). Every call but `setStatus` needs `feature_support_tickets` for
 * non-admins (FORBIDDEN 'Feature disabled by administrator'); all need a session.
 */
export const supportRouter = router({
  /**
   * GET /api/support-tickets: admins get every ticket in the queue's order (status open ->
   * closed, then priority urgent -> low, then oldest first); anyone else gets their own, newest
   * first (the server decides, docs/product.md#support).
   */
  list: supportProcedure
    .meta({
      rest: { method: "GET", path: "/api/support-tickets", tag: "Support", summary: "Tickets: every ticket for an admin, the user's own otherwise" },
    })
    .output(tickets)
    .query(async ({ ctx }): Promise<TicketView[]> => {
      const rows = ctx.user.role === "admin" ? await listAllTickets(ctx.db) : await listUserTickets(ctx.db, ctx.user.id);
      return rows.map(toTicketView);
    }),

  /**
   * GET /api/admin/support-tickets?page&limit (limit 1-100, default 20): one page of the admin
   * queue, in the queue's order -> {tickets, total, totalPages, page, counts: {total, open,
   * inProgress}}. Admins only.
   */
  queue: adminProcedure
    .meta({
      rest: { method: "GET", path: "/api/admin/support-tickets", tag: "Admin", summary: "The support queue: tickets by status and priority, paged" },
    })
    .input(ticketQueueSchema)
    .output(ticketQueue)
    .query(async ({ ctx, input }) => {
      const { rows, total, open, inProgress } = await listTicketQueue(ctx.db, input);
      return {
        tickets: rows.map(toTicketView),
        total,
        totalPages: Math.max(1, Math.ceil(total / input.limit)),
        page: input.page,
        counts: { total, open, inProgress },
      };
    }),

  /** GET /api/support-tickets/me: the caller's own tickets, newest first (admins too). */
  mine: supportProcedure
    .meta({ rest: { method: "GET", path: "/api/support-tickets/me", tag: "Support", summary: "The user's own tickets" } })
    .output(tickets)
    .query(async ({ ctx }): Promise<TicketView[]> => (await listUserTickets(ctx.db, ctx.user.id)).map(toTicketView)),

  /**
   * POST /api/support-tickets {subject (5-100 characters, trimmed), message (at least 10),
   * priority (low|normal|high|urgent, default normal)} -> the new ticket, status open.
   * VALIDATION with the spec's field messages otherwise.
   */
  create: supportProcedure
    .meta({ rest: { method: "POST", path: "/api/support-tickets", tag: "Support", summary: "Raise a ticket", status: 201, errors: [429] } })
    .input(createTicketSchema)
    .output(ticket)
    .mutation(async ({ ctx, input }): Promise<TicketView> => {
      const row = await ctx.db.transaction(async (tx) => {
        await enforceUserLimit(tx, ctx.user.id, "ticket", { limits: ctx.services.userLimits });
        return insertTicket(tx, { userId: ctx.user.id, ...input });
      });
      return toTicketView({ ...row, userName: ctx.user.name, userEmail: ctx.user.email });
    }),

  /** GET /api/support-tickets/{id} -> {ticket, replies (oldest first)}; NOT_FOUND unless the caller's own or the caller is an admin. */
  byId: supportProcedure
    .meta({ rest: { method: "GET", path: "/api/support-tickets/:id", tag: "Support", summary: "A ticket with its replies", errors: [404] } })
    .input(idInput)
    .output(ticketDetailSchema)
    .query(({ ctx, input }) => ticketDetail(ctx.db, ctx.user, input.id)),

  /**
   * POST /api/support-tickets/{id}/replies {message (non-blank after trimming)} -> the reply.
   * The author or an admin; an admin's reply carries userRole 'admin'. NOT_FOUND for anyone
   * else; RULE_VIOLATION (400) 'Ticket is closed' on a closed ticket, decided under the
   * ticket's row lock so a reply cannot slip past a concurrent close. Moves `updatedAt`.
   */
  reply: supportProcedure
    .meta({
      rest: { method: "POST", path: "/api/support-tickets/:id/replies", tag: "Support", summary: "Reply to a ticket", status: 201, errors: [429, 404] },
    })
    .input(idInput.extend(ticketReplySchema.shape))
    .output(ticketReply)
    .mutation(
      async ({ ctx, input }): Promise<ReplyView> =>
        ctx.db.transaction(async (tx) => {
          // Staff answer as many tickets as come in; users are held to USER_LIMITS.
          if (ctx.user.role !== "admin") await enforceUserLimit(tx, ctx.user.id, "ticket_reply", { limits: ctx.services.userLimits });
          const locked = await lockTicket(tx, input.id);
          if (!locked || (locked.userId !== ctx.user.id && ctx.user.role !== "admin")) throw notFound();
          if (locked.status === "closed") throw new DomainError("RULE_VIOLATION", SUPPORT_MESSAGES.ticketClosed);
          const userRole = ctx.user.role === "admin" ? "admin" : "user";
          const reply = await insertReply(tx, { ticketId: locked.id, userId: ctx.user.id, message: input.message, userRole });
          return toReplyView({ ...reply, userName: ctx.user.name, userEmail: ctx.user.email }, ctx.user);
        }),
    ),

  /**
   * PATCH /api/support-tickets/{id}/status {status}: admins only (FORBIDDEN otherwise), any of
   * the four from any state (docs/product.md#support); moves `updatedAt` (docs/decisions.md); recorded in
   * the admin audit trail in the same transaction. NOT_FOUND for an unknown id. -> the updated ticket.
   */
  setStatus: adminProcedure
    .meta({
      rest: { method: "PATCH", path: "/api/support-tickets/:id/status", tag: "Support", summary: "Change a ticket's status (admin)", errors: [404] },
    })
    .input(idInput.extend(ticketStatusSchema.shape))
    .output(ticket)
    .mutation(
      async ({ ctx, input }): Promise<TicketView> =>
        ctx.db.transaction(async (tx) => {
          // Lock first, then read the clock: a reply that got the lock earlier is never dated after this change.
          const before = await lockTicket(tx, input.id);
          if (!before) throw notFound();
          const updated = await updateTicketStatus(tx, input.id, input.status, new Date());
          if (!updated) throw notFound();
          // The audit trail, in the same transaction as the change.
          await recordAdminAudit(tx, {
            adminId: ctx.user.id,
            action: "ticket_status",
            userId: updated.userId,
            subject: `ticket:${updated.id}`,
            before: { status: before.status },
            after: { status: updated.status },
          });
          const ticket = await findTicket(tx, updated.id);
          return toTicketView(ticket!);
        }),
    ),
});
