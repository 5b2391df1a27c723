// The approvals queue (docs/admin-security.md "Approvals"): the privileged acts that wait for a
// second admin, and the decision that carries one out exactly as its request would have been.
import {
  type Database,
  type DbOrTx,
  adjustmentApprovalThresholdKobo,
  adminRoleSettled,
  decideApprovalRow,
  findReviewItem,
  findTransactionById,
  lockApproval,
  recordAdminAudit,
  type schema,
  setAdjustmentApprovalThresholdKobo,
  readFraudControls,
  writeFraudControls,
} from "@kolo/db";
import {
  ADMIN_MESSAGES,
  DomainError,
  type FraudControls,
  auditKobo,
  formatKobo,
  fraudControlsAudit,
  fraudControlsFromPayload,
  fraudControlsPayload,
  fraudControlsSummary,
} from "@kolo/domain";
import { adjustUserWalletIn } from "../money/adjustments";
import { endLienIn } from "../money/claims";
import { resolveReview } from "../money/reviews";
import type { Services } from "../services";
import { approvalAuditAction, approvalAuditSubject, requestApproval } from "./approval-requests";
import { moveTransaction } from "./transactions";
import { changeUserRoleIn } from "./users";

type ApprovalServices = Pick<Services, "paymentGateway" | "banking" | "purchases" | "jobs" | "log" | "mailer" | "publicUrl" | "now">;

/** What an act answers when it waits: 202 on REST (docs/admin-security.md "Approvals"). */
export interface PendingApproval {
  pending: true;
  approvalId: number;
  message: string;
}

const pendingAnswer = (approval: schema.AdminApproval): PendingApproval => ({
  pending: true,
  approvalId: approval.id,
  message: ADMIN_MESSAGES.approvalPending,
});

/**
 * PATCH /api/admin/settings/adjustment_approval_threshold {value}: every change of a money setting
 * waits for a second admin; the value in force holds until then (docs/admin-security.md
 * "Approvals"). The only money setting an admin can change is this threshold: fees and limits are
 * fixed in @kolo/domain (docs/decisions.md). `valueKobo` is kobo.
 */
export async function requestThresholdChange(db: Database, params: { adminId: number; valueKobo: bigint }): Promise<PendingApproval> {
  const current = await adjustmentApprovalThresholdKobo(db);
  const { approval } = await requestApproval(db, {
    kind: "setting",
    userId: null,
    amount: null,
    summary: `Approval threshold: ${formatKobo(current)} → ${formatKobo(params.valueKobo)}`,
    payload: { key: "adjustment_approval_threshold", valueKobo: params.valueKobo.toString() },
    createdBy: params.adminId,
    idempotencyKey: null,
  });
  return pendingAnswer(approval);
}

/**
 * PATCH /api/admin/settings/fraud: a change of the fraud controls (monitoring's switch and
 * thresholds, the first-day cap; docs/product.md "Fraud controls") waits for a second admin like
 * every money setting, the values in force holding until then (docs/admin-security.md
 * "Approvals"). `changes` as fraudControlsUpdateSchema parsed them (kobo for the floor and the
 * cap); fields already at their value are left out. Errors: BAD_REQUEST 'Nothing to change' when
 * every field already holds its value.
 */
export async function requestFraudControlsChange(db: Database, params: { adminId: number; changes: Partial<FraudControls> }): Promise<PendingApproval> {
  const current = await readFraudControls(db);
  const changes = Object.fromEntries(
    Object.entries(params.changes).filter(([field, value]) => current[field as keyof FraudControls] !== value),
  ) as Partial<FraudControls>;
  if (Object.keys(changes).length === 0) throw new DomainError("VALIDATION", ADMIN_MESSAGES.fraudControlsUnchanged);
  const { approval } = await requestApproval(db, {
    kind: "setting",
    userId: null,
    amount: null,
    summary: fraudControlsSummary(current, changes),
    payload: { key: "fraud_controls", changes: fraudControlsPayload(changes) },
    createdBy: params.adminId,
    idempotencyKey: null,
  });
  return pendingAnswer(approval);
}

/**
 * POST /api/admin/reviews/{id}/resolve with action credit, or release / reject of a payment held by
 * fraud monitoring (docs/product.md "Fraud controls"): an open item whose amount is at or above the
 * approval threshold waits for a second admin (kind review_credit, the action in its payload); null
 * when it does not wait (below the threshold, another action, or an item resolveReview itself refuses).
 */
export async function reviewCreditApproval(
  db: Database,
  params: { adminId: number; id: number; action: string; note: string },
): Promise<PendingApproval | null> {
  const action = params.action;
  if (action !== "credit" && action !== "release" && action !== "reject") return null;
  const item = await findReviewItem(db, params.id);
  if (!item || item.status !== "open" || item.amount < (await adjustmentApprovalThresholdKobo(db))) return null;
  if ((action === "credit") === (item.kind === "fraud")) return null;
  const { approval } = await requestApproval(db, {
    kind: "review_credit",
    userId: item.userId,
    amount: item.amount,
    summary:
      action === "credit"
        ? `Review credit of ${formatKobo(item.amount)}: ${item.reference}`
        : `Held payment ${action} of ${formatKobo(item.amount)}: ${item.reference}`,
    payload: { reviewId: item.id, note: params.note, ...(action === "credit" ? {} : { action }) },
    createdBy: params.adminId,
    idempotencyKey: null,
  });
  return pendingAnswer(approval);
}

/**
 * POST /api/admin/transactions/update-status with force: a movable transaction at or above the
 * approval threshold waits for a second admin (kind forced_move); null when it does not wait
 * (no force, below the threshold, or a record moveTransaction itself refuses).
 */
export async function forcedMoveApproval(
  db: Database,
  params: { adminId: number; id: number; status: "completed" | "failed"; force?: boolean; reason?: string },
): Promise<PendingApproval | null> {
  if (!params.force) return null;
  const record = await findTransactionById(db, params.id);
  if (!record || (record.status !== "pending" && record.status !== "processing")) return null;
  if (record.amount < (await adjustmentApprovalThresholdKobo(db))) return null;
  const { approval } = await requestApproval(db, {
    kind: "forced_move",
    userId: record.senderId ?? record.recipientId,
    amount: record.amount,
    summary: `Forced ${params.status === "completed" ? "Complete" : "Fail"} of ${formatKobo(record.amount)}: ${record.reference}`,
    payload: { transactionId: record.id, status: params.status, reason: params.reason ?? "" },
    createdBy: params.adminId,
    idempotencyKey: null,
  });
  return pendingAnswer(approval);
}

interface CarriedOut {
  /** Kobo. */
  balance: bigint | null;
  transaction: schema.TransactionRecord | null;
  /** More fields of the decision's audit row. */
  audit: Record<string, unknown>;
}

/**
 * Carries out an approved request as its request would have been, by the approver `adminId`:
 * in `tx` for adjustments, settings and roles; a review credit or forced move goes through
 * resolveReview / moveTransaction (which ask the provider first, with their own transactions)
 * while `tx` keeps the approval locked.
 */
async function carryOut(tx: DbOrTx, db: Database, services: ApprovalServices, approval: schema.AdminApproval, adminId: number): Promise<CarriedOut> {
  const payload = approval.payload;
  switch (approval.kind) {
    case "adjustment": {
      if (!("type" in payload) || approval.userId === null || approval.amount === null) break;
      const moved = await adjustUserWalletIn(tx, {
        adminId: approval.createdBy,
        userId: approval.userId,
        amountKobo: approval.amount,
        type: payload.type,
        description: payload.description,
        // The approval's own key: an approval can never move the money twice.
        idempotencyKey: `approved-adjustment-${approval.id}`,
        approvalId: approval.id,
        approvedBy: adminId,
      });
      return { balance: moved.balance, transaction: moved.transaction, audit: { balanceKobo: auditKobo(moved.balance) } };
    }
    case "setting": {
      if ("changes" in payload) {
        const changes = fraudControlsFromPayload(payload.changes);
        const fields = Object.keys(changes) as (keyof FraudControls)[];
        const { before, after } = await writeFraudControls(tx, changes);
        await recordAdminAudit(tx, {
          adminId,
          action: "setting",
          subject: "setting:fraud_controls",
          before: fraudControlsAudit(before, fields),
          after: { ...fraudControlsAudit(after, fields), requestedBy: approval.createdBy, approvalId: approval.id },
        });
        return { balance: null, transaction: null, audit: { changes: fraudControlsAudit(after, fields) } };
      }
      if (!("valueKobo" in payload)) break;
      const value = BigInt(payload.valueKobo);
      const before = await setAdjustmentApprovalThresholdKobo(tx, value);
      await recordAdminAudit(tx, {
        adminId,
        action: "setting",
        subject: `setting:${payload.key}`,
        before: { valueKobo: auditKobo(before) },
        after: { valueKobo: auditKobo(value), requestedBy: approval.createdBy, approvalId: approval.id },
      });
      return { balance: null, transaction: null, audit: { valueKobo: auditKobo(value) } };
    }
    case "role": {
      if (!("role" in payload) || approval.userId === null) break;
      await changeUserRoleIn(tx, { adminId, userId: approval.userId, role: payload.role, requestedBy: approval.createdBy });
      return { balance: null, transaction: null, audit: { role: payload.role } };
    }
    case "review_credit": {
      if (!("reviewId" in payload)) break;
      const action = payload.action ?? "credit";
      await resolveReview(db, services, { adminId, id: payload.reviewId, action, note: payload.note });
      return { balance: null, transaction: null, audit: { reviewId: payload.reviewId, ...(action === "credit" ? {} : { action }) } };
    }
    case "forced_move": {
      if (!("transactionId" in payload)) break;
      const moved = await moveTransaction(db, services, { adminId, id: payload.transactionId, status: payload.status, force: true, reason: payload.reason });
      return { balance: null, transaction: moved, audit: { transactionId: moved.id, status: moved.status } };
    }
    case "claim": {
      if (!("claimId" in payload)) break;
      const refund = await endLienIn(tx, services, {
        adminId,
        id: payload.claimId,
        act: payload.act,
        approvalId: approval.id,
        requestedBy: approval.createdBy,
      });
      return { balance: null, transaction: refund, audit: { claimId: payload.claimId, act: payload.act } };
    }
  }
  throw new DomainError("CONFLICT", ADMIN_MESSAGES.approvalDecided);
}

/**
 * A second admin approves or rejects a pending approval (POST /api/admin/approvals/{id}/approve |
 * reject {note}; the adjustments' own paths pass `kind: "adjustment"`), docs/admin-security.md
 * "Approvals". Who may decide: not its requester (FORBIDDEN 'Another admin must approve or reject
 * this adjustment|request'; a CHECK says the same), not its subject (FORBIDDEN 'An admin cannot
 * decide a request that concerns their own account'; a CHECK too), and not an admin whose role was
 * granted less than 24 h ago (FORBIDDEN). Approving carries the request out (carryOut) with the
 * approver as the acting admin; the decision and its audit row (adjustment_|approval_approve or
 * _reject, naming the requester and the note) are written only if it succeeded, so a refused act
 * (a debit the wallet cannot cover, a provider that disagrees) leaves it pending. Errors:
 * NOT_FOUND; FORBIDDEN; CONFLICT once decided; the act's own errors.
 */
export async function decideApproval(
  db: Database,
  services: ApprovalServices,
  params: { adminId: number; id: number; decision: "approve" | "reject"; note?: string; kind?: schema.ApprovalKind },
): Promise<{ approval: schema.AdminApproval; balance: bigint | null; transaction: schema.TransactionRecord | null }> {
  const adjustmentPath = params.kind === "adjustment";
  return db.transaction(async (tx) => {
    const approval = await lockApproval(tx, params.id);
    if (!approval || (params.kind && approval.kind !== params.kind)) {
      throw new DomainError("NOT_FOUND", adjustmentPath ? ADMIN_MESSAGES.adjustmentNotFound : ADMIN_MESSAGES.approvalNotFound);
    }
    const isAdjustment = approval.kind === "adjustment";
    if (approval.createdBy === params.adminId) throw new DomainError("FORBIDDEN", isAdjustment ? ADMIN_MESSAGES.adjustmentOwn : ADMIN_MESSAGES.approvalOwn);
    if (approval.userId === params.adminId) throw new DomainError("FORBIDDEN", ADMIN_MESSAGES.approvalSubject);
    if (!(await adminRoleSettled(tx, params.adminId))) throw new DomainError("FORBIDDEN", ADMIN_MESSAGES.approvalNewAdmin);
    if (approval.status !== "pending") throw new DomainError("CONFLICT", isAdjustment ? ADMIN_MESSAGES.adjustmentDecided : ADMIN_MESSAGES.approvalDecided);
    const done = params.decision === "approve" ? await carryOut(tx, db, services, approval, params.adminId) : null;
    const decided = await decideApprovalRow(tx, approval.id, {
      status: params.decision === "approve" ? "approved" : "rejected",
      decidedBy: params.adminId,
      note: params.note || null,
      transactionId: done?.transaction?.id ?? null,
    });
    await recordAdminAudit(tx, {
      adminId: params.adminId,
      action: approvalAuditAction(approval.kind, params.decision),
      userId: approval.userId,
      subject: approvalAuditSubject(approval),
      before: { status: "pending" },
      after: {
        status: decided.status,
        kind: approval.kind,
        summary: approval.summary,
        amountKobo: approval.amount === null ? null : auditKobo(approval.amount),
        ...("type" in approval.payload ? { type: approval.payload.type } : {}),
        createdBy: approval.createdBy,
        note: decided.note,
        ...done?.audit,
      },
    });
    return { approval: decided, balance: done?.balance ?? null, transaction: done?.transaction ?? null };
  });
}
