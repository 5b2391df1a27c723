// Admin credit and debit of a user's wallet (docs/admin-security.md "Four eyes"): one journal entry
// wallet <-> adjustments with its record and audit row; at or above the approval threshold a request
// that moves no money until another admin approves it.
import { createHash } from "node:crypto";
import {
  type Database,
  type DbOrTx,
  adjustmentApprovalThresholdKobo,
  decideAdminAdjustment,
  ensureUserWallet,
  findAdminAdjustmentByKey,
  insertAdminAdjustmentOnce,
  lockAdminAdjustment,
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
 * another user, amount or type. Answers the user's new balance (naira) and the record.
 */
export async function adjustUserWallet(
  db: Database,
  params: WalletAdjustment,
): Promise<{ balance: number; transaction: schema.TransactionRecord; replayed: boolean }> {
  return db.transaction((tx) => adjustUserWalletIn(tx, params));
}

/** adjustUserWallet inside the caller's transaction `tx` (an approval makes it with its decision). */
async function adjustUserWalletIn(
  tx: DbOrTx,
  params: WalletAdjustment,
): Promise<{ balance: number; transaction: schema.TransactionRecord; replayed: boolean }> {
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
  }
}

export type AdjustmentRequestResult =
  | { pending: false; balance: number; transaction: schema.TransactionRecord; replayed: boolean }
  | { pending: true; adjustment: schema.AdminAdjustment; replayed: boolean };

/**
 * An admin's credit or debit with four eyes (docs/admin-security.md): below the approval
 * threshold (`admin_limits.adjustment_approval_threshold`, ₦100,000 by default) it is made at once
 * (adjustUserWallet); at or above it, a pending adjustment is created, audited
 * (adjustment_request) and no money moves until a different admin approves it. A repeat with the
 * same idempotency key answers the same pending adjustment. Errors: NOT_FOUND 'User not found';
 * IDEMPOTENCY_KEY_REUSED.
 */
export async function requestWalletAdjustment(db: Database, params: WalletAdjustment): Promise<AdjustmentRequestResult> {
  const threshold = await adjustmentApprovalThresholdKobo(db);
  if (params.amountKobo < threshold) return { pending: false, ...(await adjustUserWallet(db, params)) };
  return db.transaction(async (tx) => {
    const user = await findUserById(tx, params.userId);
    if (!user) throw new DomainError("NOT_FOUND", ADMIN_MESSAGES.userNotFound);
    const values = {
      userId: params.userId,
      type: params.type,
      amount: params.amountKobo,
      description: params.description,
      createdBy: params.adminId,
      idempotencyKey: params.idempotencyKey ?? null,
    };
    const created = await insertAdminAdjustmentOnce(tx, values);
    if (!created) {
      const first = await findAdminAdjustmentByKey(tx, params.adminId, params.idempotencyKey!);
      if (!first || first.userId !== params.userId || first.amount !== params.amountKobo || first.type !== params.type) {
        throw new DomainError("IDEMPOTENCY_KEY_REUSED", TRANSFER_MESSAGES.idempotencyKeyReused);
      }
      return { pending: true as const, adjustment: first, replayed: true };
    }
    await recordAdminAudit(tx, {
      adminId: params.adminId,
      action: "adjustment_request",
      userId: params.userId,
      subject: `adjustment:${created.id}`,
      before: null,
      after: { type: params.type, amount: koboToNaira(params.amountKobo), description: params.description, status: "pending" },
    });
    return { pending: true as const, adjustment: created, replayed: false };
  });
}

/**
 * A different admin approves (the adjustment is made now, through adjustUserWallet's own rules:
 * a debit still never overdraws) or rejects a pending adjustment; the decision and its audit row
 * (adjustment_approve / adjustment_reject) are written with any money moved. Errors: NOT_FOUND
 * 'Adjustment not found'; FORBIDDEN 'Another admin must approve or reject this adjustment' for its
 * creator; CONFLICT when already decided; INSUFFICIENT_BALANCE for a debit the wallet cannot
 * cover (it stays pending).
 */
export async function decideWalletAdjustment(
  db: Database,
  params: { adminId: number; id: number; decision: "approve" | "reject" },
): Promise<{ adjustment: schema.AdminAdjustment; balance: number | null; transaction: schema.TransactionRecord | null }> {
  return db.transaction(async (tx) => {
    const adjustment = await lockAdminAdjustment(tx, params.id);
    if (!adjustment) throw new DomainError("NOT_FOUND", ADMIN_MESSAGES.adjustmentNotFound);
    if (adjustment.createdBy === params.adminId) throw new DomainError("FORBIDDEN", ADMIN_MESSAGES.adjustmentOwn);
    if (adjustment.status !== "pending") throw new DomainError("CONFLICT", ADMIN_MESSAGES.adjustmentDecided);
    let moved: { balance: number; transaction: schema.TransactionRecord } | null = null;
    if (params.decision === "approve") {
      moved = await adjustUserWalletIn(tx, {
        adminId: adjustment.createdBy,
        userId: adjustment.userId,
        amountKobo: adjustment.amount,
        type: adjustment.type,
        description: adjustment.description,
        // The adjustment's own key: an approval can never move the money twice.
        idempotencyKey: `approved-adjustment-${adjustment.id}`,
      });
    }
    const decided = await decideAdminAdjustment(tx, adjustment.id, {
      status: params.decision === "approve" ? "approved" : "rejected",
      decidedBy: params.adminId,
      transactionId: moved?.transaction.id ?? null,
    });
    await recordAdminAudit(tx, {
      adminId: params.adminId,
      action: params.decision === "approve" ? "adjustment_approve" : "adjustment_reject",
      userId: adjustment.userId,
      subject: `adjustment:${adjustment.id}`,
      before: { status: "pending" },
      after: {
        status: decided.status,
        type: adjustment.type,
        amount: koboToNaira(adjustment.amount),
        createdBy: adjustment.createdBy,
        ...(moved ? { balance: moved.balance } : {}),
      },
    });
    return { adjustment: decided, balance: moved?.balance ?? null, transaction: moved?.transaction ?? null };
  });
}
