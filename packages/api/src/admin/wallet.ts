import { createHash } from "node:crypto";
import {
  type Database,
  ensureUserWallet,
  findTransactionByReference,
  findUserById,
  getWalletBalanceKobo,
  insertTransactionOnce,
  postJournalEntry,
  recordAdminAudit,
  type schema,
  systemAccountId,
} from "@kolo/db";
import { ADMIN_MESSAGES, DomainError, SYSTEM_ACCOUNTS, TRANSFER_MESSAGES, koboToNaira } from "@kolo/domain";
import { newReference } from "../money/reference";

export interface WalletAdjustment {
  adminId: number;
  userId: number;
  /** Kobo, > 0. */
  amountKobo: bigint;
  type: "credit" | "debit";
  description: string;
  /** A client's retry key: a repeat answers the first adjustment and moves nothing. */
  idempotencyKey?: string;
}

/** The reference of a keyed adjustment: the same admin and key land on the same unique reference. */
function keyedReference(adminId: number, key: string): string {
  return `KOLO-ADJ-K${createHash("sha256").update(`adjustment:${adminId}:${key}`).digest("hex").slice(0, 24).toUpperCase()}`;
}

/**
 * An admin's credit or debit of a user's wallet (spec 02 §7 POST /api/admin/users/{userId}/wallet;
 * DECISIONS "Admin"): in one database transaction, a completed `other` record (metadata adminId,
 * reason, direction), a journal entry between the wallet and the `adjustments` system account
 * (kolo_post_entry locks the wallet, so it composes with concurrent transfers), and the audit
 * record (balance before and after, amount, description; naira). A debit never takes the wallet
 * below zero: INSUFFICIENT_BALANCE (400), nothing written. Not a user's outgoing money, so no
 * daily limit. Errors: NOT_FOUND 'User not found'; IDEMPOTENCY_KEY_REUSED for a key reused with
 * another user, amount or type. Answers the user's new balance (naira) and the record.
 */
export async function adjustUserWallet(db: Database, params: WalletAdjustment): Promise<{ balance: number; transaction: schema.TransactionRecord; replayed: boolean }> {
  const { adminId, userId, amountKobo, type, description } = params;
  return db.transaction(async (tx) => {
    const user = await findUserById(tx, userId);
    if (!user) throw new DomainError("NOT_FOUND", ADMIN_MESSAGES.userNotFound);
    const reference = params.idempotencyKey ? keyedReference(adminId, params.idempotencyKey) : newReference("ADJ");
    const record = await insertTransactionOnce(tx, {
      type: "other",
      amount: amountKobo,
      status: "completed",
      reference,
      description,
      senderId: type === "debit" ? userId : null,
      recipientId: type === "credit" ? userId : null,
      metadata: { adminId, reason: description, direction: type },
    });
    if (!record) {
      const first = await findTransactionByReference(tx, reference);
      const meta = first?.metadata as { direction?: string } | undefined;
      if (!first || first.amount !== amountKobo || meta?.direction !== type || (first.senderId ?? first.recipientId) !== userId) {
        throw new DomainError("IDEMPOTENCY_KEY_REUSED", TRANSFER_MESSAGES.idempotencyKeyReused);
      }
      return { balance: koboToNaira(await getWalletBalanceKobo(tx, userId)), transaction: first, replayed: true };
    }
    const walletId = await ensureUserWallet(tx, userId);
    const adjustmentsId = await systemAccountId(tx, SYSTEM_ACCOUNTS.adjustments);
    const signed = type === "credit" ? amountKobo : -amountKobo;
    await postJournalEntry(tx, {
      idempotencyKey: `admin-adjustment:${reference}`,
      kind: `admin-${type}`,
      description,
      postings: [
        { accountId: walletId, amount: signed },
        { accountId: adjustmentsId, amount: -signed },
      ],
      transactionId: record.id,
    });
    const after = await getWalletBalanceKobo(tx, userId);
    await recordAdminAudit(tx, {
      adminId,
      action: type === "credit" ? "wallet_credit" : "wallet_debit",
      userId,
      subject: `user:${userId}`,
      before: { balance: koboToNaira(after - signed) },
      after: { balance: koboToNaira(after), amount: koboToNaira(amountKobo), description, reference },
    });
    return { balance: koboToNaira(after), transaction: record, replayed: false };
  });
}
