// Output schemas of the support router (router/support.ts), beside its procedures.
import { schema } from "@kolo/db";
import { TICKET_PRIORITIES, TICKET_STATUSES } from "@kolo/domain";
import { z } from "zod";
import { dateTime, id } from "./common.types";

export const ticket = z.object({
  id,
  userId: id,
  subject: z.string(),
  message: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  createdAt: dateTime,
  updatedAt: dateTime,
  userEmail: z.string(),
  userName: z.string(),
});

export const ticketReply = z.object({
  id,
  ticketId: id,
  userId: id,
  message: z.string(),
  createdAt: dateTime,
  userEmail: z.string().nullable(),
  userName: z.string(),
  userRole: z.enum(schema.replyRole.enumValues),
});

export const tickets = z.array(ticket);
export const ticketDetail = z.object({ ticket, replies: z.array(ticketReply) });
export const ticketQueue = z.object({
  tickets,
  total: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  counts: z.object({ total: z.number().int(), open: z.number().int(), inProgress: z.number().int() }),
});
