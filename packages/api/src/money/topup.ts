import { createHash } from "node:crypto";
import {
  type Database,
  type DbOrTx,
  ensureUserWallet,
  findTransactionByReference,
  insertTransactionOnce,
  postJournalEntry,
  type schema,
  systemAccountId,
  updateTransaction,
} from "@kolo/db";
import { DomainError, SYSTEM_ACCOUNTS, TOPUP_MESSAGES, type TransactionMetadataMap, assertTopUpAmount, koboToNaira } from "@kolo/domain";
import type { PaymentGateway, VerifiedCharge } from "../providers/payment-gateway";
import { newReference } from "./reference";

/**
 * Top-up (spec 01 §4 "Top-up", DECISIONS "Fees", "Limits", "Providers").
 * start: records a pending topup transaction, asks the gateway for an authorization URL.
 * settle: applies a verified charge at most once, whether it comes from the webhook or from verify.
 */

/**
 * The reference of a keyed top-up: derived from the user and the client's key, so a repeat (or a
 * concurrent double submit) lands on the same unique `transactions.reference`. Paystack's
 * reference alphabet (letters, digits, '-'); 96 bits of SHA-256.
 */
function keyedTopUpReference(userId: number, idempotencyKey: string): string {
  const digest = createHash("sha256").update(`topup:${userId}:${idempotencyKey}`).digest("hex");
  return `KOLO-TOP-K${digest.slice(0, 24).toUpperCase()}`;
}

/**
 * Starts a card top-up of `amountKobo` for `user` -> {authorizationUrl, reference}.
 * The pending record is inserted and the gateway asked inside one database transaction, so a
 * concurrent request with the same `idempotencyKey` waits on the record and then answers the
 * first request's URL and reference (stored in the record's metadata): one record, one checkout.
 * Errors: VALIDATION for amounts outside ₦100–₦1,000,000 (assertTopUpAmount);
 * IDEMPOTENCY_KEY_REUSED (409) when the key was used for another amount;
 * PROVIDER_UNAVAILABLE (503) when the gateway refused or could not be reached (the record is
 * kept as failed, and a repeat with that key answers the same error).
 */
export async function startTopUp(
  db: Database,
  gateway: PaymentGateway,
  params: { user: schema.User; amountKobo: bigint; callbackUrl: string; idempotencyKey?: string },
): Promise<{ authorizationUrl: string; reference: string }> {
  assertTopUpAmount(params.amountKobo);
  const { user, amountKobo, idempotencyKey } = params;
  const reference = idempotencyKey ? keyedTopUpReference(user.id, idempotencyKey) : newReference("TOP");
  const outcome = await db.transaction(async (tx) => {
    const record = await insertTransactionOnce(tx, {
      type: "topup",
      amount: amountKobo,
      status: "pending",
      reference,
      description: "Wallet top-up",
      recipientId: user.id,
      metadata: idempotencyKey ? { gateway: "paystack", idempotencyKey } : { gateway: "paystack" },
    });
    if (!record) {
      const first = await findTransactionByReference(tx, reference);
      if (!first || first.type !== "topup" || first.recipientId !== user.id || first.amount !== amountKobo) {
        throw new DomainError("IDEMPOTENCY_KEY_REUSED", TOPUP_MESSAGES.idempotencyKeyReused);
      }
      const url = (first.metadata as TransactionMetadataMap["topup"]).authorizationUrl;
      return typeof url === "string" ? { authorizationUrl: url, reference } : ({ failed: true } as const);
    }
    try {
      const charge = await gateway.initializeCharge({
        email: user.email,
        amountKobo,
        reference,
        callbackUrl: params.callbackUrl,
        metadata: { userId: user.id, transactionId: record.id },
      });
      await updateTransaction(tx, record.id, "topup", { status: "pending", metadata: { authorizationUrl: charge.authorizationUrl } });
      return { authorizationUrl: charge.authorizationUrl, reference };
    } catch (error) {
      await updateTransaction(tx, record.id, "topup", { status: "failed", metadata: { failureReason: (error as Error).message } });
      return { failed: true } as const;
    }
  });
  if ("failed" in outcome) throw new DomainError("PROVIDER_UNAVAILABLE", TOPUP_MESSAGES.initiationFailed);
  return outcome;
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
  return db.transaction((tx) => settleTopUpIn(tx, charge, log));
}

/**
 * settleTopUp inside the caller's database transaction `tx` (an admin's Complete writes its audit
 * record in the same transaction, DECISIONS "Admin"). Same rules and outcomes.
 */
export async function settleTopUpIn(tx: DbOrTx, charge: VerifiedCharge, log: SettleLogger): Promise<SettleOutcome> {
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
}
