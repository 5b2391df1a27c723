// An admin's Complete or Fail on an open transaction (docs/product.md#admin-console
// POST /api/admin/transactions/update-status; docs/decisions.md; docs/money-integrity.md "Admin
// moves"). The provider is asked first, outside any database transaction; the move then goes
// through the same outcome function a webhook or the requery job calls, with its audit record in
// the same database transaction.
import {
  type Database,
  type DbOrTx,
  findTransactionById,
  lockHoldForTransaction,
  openReviewItem,
  recordAdminAudit,
  type schema,
  updateTransaction,
} from "@kolo/db";
import { ADMIN_MESSAGES, DomainError, isPurchaseType, auditKobo } from "@kolo/domain";
import { applyPayoutOutcomeIn } from "../money/payouts";
import { applyPurchaseAnswerIn } from "../money/purchases";
import { settleTopUpIn } from "../money/topup";
import { type PayoutNoticeServices, sendPayoutEndNotice } from "../money/payout-notice";
import { payoutOutcome, PaymentGatewayError, type VerifiedCharge } from "@kolo/providers";
import type { Services } from "../services";

const MOVABLE = new Set<schema.TransactionRecord["status"]>(["pending", "processing"]);

/** What the provider said about a record, reduced to what an admin move needs. */
type ProviderWord = "success" | "failed" | "reversed" | "pending" | "missing" | "unreachable";

interface ProviderAnswer {
  word: ProviderWord;
  /** The provider's own words, for the 409 details, the audit row and a review item. */
  status: string;
  /** A top-up's verified charge (Complete credits it through settleTopUpIn). */
  charge?: VerifiedCharge;
}

/** Answers meaning "no such record": Paystack 400 'Transaction reference not found' (charges) or 404, the sandbox 404. */
const isUnknown = (error: unknown, statuses: number[]) => error instanceof PaymentGatewayError && error.status !== undefined && statuses.includes(error.status);
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

type MoveServices = Pick<Services, "paymentGateway" | "banking" | "purchases"> & PayoutNoticeServices;

/** Asks the provider about `record` (no database connection held): Paystack verify for top-ups and payouts, VTpass requery for purchases. */
async function askProvider(services: MoveServices, record: schema.TransactionRecord): Promise<ProviderAnswer> {
  if (record.type === "topup") {
    try {
      const charge = await services.paymentGateway.verifyCharge(record.reference);
      const word: ProviderWord =
        charge.status === "success"
          ? "success"
          : charge.status === "reversed"
            ? "reversed"
            : charge.status === "failed" || charge.status === "abandoned"
              ? "failed"
              : "pending";
      return { word, status: charge.status, charge };
    } catch (error) {
      return isUnknown(error, [400, 404]) ? { word: "missing", status: "not found" } : { word: "unreachable", status: describe(error) };
    }
  }
  if (record.type === "transfer") {
    try {
      const transfer = await services.banking.verifyTransfer(record.reference);
      const outcome = payoutOutcome(transfer.status);
      return { word: outcome === "success" ? "success" : outcome, status: transfer.status };
    } catch (error) {
      return isUnknown(error, [404]) ? { word: "missing", status: "not found" } : { word: "unreachable", status: describe(error) };
    }
  }
  if (isPurchaseType(record.type)) {
    const answer = await services.purchases.requery(record.reference);
    const status = `${answer.code ?? ""} ${answer.description}`.trim();
    // VtpassClient answers pending for no answer at all: only a code counts as the provider speaking.
    if (answer.code === undefined) return { word: "unreachable", status };
    return { word: answer.outcome === "delivered" ? "success" : answer.outcome, status };
  }
  throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.noHold);
}

/** The 409 message when the provider's word does not allow `status`; null when it does. */
function refusalOf(status: "completed" | "failed", word: ProviderWord): string | null {
  if (status === "completed") {
    if (word === "success") return null;
    if (word === "failed" || word === "reversed") return ADMIN_MESSAGES.providerReportsFailure;
    if (word === "missing") return ADMIN_MESSAGES.providerHasNoRecord;
    return word === "pending" ? ADMIN_MESSAGES.providerReportsPending : ADMIN_MESSAGES.providerUnreachable;
  }
  if (word === "failed" || word === "reversed" || word === "missing") return null;
  if (word === "success") return ADMIN_MESSAGES.providerReportsSuccess;
  return word === "pending" ? ADMIN_MESSAGES.providerReportsPending : ADMIN_MESSAGES.providerUnreachable;
}

/**
 * An admin's Complete or Fail on a pending or processing transaction, `id`
 * (docs/money-integrity.md "Admin moves"; docs/decisions.md):
 * - the provider is asked first: Paystack `GET /transaction/verify/{reference}` for a top-up,
 *   `GET /transfer/verify/{reference}` for a payout, VTpass requery for a purchase;
 * - Complete needs the provider's success; Fail needs its failure (or reversal), or its answer that
 *   it has no such record. Otherwise: a top-up answers 400 'Payment not confirmed by the gateway' /
 *   'The gateway confirmed this payment: complete it instead' (503 when the gateway cannot be
 *   asked); a payout or purchase answers CONFLICT (409) with the provider's answer in the message
 *   and `details.providerStatus`, unless `force` with a `reason` (at least 10 characters, checked
 *   by the input schema): then the move is made, the reason and the provider's answer are kept in
 *   the audit row, and a review item (cause forced) is opened. A payout never sent to the
 *   provider cannot be completed, forced or not (RULE_VIOLATION);
 * - the move itself is the outcome function the webhooks and jobs use (settleTopUpIn,
 *   applyPayoutOutcomeIn, applyPurchaseAnswerIn) under the record's row lock, with the audit record
 *   in the same database transaction. A provider success after a forced Fail is then a
 *   contradiction those functions flag for review, never paid twice; for a top-up it is a late
 *   success, credited once.
 * Errors: NOT_FOUND; RULE_VIOLATION (400) for a status other than pending/processing or a type
 * that holds no money; CONFLICT (409) when the provider disagrees or the record changed meanwhile.
 */
export async function moveTransaction(
  db: Database,
  services: MoveServices,
  params: {
    adminId: number;
    id: number;
    status: "completed" | "failed";
    force?: boolean;
    reason?: string;
    /** More writes in the move's own database transaction (a review item's resolution). */
    within?: (tx: DbOrTx, moved: schema.TransactionRecord) => Promise<void>;
  },
): Promise<schema.TransactionRecord> {
  const { adminId, id, status } = params;
  const seen = await findTransactionById(db, id);
  if (!seen) throw new DomainError("NOT_FOUND", ADMIN_MESSAGES.transactionNotFound);
  if (!MOVABLE.has(seen.status)) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.notMovable);
  if (seen.type !== "topup" && seen.type !== "transfer" && !isPurchaseType(seen.type)) {
    throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.noHold);
  }
  // A payout or purchase moves its hold: without one there is nothing to settle or release.
  if (seen.type !== "topup" && !(await lockHoldForTransaction(db, seen))) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.noHold);
  const neverSent = seen.type === "transfer" && seen.status === "pending" && !("transferCode" in seen.metadata && seen.metadata.transferCode);

  const provider = await askProvider(services, seen);
  if (status === "completed" && neverSent && provider.word !== "success") throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.neverSent);
  // A top-up may be failed while the gateway has no success for it: a later success still credits it.
  const topUpFailAllowed = seen.type === "topup" && status === "failed" && provider.word !== "success" && provider.word !== "unreachable";
  const refusal = topUpFailAllowed ? null : refusalOf(status, provider.word);
  const forced = refusal !== null;
  if (forced && seen.type === "topup") {
    if (provider.word === "unreachable") throw new DomainError("PROVIDER_UNAVAILABLE", ADMIN_MESSAGES.gatewayUnavailable);
    throw new DomainError("RULE_VIOLATION", status === "completed" ? ADMIN_MESSAGES.paymentNotConfirmed : ADMIN_MESSAGES.paymentConfirmed);
  }
  if (forced && !params.force) throw new DomainError("CONFLICT", refusal, { providerStatus: provider.status });

  const result = await db.transaction(async (tx) => {
    const record = await findTransactionById(tx, id, { forUpdate: true });
    if (!record) throw new DomainError("NOT_FOUND", ADMIN_MESSAGES.transactionNotFound);
    if (!MOVABLE.has(record.status)) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.notMovable);
    const by = forced ? `Forced by an administrator: ${params.reason ?? ""}` : "Failed by an administrator";
    let moved: schema.TransactionRecord;
    if (record.type === "topup") {
      if (status === "completed") {
        const settled = await settleTopUpIn(tx, provider.charge as VerifiedCharge, services.log);
        if (settled.outcome !== "credited" && settled.outcome !== "already-credited")
          throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.paymentNotConfirmed);
        moved = settled.transaction;
      } else {
        moved = await updateTransaction(tx, record.id, "topup", { status: "failed", metadata: { failureReason: "Failed by an administrator" } });
      }
    } else if (record.type === "transfer") {
      // A reversal the provider reports is applied as such (settled, then the money back).
      const outcome = status === "completed" ? "success" : provider.word === "reversed" && !forced ? "reversed" : "failed";
      const result = await applyPayoutOutcomeIn(tx, services.log, record.reference, {
        outcome,
        source: "admin",
        providerStatus: provider.status.slice(0, 100),
        ...(outcome !== "success" ? { failureReason: by.slice(0, 500) } : {}),
      });
      const expected = outcome === "success" ? "completed" : outcome;
      if (result.applied !== expected || !result.transaction) throw new DomainError("CONFLICT", ADMIN_MESSAGES.changedMeanwhile);
      moved = result.transaction;
    } else {
      moved = await applyPurchaseAnswerIn(tx, record.reference, {
        outcome: status === "completed" ? "delivered" : "failed",
        description: status === "completed" ? `Completed by an administrator${forced ? `: ${params.reason ?? ""}` : ""}` : by,
      });
      if (moved.status !== status) throw new DomainError("CONFLICT", ADMIN_MESSAGES.changedMeanwhile);
    }
    if (forced) {
      await openReviewItem(tx, {
        key: `forced:${record.reference}`,
        kind: record.type === "transfer" ? "payout" : "purchase",
        cause: "forced",
        reference: record.reference,
        transactionId: record.id,
        userId: record.senderId ?? record.recipientId,
        amountKobo: record.amount,
        reason: `${status === "completed" ? "Completed" : "Failed"} by an administrator against the provider's answer (${refusal}): ${params.reason ?? ""}`,
        providerStatus: provider.status,
      });
    }
    await recordAdminAudit(tx, {
      adminId,
      action: "transaction_status",
      userId: record.senderId ?? record.recipientId,
      subject: `transaction:${record.id}`,
      before: { status: record.status },
      after: {
        status: moved.status,
        type: record.type,
        reference: record.reference,
        amountKobo: auditKobo(record.amount),
        providerStatus: provider.status,
        ...(forced ? { forced: true, reason: params.reason ?? "" } : {}),
      },
    });
    await params.within?.(tx, moved);
    return moved;
  });
  // A payout failed (or reversed) by an admin is told to its owner like the provider's failure.
  if (result.type === "transfer") await sendPayoutEndNotice(db, services, result.reference);
  return result;
}
