import {
  type Database,
  ensureUserWallet,
  findTransactionByReference,
  insertTransaction,
  postJournalEntry,
  type schema,
  systemAccountId,
  updateTransaction,
} from "@kolo/db";
import { DomainError, SYSTEM_ACCOUNTS, assertTopUpAmount, koboToNaira } from "@kolo/domain";
import type { PaymentGateway, VerifiedCharge } from "../providers/payment-gateway";
import { newReference } from "./reference";

/**
 * Top-up (spec 01 §4 "Top-up", DECISIONS "Fees", "Limits", "Providers").
 * start: records a pending topup transaction, asks the gateway for an authorization URL.
 * settle: applies a verified charge at most once, whether it comes from the webhook or from verify.
 */
export async function startTopUp(
  db: Database,
  gateway: PaymentGateway,
  params: { user: schema.User; amountKobo: bigint; callbackUrl: string },
): Promise<{ authorizationUrl: string; reference: string }> {
  assertTopUpAmount(params.amountKobo);
  const reference = newReference("TOP");
  const record = await insertTransaction(db, {
    type: "topup",
    amount: params.amountKobo,
    status: "pending",
    reference,
    description: "Wallet top-up",
    recipientId: params.user.id,
    metadata: { gateway: "paystack" },
  });
  try {
    const charge = await gateway.initializeCharge({
      email: params.user.email,
      amountKobo: params.amountKobo,
      reference,
      callbackUrl: params.callbackUrl,
      metadata: { userId: params.user.id, transactionId: record.id },
    });
    return { authorizationUrl: charge.authorizationUrl, reference };
  } catch (error) {
    await updateTransaction(db, record.id, "topup", { status: "failed", metadata: { failureReason: (error as Error).message } });
    throw new DomainError("PROVIDER_UNAVAILABLE", "Failed to initiate top-up");
  }
}

export type SettleOutcome =
  | { outcome: "credited"; transaction: schema.TransactionRecord }
  | { outcome: "already-credited"; transaction: schema.TransactionRecord }
  | { outcome: "pending"; transaction: schema.TransactionRecord }
  | { outcome: "failed"; transaction: schema.TransactionRecord }
  | { outcome: "mismatch"; transaction: schema.TransactionRecord }
  | { outcome: "unknown-reference" };

export interface SettleLogger {
  warn: (details: Record<string, unknown>, message: string) => void;
}

/**
 * Applies a charge the gateway reported for `charge.reference`. Locks the top-up record, so a
 * webhook and a verify arriving together are applied one after the other; the journal entry's
 * idempotency key `topup:{reference}` guarantees a single credit even across processes.
 * An amount or currency mismatch credits nothing, marks the record failed and is logged.
 */
export async function settleTopUp(db: Database, charge: VerifiedCharge, log: SettleLogger): Promise<SettleOutcome> {
  return db.transaction(async (tx) => {
    const record = await findTransactionByReference(tx, charge.reference, { forUpdate: true });
    if (!record || record.type !== "topup" || record.recipientId === null) {
      log.warn({ reference: charge.reference }, "Top-up settlement for an unknown reference ignored");
      return { outcome: "unknown-reference" } as const;
    }
    if (record.status === "completed") return { outcome: "already-credited", transaction: record } as const;
    if (record.status !== "pending") return { outcome: "failed", transaction: record } as const;

    if (charge.status === "failed" || charge.status === "reversed") {
      const failed = await updateTransaction(tx, record.id, "topup", { status: "failed", metadata: { gatewayResponse: charge.gatewayResponse } });
      return { outcome: "failed", transaction: failed } as const;
    }
    if (charge.status !== "success") return { outcome: "pending", transaction: record } as const;

    if (charge.amountKobo !== record.amount || charge.currency !== "NGN") {
      log.warn(
        { reference: record.reference, expectedKobo: record.amount.toString(), reportedKobo: charge.amountKobo.toString(), currency: charge.currency },
        "Top-up amount or currency mismatch: nothing credited",
      );
      const failed = await updateTransaction(tx, record.id, "topup", {
        status: "failed",
        metadata: { failureReason: "Amount or currency mismatch", reportedAmount: koboToNaira(charge.amountKobo), reportedCurrency: charge.currency },
      });
      return { outcome: "mismatch", transaction: failed } as const;
    }

    const walletId = await ensureUserWallet(tx, record.recipientId);
    const clearingId = await systemAccountId(tx, SYSTEM_ACCOUNTS.gatewayClearing);
    const fees = charge.feesKobo !== null && charge.feesKobo > 0n && charge.feesKobo < record.amount ? charge.feesKobo : 0n;
    const postings = [
      { accountId: walletId, amount: record.amount },
      { accountId: clearingId, amount: -(record.amount - fees) },
    ];
    if (fees > 0n) postings.push({ accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.gatewayFees), amount: -fees });
    await postJournalEntry(tx, {
      idempotencyKey: `topup:${record.reference}`,
      kind: "topup",
      description: `Card top-up ${record.reference}`,
      postings,
      transactionId: record.id,
    });
    const credited = await updateTransaction(tx, record.id, "topup", {
      status: "completed",
      metadata: { paidAt: charge.paidAt, channel: charge.channel, gatewayFee: koboToNaira(fees) },
    });
    return { outcome: "credited", transaction: credited } as const;
  });
}
