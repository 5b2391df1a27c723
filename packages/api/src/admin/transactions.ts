import {
  type Database,
  lockHoldForTransaction,
  findTransactionById,
  recordAdminAudit,
  releaseHold,
  type schema,
  settleHold,
  updateTransaction,
} from "@kolo/db";
import { ADMIN_MESSAGES, DomainError, SYSTEM_ACCOUNTS, type SystemAccountCode, koboToNaira } from "@kolo/domain";
import { PaymentGatewayError, type VerifiedCharge } from "../providers/payment-gateway";
import { applyPayoutOutcomeIn } from "../money/payouts";
import { settleTopUpIn } from "../money/topup";
import type { Services } from "../services";

/** Where Complete sends a held amount, by record type (DECISIONS "Banking", "Airtime and data"). */
const HOLD_DESTINATIONS: Partial<Record<schema.TransactionRecord["type"], SystemAccountCode>> = {
  airtime: SYSTEM_ACCOUNTS.vtpassClearing,
  data: SYSTEM_ACCOUNTS.vtpassClearing,
};

const MOVABLE = new Set<schema.TransactionRecord["status"]>(["pending", "processing"]);

/** Gateway answers meaning "no such charge": Paystack 400 'Transaction reference not found', the sandbox 404. */
const isUnknownCharge = (error: unknown) => error instanceof PaymentGatewayError && (error.status === 404 || error.status === 400);

/**
 * An admin's Complete or Fail on a pending or processing transaction (spec 02 §4 "Admin
 * transaction moves", §7 POST /api/admin/transactions/update-status; DECISIONS "Admin"), with
 * its audit record in the same database transaction, the record locked meanwhile:
 * - a payout (withdrawal, bank transfer): applyPayoutOutcome's rule with source `admin`, as if
 *   the provider had answered success (hold settled to payouts in transit) or failed (released:
 *   amount and fee back to the wallet and the day's allowance);
 * - a purchase (airtime, data: a hold): Complete settles the hold to the VTpass clearing account,
 *   Fail releases it;
 * - a top-up: the gateway is asked first (outside the database transaction). Complete credits it
 *   (settleTopUp's rules, at most once) only when the gateway reports the charge paid, else 400
 *   'Payment not confirmed by the gateway'; Fail credits nothing, and is refused while the
 *   gateway reports it paid (the money would otherwise be lost to the user).
 * Errors: NOT_FOUND; RULE_VIOLATION (400) for a status other than pending/processing, a record
 * with no hold, a top-up not confirmed; CONFLICT when a provider ended the hold meanwhile;
 * PROVIDER_UNAVAILABLE (503) when the gateway could not be asked.
 */
export async function moveTransaction(
  db: Database,
  services: Pick<Services, "paymentGateway" | "log">,
  params: { adminId: number; id: number; status: "completed" | "failed" },
): Promise<schema.TransactionRecord> {
  const { adminId, id, status } = params;
  const seen = await findTransactionById(db, id);
  if (!seen) throw new DomainError("NOT_FOUND", ADMIN_MESSAGES.transactionNotFound);
  if (!MOVABLE.has(seen.status)) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.notMovable);

  let charge: VerifiedCharge | null = null;
  if (seen.type === "topup") {
    try {
      charge = await services.paymentGateway.verifyCharge(seen.reference);
    } catch (error) {
      if (!isUnknownCharge(error)) throw new DomainError("PROVIDER_UNAVAILABLE", ADMIN_MESSAGES.gatewayUnavailable);
    }
    if (status === "completed" && charge?.status !== "success") throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.paymentNotConfirmed);
    if (status === "failed" && charge?.status === "success") throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.paymentConfirmed);
  }

  return db.transaction(async (tx) => {
    const record = await findTransactionById(tx, id, { forUpdate: true });
    if (!record) throw new DomainError("NOT_FOUND", ADMIN_MESSAGES.transactionNotFound);
    if (!MOVABLE.has(record.status)) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.notMovable);
    let moved: schema.TransactionRecord;
    let hold: { reference: string; outcome: string } | null = null;
    if (record.type === "topup") {
      if (status === "completed") {
        const settled = await settleTopUpIn(tx, charge as VerifiedCharge, services.log);
        if (settled.outcome !== "credited" && settled.outcome !== "already-credited") throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.paymentNotConfirmed);
        moved = settled.transaction;
      } else {
        moved = await updateTransaction(tx, record.id, "topup", { status: "failed", metadata: { failureReason: "Failed by an administrator" } });
      }
    } else if (record.type === "transfer") {
      // Payouts: the payout module's own apply-once rule, as if the provider had answered.
      const result = await applyPayoutOutcomeIn(tx, services.log, record.reference, {
        outcome: status === "completed" ? "success" : "failed",
        source: "admin",
        ...(status === "failed" ? { failureReason: "Failed by an administrator" } : {}),
      });
      if (result.applied !== status || !result.transaction) throw new DomainError("CONFLICT", ADMIN_MESSAGES.changedMeanwhile);
      moved = result.transaction;
      hold = { reference: record.reference, outcome: status === "completed" ? "settled" : "released" };
    } else {
      const held = await lockHoldForTransaction(tx, record);
      const destination = HOLD_DESTINATIONS[record.type];
      if (!held || (status === "completed" && !destination)) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.noHold);
      const result =
        status === "completed"
          ? await settleHold(tx, { reference: held.reference, destination: destination as SystemAccountCode, description: `Completed by an administrator: ${record.reference}` })
          : await releaseHold(tx, { reference: held.reference, description: `Failed by an administrator: ${record.reference}` });
      if (result.outcome !== (status === "completed" ? "settled" : "released")) throw new DomainError("CONFLICT", ADMIN_MESSAGES.changedMeanwhile, { hold: result.outcome });
      hold = { reference: held.reference, outcome: result.outcome };
      moved = await updateTransaction(tx, record.id, record.type, { status });
    }
    await recordAdminAudit(tx, {
      adminId,
      action: "transaction_status",
      userId: record.senderId ?? record.recipientId,
      subject: `transaction:${record.id}`,
      before: { status: record.status },
      after: { status: moved.status, type: record.type, reference: record.reference, amount: koboToNaira(record.amount), ...(hold ? { hold: hold.outcome } : {}) },
    });
    return moved;
  });
}
