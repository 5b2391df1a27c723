import { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, plainText } from "./text";

/**
 * Support tickets and their replies (docs/product.md#support; docs/decisions.md
 * "Support"). Shared by the web forms and the server procedures.
 */

/** docs/product.md#support, in the spec's order (also the admin list's sort order). */
export const TICKET_STATUSES = ["open", "in-progress", "resolved", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** docs/product.md#support; the admin list sorts urgent first (docs/product.md#support). */
export const TICKET_PRIORITIES = ["low", "normal", "high", "urgent"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

/** Who wrote a reply (docs/product.md#support: default user; admin is shown as Staff). */
export type ReplyRole = "user" | "admin";

/** docs/product.md#support. */
export const SUPPORT_SUBJECT_MIN = 5;
export const SUPPORT_SUBJECT_MAX = 100;
export const SUPPORT_MESSAGE_MIN = 10;
/** Not in the spec: a bound so one request cannot store megabytes (docs/decisions.md). */
export const SUPPORT_MESSAGE_MAX = 5000;

/** Texts of the spec (word for word) and the server's own refusals. */
export const SUPPORT_MESSAGES = {
  /** A staff reply's author as users see it (no name or e-mail of the admin). */
  staffName: "Staff",
  subjectLength: "Subject must be at least 5 characters",
  subjectTooLong: "Subject must be at most 100 characters",
  messageLength: "Message must be at least 10 characters",
  messageTooLong: "Message must be at most 5000 characters",
  replyBlank: "Reply cannot be empty",
  /** docs/decisions.md: a reply on a closed ticket is refused with 400. */
  ticketClosed: "Ticket is closed",
  ticketNotFound: "Ticket not found",
  ticketCreated: "Ticket Created",
  ticketCreatedDescription: "Your support ticket has been submitted successfully.",
  ticketCreateFailedTitle: "Error Creating Ticket",
  ticketCreateFailedGeneric: "Something went wrong. Please try again.",
  listFailed: "Failed to load tickets. Please try again later.",
  detailFailed: "Failed to load ticket details. The ticket may not exist or you may not have permission to view it.",
  replySent: "Reply sent",
  replySentDescription: "Your reply has been added to the ticket.",
  replyFailed: "Error sending reply",
  statusUpdated: "Status updated",
  statusUpdateFailed: "Error updating status",
  ticketClosedAlert: "This ticket has been closed and no further replies can be added.",
  noTickets: "No support tickets",
  noReplies: "No replies yet",
  adminEmpty: "There are no support tickets in the system yet.",
} as const;

// Like plainText, but a message may span lines: tab, LF and CR are allowed, other control characters are not.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const WITHOUT_CONTROLS_EXCEPT_LINES = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

const multilineText = (params?: { error?: string }) => z.string(params).regex(WITHOUT_CONTROLS_EXCEPT_LINES, { error: CONTROL_CHARACTERS_MESSAGE });

/** Subject: trimmed, 5-100 characters (docs/product.md#support). */
export const ticketSubjectSchema = plainText({ error: SUPPORT_MESSAGES.subjectLength })
  .trim()
  .min(SUPPORT_SUBJECT_MIN, { error: SUPPORT_MESSAGES.subjectLength })
  .max(SUPPORT_SUBJECT_MAX, { error: SUPPORT_MESSAGES.subjectTooLong });

/** Message: trimmed, at least 10 characters (docs/product.md#support), lines allowed. */
export const ticketMessageSchema = multilineText({ error: SUPPORT_MESSAGES.messageLength })
  .trim()
  .min(SUPPORT_MESSAGE_MIN, { error: SUPPORT_MESSAGES.messageLength })
  .max(SUPPORT_MESSAGE_MAX, { error: SUPPORT_MESSAGES.messageTooLong });

/** POST /api/support-tickets body (docs/product.md#support): {subject, message, priority (default normal)}. */
export const createTicketSchema = z.object({
  subject: ticketSubjectSchema,
  message: ticketMessageSchema,
  priority: z.enum(TICKET_PRIORITIES).default("normal"),
});
export type CreateTicketInput = z.input<typeof createTicketSchema>;

/** POST /api/support-tickets/{id}/replies body: {message}, non-blank after trimming (docs/product.md#support). */
export const ticketReplySchema = z.object({
  message: multilineText({ error: SUPPORT_MESSAGES.replyBlank })
    .trim()
    .min(1, { error: SUPPORT_MESSAGES.replyBlank })
    .max(SUPPORT_MESSAGE_MAX, { error: SUPPORT_MESSAGES.messageTooLong }),
});

/** PATCH /api/support-tickets/{id}/status body: any of the four statuses (docs/product.md#support). */
export const ticketStatusSchema = z.object({ status: z.enum(TICKET_STATUSES) });

/** Labels the screens show for a status / priority. */
export const TICKET_STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  "in-progress": "In Progress",
  resolved: "Resolved",
  closed: "Closed",
};
export const TICKET_PRIORITY_LABELS: Record<TicketPriority, string> = { low: "Low", normal: "Normal", high: "High", urgent: "Urgent" };

const STATUS_RANK: Record<TicketStatus, number> = { open: 0, "in-progress": 1, resolved: 2, closed: 3 };
const PRIORITY_RANK: Record<TicketPriority, number> = { urgent: 0, high: 1, normal: 2, low: 3 };

/**
 * The admin queue's order (docs/product.md#support): by status (open, in-progress,
 * resolved, closed), then priority (urgent, high, normal, low), then oldest first (docs/decisions.md
 * "Support": the longest-waiting ticket of a group is answered first). Returns a new array.
 */
export function sortTicketsForAdmin<T extends { status: TicketStatus; priority: TicketPriority; createdAt: Date | string }>(tickets: readonly T[]): T[] {
  return [...tickets].sort(
    (a, b) =>
      STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
      PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
      new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime(),
  );
}

/** Counts for the admin queue's badges: total, open and in-progress (docs/product.md#support). */
export function ticketCounts(tickets: readonly { status: TicketStatus }[]): { total: number; open: number; inProgress: number } {
  return {
    total: tickets.length,
    open: tickets.filter((ticket) => ticket.status === "open").length,
    inProgress: tickets.filter((ticket) => ticket.status === "in-progress").length,
  };
}
