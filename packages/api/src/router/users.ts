import { type Database, type DbOrTx, findActiveUsersByPhone, findUserByEmail, findUserById, type schema, takeRecipientLookup } from "@kolo/db";
import { DomainError, TRANSFER_MESSAGES, parseRecipient, recipientLookupSchema, recipientQuerySchema } from "@kolo/domain";
import type { Services } from "../services";
import { protectedProcedure, router } from "../trpc";
import { USER_LIMITS, tooManyRequests } from "../user-limits";
import * as out from "./users.types";

/**
 * The recipient a scanned P2P code names (docs/product.md#qr-codes-and-p2p-transfers: p2p ->
 * /transfer?userId&amount). The QR's own `name` is only a hint: the page shows this name, from the server.
 */
export async function resolveRecipientById(db: Parameters<typeof findUserById>[0], senderId: number, recipientId: number) {
  if (recipientId === senderId) throw new DomainError("RULE_VIOLATION", TRANSFER_MESSAGES.toSelf);
  const user = await findUserById(db, recipientId);
  // Locked and suspended accounts cannot receive (as kolo_transfer_p2p refuses them by e-mail).
  if (!user || user.status !== "active") throw new DomainError("RECIPIENT_NOT_FOUND", TRANSFER_MESSAGES.recipientNotFound);
  return user;
}

/**
 * The active user an e-mail or a Nigerian phone number names, for a P2P transfer
 * (docs/product.md#qr-codes-and-p2p-transfers). A phone number two accounts share names nobody:
 * the payer is asked for the e-mail instead. Errors: RULE_VIOLATION 'You cannot transfer money to
 * yourself'; RECIPIENT_NOT_FOUND 'Recipient not found' (unknown, shared, locked or suspended).
 */
export async function resolveRecipient(db: DbOrTx, senderId: number, recipient: { email: string } | { phone: string }) {
  const candidates = "email" in recipient ? [await findUserByEmail(db, recipient.email)] : await findActiveUsersByPhone(db, recipient.phone);
  const user = candidates.length === 1 ? candidates[0] : undefined;
  if (!user || user.status !== "active") throw new DomainError("RECIPIENT_NOT_FOUND", TRANSFER_MESSAGES.recipientNotFound);
  if (user.id === senderId) throw new DomainError("RULE_VIOLATION", TRANSFER_MESSAGES.toSelf);
  return user;
}

/** Who a payer names: an e-mail, a Nigerian phone number (`0` + 10 digits) or a user id (a scanned P2P code). */
export type RecipientName = { email: string } | { phone: string } | { id: number };

/**
 * The one way a caller learns who an e-mail, a phone number or a user id names: users.lookup,
 * users.recipient and transfers.p2p (REST and tRPC, by e-mail, phone or scanned code) all come
 * here. Each call counts against the caller's `recipient_lookup` limit (30 in 10 minutes,
 * USER_LIMITS; docs/decisions.md "Per-user caps"), found or not, in one statement of its own
 * before anything is read, so neither the name nor 404-against-400 can enumerate users. Answers
 * the active user. Errors: RATE_LIMITED (429) 'Too many requests' {retryAfterSeconds}; those of
 * resolveRecipient and resolveRecipientById.
 */
export async function resolveRecipientCounted(
  db: Database,
  limits: Services["userLimits"],
  sender: Pick<schema.User, "id">,
  recipient: RecipientName,
): Promise<schema.User> {
  // One statement: the user's lock for the action, the window's count and the new row (takeRecipientLookup).
  const now = new Date();
  const { max, windowMs } = limits?.recipient_lookup ?? USER_LIMITS.recipient_lookup;
  const { taken, oldest } = await takeRecipientLookup(db, sender.id, new Date(now.getTime() - windowMs), max);
  if (!taken) throw tooManyRequests(oldest, windowMs, now);
  return "id" in recipient ? resolveRecipientById(db, sender.id, recipient.id) : resolveRecipient(db, sender.id, recipient);
}

/** Users as other users may see them (GET /api/users/{id}; not in the spec's call tables). */
export const usersRouter = router({
  /**
   * {id} -> {id, name} of an active user, for the P2P transfer of a scanned code. Never the e-mail
   * (the transfer by id resolves it on the server). Errors: RULE_VIOLATION 'You cannot transfer
   * money to yourself' for the caller's own id; RECIPIENT_NOT_FOUND 'Recipient not found' (404)
   * for an unknown, locked or suspended account; RATE_LIMITED (429) 'Too many requests' past the
   * lookup limit (counted: resolveRecipientCounted).
   */
  recipient: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/users/:id",
        tag: "Transfers",
        summary: "The recipient of a scanned P2P code: id and name",
        description: "docs/product.md#qr-codes-and-p2p-transfers; counts against the 30 lookups in 10 minutes per user.",
        errors: [404, 429],
      },
    })
    .input(recipientLookupSchema)
    .output(out.namedRecipient)
    .query(async ({ ctx, input }) => {
      const user = await resolveRecipientCounted(ctx.db, ctx.services.userLimits, ctx.user, { id: input.id });
      return { id: user.id, name: user.name };
    }),

  /**
   * {recipient: e-mail or Nigerian phone number} -> {id, name}: who a P2P transfer would reach,
   * shown as 'Send to {name}' before sending (GET /api/users/lookup). Every lookup counts against
   * the caller's limit (30 in 10 minutes, docs/decisions.md), found or not, so the lookup cannot
   * enumerate users. Errors: VALIDATION 'Please enter a valid email or Nigerian phone number';
   * RATE_LIMITED (429) 'Too many requests'; and those of resolveRecipient.
   */
  lookup: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/users/lookup",
        tag: "Transfers",
        summary: "Who an e-mail or a Nigerian phone number names: id and name, shown as 'Send to {name}' before a transfer",
        description: "docs/product.md#qr-codes-and-p2p-transfers; 30 lookups in 10 minutes per user, found or not.",
        errors: [404, 429],
      },
    })
    .input(recipientQuerySchema)
    .output(out.namedRecipient)
    .query(async ({ ctx, input }) => {
      const recipient = parseRecipient(input.recipient);
      if (!recipient) throw new DomainError("VALIDATION", TRANSFER_MESSAGES.invalidRecipient, { recipient: [TRANSFER_MESSAGES.invalidRecipient] });
      const user = await resolveRecipientCounted(ctx.db, ctx.services.userLimits, ctx.user, recipient);
      return { id: user.id, name: user.name };
    }),
});
