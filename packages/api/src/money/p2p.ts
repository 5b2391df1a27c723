import { type Database, patchTransactionMetadata, postP2PTransfer, type schema } from "@kolo/db";
import { lagosDate, ownDailyLimitAt } from "@kolo/domain";
import { newReference } from "./reference";

/**
 * User-to-user transfer (docs/product.md#qr-codes-and-p2p-transfers; docs/decisions.md: free; "Limits"). Atomic and
 * in one round trip to the database (the ledger kit's kolo_transfer_p2p): the recipient must be
 * an active account; both wallets are locked in id order; the balance and the daily limit are
 * checked against the locked state; the record and the journal entry are written together.
 * With an idempotency key, a repeat answers the first record (`replayed`) and posts nothing.
 * Errors (DomainError): RECIPIENT_NOT_FOUND 'Recipient not found' (unknown, locked or suspended);
 * RULE_VIOLATION 'You cannot transfer money to yourself'; INSUFFICIENT_BALANCE 'Insufficient Balance';
 * DAILY_LIMIT_EXCEEDED 'Daily limit exceeded' {remainingAllowance, dailyLimit}; IDEMPOTENCY_KEY_REUSED
 * when the key was used for another request.
 * `narration` (optional, already checked by narrationSchema) is written to the record's metadata
 * as `note` right after the ledger call, on a new record only (docs/decisions/web.md "Transfer
 * narration": it moves no money, so the ledger function stays as it is).
 */
export async function transferP2P(
  db: Database,
  params: { sender: schema.User; recipientEmail: string; amountKobo: bigint; idempotencyKey?: string; narration?: string; now?: Date },
): Promise<{ transaction: schema.TransactionRecord; replayed: boolean }> {
  const now = params.now ?? new Date();
  const result = await postP2PTransfer(db, {
    senderId: params.sender.id,
    recipientEmail: params.recipientEmail,
    amountKobo: params.amountKobo,
    idempotencyKey: params.idempotencyKey ?? null,
    reference: newReference("P2P"),
    day: lagosDate(now),
    verificationLevel: params.sender.verificationLevel,
    ownDailyLimitKobo: ownDailyLimitAt(params.sender, now),
  });
  if (result.replayed || params.narration === undefined) return result;
  return { ...result, transaction: await patchTransactionMetadata(db, result.transaction.id, "p2p", { note: params.narration }) };
}
