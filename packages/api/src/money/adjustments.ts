// Admin credit and debit of a user's wallet (docs/admin-security.md "Four eyes"): one journal entry
// wallet <-> adjustments with its record and audit row; at or above the approval threshold a request
// that moves no money until another admin approves it.
import { createHash } from "node:crypto";
import {
  type Database,
  type DbOrTx,
  adjustmentApprovalThresholdKobo,
  ensureUserWallet,
  findApprovalByKey,
  findTransactionByReference,
  findUserById,
  getWalletBalanceKobo,
  insertTransactionOnce,
  postJournalEntry,
  recordAdminAudit,
  type schema,
  systemAccountId,
  unapprovedAdjustmentsKobo,
  withIdempotencyLock,
} from "@kolo/db";
import { ADMIN_MESSAGES, DomainError, SYSTEM_ACCOUNTS, TRANSFER_MESSAGES, auditKobo, formatKobo } from "@kolo/domain";
import { requestApprovalIn } from "../admin/approval-requests";
import { newReference } from "./reference";

export interface WalletAdjustment {
  adminId: number;
  userId: number;
  /** Kobo, > 0. */
  amountKobo: bigint;
  type: "credit" | "debit";
  description: string;
  /** A client's retry key: a repeat answers the first adjustment and moves nothing. */
  idempotencyKey?: string;
  /** The approval this adjustment carries out (kept in the record's metadata: approved by a second admin). */
  approvalId?: number;
  /** The admin who approved it (kept in the audit row beside `adminId`, the requester). */
  approvedBy?: number;
}

/** The reference of a keyed adjustment: the same admin and key land on the same unique reference. */
function keyedReference(adminId: number, key: string): string {
  return `KOLO-ADJ-K${createHash("sha256").update(`adjustment:${adminId}:${key}`).digest("hex").slice(0, 24).toUpperCase()}`;
}

/**
 * An admin's credit or debit of a user's wallet (docs/product.md POST /api/admin/users/{userId}/wallet;
 * docs/decisions.md): in one database transaction, a completed `other` record (metadata adminId,
 * reason, direction), a journal entry between the wallet and the `adjustments` system account
 * (kolo_post_entry locks the wallet, so it composes with concurrent transfers), and the audit
 * record (balance before and after, amount, description; naira). A debit never takes the wallet
 * below zero: INSUFFICIENT_BALANCE (400), nothing written. Not a user's outgoing money, so no
 * daily limit. Errors: NOT_FOUND 'User not found'; IDEMPOTENCY_KEY_REUSED for a key reused with
 * another user, amount or type. Answers the user's new balance (naira) and the record. Runs in the
 * caller's transaction `tx` (a request with its threshold check, an approval with its decision).
 */
export async function adjustUserWalletIn(
  tx: DbOrTx,
  params: WalletAdjustment,
): Promise<{ balance: bigint; transaction: schema.TransactionRecord; replayed: boolean }> {
  const { adminId, userId, amountKobo, type, description } = params;
  {
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
      metadata: { adminId, reason: description, direction: type, ...(params.approvalId ? { approvalId: params.approvalId } : {}) },
    });
    if (!record) {
      const first = await findTransactionByReference(tx, reference);
      const meta = first?.metadata as { direction?: string } | undefined;
      if (!first || first.amount !== amountKobo || meta?.direction !== type || (first.senderId ?? first.recipientId) !== userId) {
        throw new DomainError("IDEMPOTENCY_KEY_REUSED", TRANSFER_MESSAGES.idempotencyKeyReused);
      }
      return { balance: await getWalletBalanceKobo(tx, userId), transaction: first, replayed: true };
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
      before: { balanceKobo: auditKobo(after - signed) },
      after: {
        balanceKobo: auditKobo(after),
        amountKobo: auditKobo(amountKobo),
        description,
        reference,
        ...(params.approvedBy ? { approvalId: params.approvalId, approvedBy: params.approvedBy } : {}),
      },
    });
    return { balance: after, transaction: record, replayed: false };
  }
}

export type AdjustmentRequestResult =
  | { pending: false; balance: bigint; transaction: schema.TransactionRecord; replayed: boolean }
  | { pending: true; adjustment: schema.AdminApproval; replayed: boolean };

/**
 * An admin's credit or debit with four eyes (docs/admin-security.md "Four eyes"): made at once
 * (adjustUserWalletIn) while this admin's adjustments to this user over the last 24 hours, this
 * one included, stay below the approval threshold (`admin_limits.adjustment_approval_threshold`,
 * ₦100,000 by default), so a large credit split into smaller ones waits as one would; otherwise a
 * pending approval (kind adjustment) is created, audited (adjustment_request), and no money moves
 * until a different admin approves it. Requests of one admin for one user are serialised (advisory
 * lock), so concurrent halves cannot both slip under. A repeat with the same idempotency key answers
 * the first answer. Errors: NOT_FOUND 'User not found'; IDEMPOTENCY_KEY_REUSED.
 */
export async function requestWalletAdjustment(db: Database, params: WalletAdjustment): Promise<AdjustmentRequestResult> {
  return db.transaction((tx) =>
    withIdempotencyLock(tx, { ownerId: params.adminId, key: `admin-adjustment:${params.userId}` }, async () => {
      if (params.idempotencyKey) {
        // A retry answers what the first request did, whatever has been adjusted since.
        if (await findTransactionByReference(tx, keyedReference(params.adminId, params.idempotencyKey))) {
          return { pending: false as const, ...(await adjustUserWalletIn(tx, params)) };
        }
        if (await findApprovalByKey(tx, params.adminId, params.idempotencyKey)) return pendingAdjustment(tx, params);
      }
      const user = await findUserById(tx, params.userId);
      if (!user) throw new DomainError("NOT_FOUND", ADMIN_MESSAGES.userNotFound);
      const threshold = await adjustmentApprovalThresholdKobo(tx);
      const earlier = await unapprovedAdjustmentsKobo(tx, { adminId: params.adminId, userId: params.userId });
      if (earlier + params.amountKobo < threshold) return { pending: false as const, ...(await adjustUserWalletIn(tx, params)) };
      return pendingAdjustment(tx, params);
    }),
  );
}

/** The pending approval of an adjustment (created, or the first one for a repeated key). */
async function pendingAdjustment(tx: DbOrTx, params: WalletAdjustment): Promise<AdjustmentRequestResult> {
  const { approval, replayed } = await requestApprovalIn(tx, {
    kind: "adjustment",
    userId: params.userId,
    amount: params.amountKobo,
    summary: `${params.type === "credit" ? "Credit" : "Debit"} of ${formatKobo(params.amountKobo)}: ${params.description}`.slice(0, 500),
    payload: { type: params.type, description: params.description },
    createdBy: params.adminId,
    idempotencyKey: params.idempotencyKey ?? null,
  });
  return { pending: true as const, adjustment: approval, replayed };
}
