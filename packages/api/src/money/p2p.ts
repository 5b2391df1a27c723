import {
  type Database,
  type DbOrTx,
  ensureUserWallet,
  findTransactionByIdempotencyKey,
  findUserByEmail,
  patchTransactionMetadata,
  postP2PTransferIn,
  type schema,
  withIdempotencyLock,
} from "@kolo/db";
import { lagosDate, ownDailyLimitAt } from "@kolo/domain";
import { holdPendingForReview, screenMoneyOut } from "./fraud";
import { newReference } from "./reference";

type P2PParams = {
  sender: schema.User;
  recipientEmail: string;
  amountKobo: bigint;
  idempotencyKey?: string;
  narration?: string;
  now?: Date;
  deviceToken?: string;
};

/**
 * A P2P transfer that fraud monitoring holds, in `tx`, or undefined when it may proceed (or the
 * recipient is not one kolo_transfer_p2p would pay: it answers the error): the record `pending`
 * with both names, amount on hold (balance and daily limit checked by the ledger kit's kolo_hold),
 * marked fraudReview and its review item open (holdPendingForReview).
 */
async function heldP2P(tx: DbOrTx, params: P2PParams, now: Date, reference: string): Promise<schema.TransactionRecord | undefined> {
  const recipient = await findUserByEmail(tx, params.recipientEmail);
  if (!recipient || recipient.status !== "active" || recipient.id === params.sender.id) return undefined;
  const draft = {
    type: "p2p" as const,
    amount: params.amountKobo,
    status: "pending" as const,
    reference,
    description: `Transfer to ${recipient.name}`,
    senderId: params.sender.id,
    recipientId: recipient.id,
    idempotencyKey: params.idempotencyKey ?? null,
    metadata: { senderName: params.sender.name, recipientName: recipient.name },
  };
  const rules = await screenMoneyOut(tx, { ...draft, id: 0, fee: 0n, createdAt: now, updatedAt: now }, { deviceToken: params.deviceToken, now });
  if (rules.length === 0) return undefined;
  const walletAccountId = await ensureUserWallet(tx, params.sender.id);
  return holdPendingForReview(tx, draft, { payer: params.sender, walletAccountId, kind: "p2p-hold", now }, rules);
}

/**
 * User-to-user transfer (docs/product.md#qr-codes-and-p2p-transfers; docs/decisions.md: free; "Limits"). Atomic, in
 * one database transaction: fraud monitoring first (docs/product.md "Fraud controls": a hit holds
 * the transfer, `pending` under review, nothing reaches the recipient), then the ledger kit's
 * kolo_transfer_p2p: the recipient must be an active account; both wallets are locked in id order;
 * the balance and the daily limit are checked against the locked state; the record and the
 * journal entry are written together.
 * With an idempotency key, a repeat answers the first record (`replayed`, also a held one) and posts nothing.
 * Errors (DomainError): RECIPIENT_NOT_FOUND 'Recipient not found' (unknown, locked or suspended);
 * RULE_VIOLATION 'You cannot transfer money to yourself'; INSUFFICIENT_BALANCE 'Insufficient Balance';
 * DAILY_LIMIT_EXCEEDED 'Daily limit exceeded' {remainingAllowance, dailyLimit}; IDEMPOTENCY_KEY_REUSED
 * when the key was used for another request.
 * `narration` (optional, already checked by narrationSchema) is written to the record's metadata
 * as `note` right after the ledger call, on a new record only (docs/decisions/web.md "Transfer
 * narration": it moves no money, so the ledger function stays as it is).
 * `deviceToken`: the `kolo_device` cookie's token (fraud monitoring's new-device rule).
 */
export async function transferP2P(db: Database, params: P2PParams): Promise<{ transaction: schema.TransactionRecord; replayed: boolean }> {
  const now = params.now ?? new Date();
  const reference = newReference("P2P");
  const result = await db.transaction(async (tx) => {
    const send = () =>
      postP2PTransferIn(tx, {
        senderId: params.sender.id,
        recipientEmail: params.recipientEmail,
        amountKobo: params.amountKobo,
        idempotencyKey: params.idempotencyKey ?? null,
        reference,
        day: lagosDate(now),
        verificationLevel: params.sender.verificationLevel,
        ownDailyLimitKobo: ownDailyLimitAt(params.sender, now),
      });
    const key = params.idempotencyKey;
    // A repeat (also of a held transfer) is answered by kolo_transfer_p2p, which checks it is the same transfer.
    const earlier =
      key === undefined
        ? undefined
        : await withIdempotencyLock(tx, { ownerId: params.sender.id, key }, () => findTransactionByIdempotencyKey(tx, params.sender.id, key));
    if (earlier) return send();
    const held = await heldP2P(tx, params, now, reference);
    return held ? { transaction: held, replayed: false } : send();
  });
  if (result.replayed || params.narration === undefined) return result;
  return { ...result, transaction: await patchTransactionMetadata(db, result.transaction.id, "p2p", { note: params.narration }) };
}
