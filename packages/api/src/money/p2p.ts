import {
  type Database,
  findTransactionByIdempotencyKey,
  findUserByEmail,
  insertTransaction,
  lockUserWallets,
  postJournalEntry,
  type schema,
  sumOutgoingSince,
} from "@kolo/db";
import { DomainError, INSUFFICIENT_BALANCE, TRANSFER_MESSAGES, assertWithinDailyLimit, startOfLagosDay } from "@kolo/domain";
import { newReference } from "./reference";

function sameRequest(record: schema.TransactionRecord, recipientId: number, amountKobo: bigint) {
  if (record.recipientId !== recipientId || record.amount !== amountKobo) {
    throw new DomainError("IDEMPOTENCY_KEY_REUSED", TRANSFER_MESSAGES.idempotencyKeyReused);
  }
  return record;
}

/**
 * User-to-user transfer (spec 02 "/transfer/p2p"; DECISIONS "Fees": free; "Limits"). Atomic:
 * in one database transaction it locks both wallets in id order, checks the balance and the daily
 * limit against the locked state, posts the journal entry and writes the transaction record.
 * With an idempotency key, a repeat answers the first record and posts nothing.
 * Errors: NOT_FOUND 'Recipient not found'; BAD_REQUEST 'You cannot transfer money to yourself',
 * 'Insufficient Balance', 'Daily limit exceeded'; CONFLICT when the key was used for another request.
 */
export async function transferP2P(
  db: Database,
  params: { sender: schema.User; recipientEmail: string; amountKobo: bigint; idempotencyKey?: string; now?: Date },
): Promise<{ transaction: schema.TransactionRecord; replayed: boolean }> {
  const { sender, amountKobo, idempotencyKey } = params;
  const recipient = await findUserByEmail(db, params.recipientEmail);
  if (!recipient) throw new DomainError("RECIPIENT_NOT_FOUND", TRANSFER_MESSAGES.recipientNotFound);
  if (recipient.id === sender.id) throw new DomainError("RULE_VIOLATION", TRANSFER_MESSAGES.toSelf);

  return db.transaction(async (tx) => {
    // One pipeline: lock both wallets, then (executed after the lock is held) look for an
    // earlier or concurrent request with the same key and sum today's outgoing money.
    const [{ walletByUser, accounts }, existing, spentToday] = await Promise.all([
      lockUserWallets(tx, [sender.id, recipient.id]),
      idempotencyKey ? findTransactionByIdempotencyKey(tx, sender.id, idempotencyKey) : undefined,
      sumOutgoingSince(tx, sender.id, startOfLagosDay(params.now ?? new Date())),
    ]);
    if (existing) return { transaction: sameRequest(existing, recipient.id, amountKobo), replayed: true };
    const senderWallet = walletByUser.get(sender.id)!;
    const recipientWallet = walletByUser.get(recipient.id)!;
    if ((accounts.get(senderWallet)?.balance ?? 0n) < amountKobo) throw new DomainError("INSUFFICIENT_BALANCE", INSUFFICIENT_BALANCE);
    assertWithinDailyLimit(sender.verificationLevel, spentToday, amountKobo);

    const reference = newReference("P2P");
    const posted = await postJournalEntry(
      tx,
      {
        idempotencyKey: idempotencyKey ? `p2p:${sender.id}:${idempotencyKey}` : `p2p:${reference}`,
        kind: "p2p",
        description: `P2P ${reference}`,
        postings: [
          { accountId: senderWallet, amount: -amountKobo },
          { accountId: recipientWallet, amount: amountKobo },
        ],
      },
      {
        locked: accounts,
        alongside: (journalEntryId) =>
          insertTransaction(tx, {
            type: "p2p",
            amount: amountKobo,
            status: "completed",
            reference,
            description: `Transfer to ${recipient.name}`,
            senderId: sender.id,
            recipientId: recipient.id,
            metadata: { senderName: sender.name, senderEmail: sender.email, recipientName: recipient.name, recipientEmail: recipient.email },
            journalEntryId,
            idempotencyKey: idempotencyKey ?? null,
          }),
      },
    );
    if (!posted.alongside) throw new Error(`P2P ${reference} was not posted`);
    return { transaction: posted.alongside, replayed: false };
  });
}
