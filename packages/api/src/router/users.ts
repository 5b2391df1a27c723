import { findUserById } from "@kolo/db";
import { DomainError, TRANSFER_MESSAGES, recipientLookupSchema } from "@kolo/domain";
import { protectedProcedure, router } from "../trpc";

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

/** Users as other users may see them (GET /api/users/{id}; not in the spec's call tables). */
export const usersRouter = router({
  /**
   * {id} -> {id, name} of an active user, for the P2P transfer of a scanned code. Never the e-mail
   * (the transfer by id resolves it on the server). Errors: RULE_VIOLATION 'You cannot transfer
   * money to yourself' for the caller's own id; RECIPIENT_NOT_FOUND 'Recipient not found' (404)
   * for an unknown, locked or suspended account.
   */
  recipient: protectedProcedure.input(recipientLookupSchema).query(async ({ ctx, input }) => {
    const user = await resolveRecipientById(ctx.db, ctx.user.id, input.id);
    return { id: user.id, name: user.name };
  }),
});
