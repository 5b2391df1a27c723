// Per-user limits on writes that cost others work (docs/decisions.md "Security, second round"):
// new support tickets, ticket replies, top-up initializations, recipient lookups, PIN-reset codes. Counted from the user's own rows,
// which every server shares, under a per-user-and-action advisory lock held by the caller's
// transaction, so concurrent requests cannot all slip under the limit.
import { and, eq, gt, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { pinResetCodeRequests, supportTickets, ticketReplies, transactions } from "../schema";

export type LimitedAction = "ticket" | "ticket_reply" | "topup" | "recipient_lookup" | "pin_reset_code";

/** The actions counted by countUserAction in a transaction of the caller's; a recipient lookup is taken in one statement (takeRecipientLookup). */
export type CountedAction = Exclude<LimitedAction, "recipient_lookup">;

/** Serialises `action` for `userId` until the end of the caller's transaction. */
export async function lockUserAction(tx: DbOrTx, userId: number, action: LimitedAction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${userId}::integer, hashtext(${`limit:${action}`}))`);
}

/**
 * How many of `action` the user did since `since`, and when the oldest of them was (null when
 * none): the limit frees up one `windowMs` after that.
 */
export async function countUserAction(tx: DbOrTx, userId: number, action: CountedAction, since: Date): Promise<{ count: number; oldest: Date | null }> {
  const at = since.toISOString();
  const query =
    action === "ticket"
      ? tx
          .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${supportTickets.createdAt})` })
          .from(supportTickets)
          .where(and(eq(supportTickets.userId, userId), gt(supportTickets.createdAt, sql`${at}::timestamptz`)))
      : action === "ticket_reply"
        ? tx
            .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${ticketReplies.createdAt})` })
            .from(ticketReplies)
            .where(and(eq(ticketReplies.userId, userId), gt(ticketReplies.createdAt, sql`${at}::timestamptz`)))
        : action === "pin_reset_code"
          ? tx
              .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${pinResetCodeRequests.createdAt})` })
              .from(pinResetCodeRequests)
              .where(and(eq(pinResetCodeRequests.userId, userId), gt(pinResetCodeRequests.createdAt, sql`${at}::timestamptz`)))
          : tx
              .select({ count: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${transactions.createdAt})` })
              .from(transactions)
              .where(and(eq(transactions.type, "topup"), eq(transactions.recipientId, userId), gt(transactions.createdAt, sql`${at}::timestamptz`)));
  const [row] = await query;
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}

/**
 * Takes one recipient lookup of `userId` when fewer than `max` were taken after `since`, in one
 * statement (kolo_take_recipient_lookup, migration 0057_take_recipient_lookup): under the same
 * lock as lockUserAction(…, "recipient_lookup"), counts the window and writes the lookup's row
 * when there is room, in one round trip where a transaction of its own took five. Answers whether
 * it was taken and the window's oldest lookup (for the time until one frees up).
 */
export async function takeRecipientLookup(db: DbOrTx, userId: number, since: Date, max: number): Promise<{ taken: boolean; oldest: Date | null }> {
  const rows = (await db.execute(
    sql`select taken, oldest from kolo_take_recipient_lookup(${userId}::integer, ${since.toISOString()}::timestamptz, ${max}::integer)`,
  )) as unknown as { taken: boolean; oldest: string | Date | null }[];
  const row = rows[0];
  if (!row) throw new Error("kolo_take_recipient_lookup returned no row");
  return { taken: row.taken, oldest: row.oldest === null ? null : new Date(row.oldest) };
}

/** Records one PIN-reset code sent to `userId` at `at` (counted by the `pin_reset_code` limit). */
export async function recordPinResetCodeRequest(tx: DbOrTx, userId: number, at: Date): Promise<void> {
  await tx.insert(pinResetCodeRequests).values({ userId, createdAt: at });
}
