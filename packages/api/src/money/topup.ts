import { createHash } from "node:crypto";
import {
  type Database,
  type DbOrTx,
  ensureUserWallet,
  failPendingTopUp,
  findTransactionByReference,
  insertTransactionOnce,
  openReviewItem,
  patchTransactionMetadata,
  postJournalEntry,
  type schema,
  systemAccountId,
  updateTransaction,
} from "@kolo/db";
import { DomainError, SYSTEM_ACCOUNTS, TOPUP_MESSAGES, type TransactionMetadataMap, assertTopUpAmount } from "@kolo/domain";
import type { PaymentGateway, VerifiedCharge } from "@kolo/providers";
import type { Services } from "../services";
import { enforceUserLimit } from "../user-limits";
import { newReference } from "./reference";

/**
 * Top-up (docs/product.md#wallet-and-top-ups, docs/decisions.md, "Limits", "Providers"; docs/money-integrity.md).
 * start: records a pending topup transaction, asks the gateway for an authorization URL (no
 * database connection held meanwhile).
 * settle: applies a verified charge at most once, whether it comes from the webhook or from
 * verify, also when Kolo had already ended the top-up (a paid top-up is never dropped).
 */

/**
 * The reference of attempt `attempt` (0, 1, …) of a keyed top-up: derived from the user and the
 * client's key, so a repeat (or a concurrent double submit) lands on the same unique
 * `transactions.reference`; a repeat after that attempt failed moves on to the next one (a new
 * checkout). Paystack's reference alphabet (letters, digits, '-'); 96 bits of SHA-256.
 */
function keyedTopUpReference(userId: number, idempotencyKey: string, attempt: number): string {
  const digest = createHash("sha256").update(`topup:${userId}:${idempotencyKey}`).digest("hex");
  return `KOLO-TOP-K${digest.slice(0, 24).toUpperCase()}${attempt === 0 ? "" : `-${attempt}`}`;
}

/** Attempts of one keyed top-up before a repeat is refused (each failed attempt was a dead checkout). */
const MAX_KEYED_ATTEMPTS = 20;
/** How long a concurrent repeat waits for the first request's authorization URL, polling without holding a connection. */
const URL_WAIT_MS = 10_000;
const URL_POLL_MS = 100;
/**
 * Age after which a keyed attempt still without an authorization URL was left by a request that
 * died (its server was killed between writing the record and the gateway's answer): longer than
 * the gateway call's timeout (15 s, PaystackClient) and the write after it. Nobody saw its
 * checkout, so nobody can pay it: a repeat fails it and opens the next attempt's checkout.
 */
const ABANDONED_ATTEMPT_MS = 30_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a card top-up of `amountKobo` for `user` -> {authorizationUrl, reference}
 * (docs/money-integrity.md "No provider call inside a database transaction"). The pending record
 * is inserted on its own (one statement, no transaction held), then the gateway is asked with no
 * database connection held, then the answer is written to the record. With an `idempotencyKey`,
 * a concurrent or repeated request with the same key finds the record by its derived reference
 * and answers the first request's URL and reference (waiting up to URL_WAIT_MS, polling, while
 * the first request is still asking the gateway): one record, one checkout. A repeat whose
 * record has failed (the checkout expired, was refused or failed by an admin) starts a new
 * checkout under the next attempt's reference, as does a repeat whose record was left without a
 * checkout by a request that died (ABANDONED_ATTEMPT_MS).
 * Errors: VALIDATION for amounts outside ₦100–₦1,000,000 (assertTopUpAmount); RATE_LIMITED 'Too
 * many requests' past 10 new checkouts a minute (USER_LIMITS);
 * IDEMPOTENCY_KEY_REUSED (409) when the key was used for another amount;
 * PROVIDER_UNAVAILABLE (503) when the gateway refused or could not be reached (the record is
 * kept as failed; a repeat with that key starts a new checkout), or the first request's URL did
 * not come in time (a later repeat answers it).
 */
export async function startTopUp(
  db: Database,
  gateway: PaymentGateway,
  params: { user: schema.User; amountKobo: bigint; callbackUrl: string; idempotencyKey?: string; limits?: Services["userLimits"] },
): Promise<{ authorizationUrl: string; reference: string }> {
  assertTopUpAmount(params.amountKobo);
  const { user, amountKobo, idempotencyKey } = params;
  for (let attempt = 0; attempt < (idempotencyKey ? MAX_KEYED_ATTEMPTS : 1); attempt++) {
    const reference = idempotencyKey ? keyedTopUpReference(user.id, idempotencyKey, attempt) : newReference("TOP");
    // A new checkout counts against the user's limit (10 a minute); a repeat of one does not.
    const record = await db.transaction(async (tx) => {
      if (!(await findTransactionByReference(tx, reference))) await enforceUserLimit(tx, user.id, "topup", { limits: params.limits });
      return insertTransactionOnce(tx, {
        type: "topup",
        amount: amountKobo,
        status: "pending",
        reference,
        description: "Wallet top-up",
        recipientId: user.id,
        metadata: idempotencyKey ? { gateway: "paystack", idempotencyKey } : { gateway: "paystack" },
      });
    });
    if (!record) {
      const first = await firstAttemptAnswer(db, user.id, amountKobo, reference);
      if (first === "failed") continue; // a dead checkout: the next attempt opens a new one
      return first;
    }
    let authorizationUrl: string;
    try {
      const charge = await gateway.initializeCharge({
        email: user.email,
        amountKobo,
        reference,
        callbackUrl: params.callbackUrl,
        metadata: { userId: user.id, transactionId: record.id },
      });
      authorizationUrl = charge.authorizationUrl;
    } catch (error) {
      await failPendingTopUp(db, record.id, (error as Error).message.slice(0, 500));
      throw new DomainError("PROVIDER_UNAVAILABLE", TOPUP_MESSAGES.initiationFailed);
    }
    await patchTransactionMetadata(db, record.id, "topup", { authorizationUrl });
    return { authorizationUrl, reference };
  }
  throw new DomainError("PROVIDER_UNAVAILABLE", TOPUP_MESSAGES.initiationFailed);
}

/**
 * What a repeat of a keyed top-up answers for the record at `reference` made by an earlier request:
 * its checkout, once the earlier request has written it (polled, no connection held between
 * reads), or "failed" when that attempt is dead: ended, or abandoned without a checkout for
 * ABANDONED_ATTEMPT_MS (then failed here, conditionally, so two repeats fail it once). A paid
 * success reported later for a failed attempt is still credited (settleTopUpIn).
 * IDEMPOTENCY_KEY_REUSED when the record is not the same top-up; PROVIDER_UNAVAILABLE when the
 * earlier request is still waiting for the gateway.
 */
async function firstAttemptAnswer(db: Database, userId: number, amountKobo: bigint, reference: string) {
  for (let waited = 0; ; waited += URL_POLL_MS) {
    const first = await findTransactionByReference(db, reference);
    if (!first || first.type !== "topup" || first.recipientId !== userId || first.amount !== amountKobo) {
      throw new DomainError("IDEMPOTENCY_KEY_REUSED", TOPUP_MESSAGES.idempotencyKeyReused);
    }
    if (first.status === "failed") return "failed" as const;
    const url = (first.metadata as TransactionMetadataMap["topup"]).authorizationUrl;
    if (typeof url === "string") return { authorizationUrl: url, reference };
    if (first.status === "pending" && Date.now() - first.createdAt.getTime() > ABANDONED_ATTEMPT_MS) {
      await failPendingTopUp(db, first.id, "The request that opened this checkout stopped before the checkout was shown");
      return "failed" as const;
    }
    if (first.status !== "pending" || waited >= URL_WAIT_MS) throw new DomainError("PROVIDER_UNAVAILABLE", TOPUP_MESSAGES.initiationFailed);
    await delay(URL_POLL_MS);
  }
}

/**
 * Posts the journal entry of a paid top-up `record` (card or bank transfer, kobo): the user's
 * wallet gets the whole amount; the gateway's clearing account gives the amount less the
 * gateway's fee, and the fee is the business's cost (gateway_fees). A reported fee that is not
 * above 0 and below the amount counts as none. Idempotency key `topup:{reference}`: a second
 * call posts nothing (`created: false`). The one credit of a top-up reference, whichever path pays it
(webhook, verify, transfer-in, expiry job, admin Complete or a review credit). Answers the fee
taken (kobo) and whether this call posted the entry.
 */
export async function postTopUpCredit(
  tx: DbOrTx,
  record: schema.TransactionRecord,
  feesKobo: bigint | null,
  description: string,
): Promise<{ feesKobo: bigint; created: boolean }> {
  if (record.recipientId === null) throw new Error(`Top-up ${record.reference} has no recipient`);
  const walletId = await ensureUserWallet(tx, record.recipientId);
  const clearingId = await systemAccountId(tx, SYSTEM_ACCOUNTS.gatewayClearing);
  const fees = feesKobo !== null && feesKobo > 0n && feesKobo < record.amount ? feesKobo : 0n;
  const postings = [
    { accountId: walletId, amount: record.amount },
    { accountId: clearingId, amount: -(record.amount - fees) },
  ];
  if (fees > 0n) postings.push({ accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.gatewayFees), amount: -fees });
  const { created } = await postJournalEntry(tx, {
    idempotencyKey: topUpCreditKey(record.reference),
    kind: "topup",
    description,
    postings,
    transactionId: record.id,
  });
  return { feesKobo: fees, created };
}

/** The journal key of the one credit a top-up reference gets (postTopUpCredit). */
export const topUpCreditKey = (reference: string) => `topup:${reference}`;

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
 * An amount or currency mismatch credits nothing, marks the record failed, is logged and opens a
 * review item. A success for a top-up Kolo had already ended (expired, failed by an admin or by
 * the gateway's earlier answer) is still credited once: see settleTopUpIn.
 */
export async function settleTopUp(db: Database, charge: VerifiedCharge, log: SettleLogger): Promise<SettleOutcome> {
  return db.transaction((tx) => settleTopUpIn(tx, charge, log));
}

/**
 * settleTopUp inside the caller's database transaction `tx` (an admin's Complete writes its audit
 * record in the same transaction, docs/decisions.md). Rules (docs/money-integrity.md "A paid
 * top-up is never dropped"): a verified success with the record's amount in NGN credits the
 * wallet exactly once and completes the record, whatever Kolo's own status was; when the record
 * had already been ended (`failed`), the credit is noted as `metadata.lateSuccess {previousStatus,
 * previousReason, at}` and a review item (cause late_success) tells the admins. A failed, reversed
 * or pending report never changes a record that is no longer pending. Outcomes: credited,
 * already-credited, pending, failed, mismatch, unknown-reference.
 */
export async function settleTopUpIn(tx: DbOrTx, charge: VerifiedCharge, log: SettleLogger): Promise<SettleOutcome> {
  const record = await findTransactionByReference(tx, charge.reference, { forUpdate: true });
  if (!record || record.type !== "topup" || record.recipientId === null) {
    log.warn({ reference: charge.reference }, "Top-up settlement for an unknown reference ignored");
    return { outcome: "unknown-reference" } as const;
  }
  if (record.status === "completed") return { outcome: "already-credited", transaction: record } as const;
  const ended = record.status !== "pending";
  const metadata = record.metadata as TransactionMetadataMap["topup"];

  if (charge.status === "failed" || charge.status === "reversed") {
    if (ended) return { outcome: "failed", transaction: record } as const;
    const failed = await updateTransaction(tx, record.id, "topup", { status: "failed", metadata: { gatewayResponse: charge.gatewayResponse } });
    return { outcome: "failed", transaction: failed } as const;
  }
  if (charge.status !== "success")
    return ended ? ({ outcome: "failed", transaction: record } as const) : ({ outcome: "pending", transaction: record } as const);

  if (charge.amountKobo !== record.amount || charge.currency !== "NGN" || metadata.reportedAmountKobo !== undefined) {
    log.warn(
      { reference: record.reference, expectedKobo: record.amount.toString(), reportedKobo: charge.amountKobo.toString(), currency: charge.currency },
      "Top-up amount or currency mismatch: nothing credited",
    );
    await openReviewItem(tx, {
      key: `contradiction:topup:${record.reference}`,
      kind: "topup",
      cause: "contradiction",
      reference: record.reference,
      transactionId: record.id,
      userId: record.recipientId,
      amountKobo: charge.amountKobo,
      reason: `Gateway reports ${charge.amountKobo} kobo in ${charge.currency} paid for a top-up of ${record.amount} kobo in NGN: nothing credited`,
      providerStatus: charge.status,
    });
    const failed = ended
      ? record
      : await updateTransaction(tx, record.id, "topup", {
          status: "failed",
          metadata: { failureReason: "Amount or currency mismatch", reportedAmountKobo: Number(charge.amountKobo), reportedCurrency: charge.currency },
        });
    return { outcome: "mismatch", transaction: failed } as const;
  }

  const { feesKobo: fees } = await postTopUpCredit(tx, record, charge.feesKobo, `Card top-up ${record.reference}`);
  const late = ended
    ? {
        lateSuccess: {
          previousStatus: record.status,
          ...(metadata.failureReason ? { previousReason: metadata.failureReason } : {}),
          at: new Date().toISOString(),
        },
      }
    : {};
  if (ended) {
    log.warn({ reference: record.reference, previousStatus: record.status }, "Top-up paid after it was ended: credited once, review item opened");
    await openReviewItem(tx, {
      key: `late_success:topup:${record.reference}`,
      kind: "topup",
      cause: "late_success",
      reference: record.reference,
      transactionId: record.id,
      userId: record.recipientId,
      amountKobo: record.amount,
      reason: `Paid after Kolo had ended it as ${record.status}${metadata.failureReason ? ` (${metadata.failureReason})` : ""}: credited once`,
      providerStatus: charge.status,
    });
  }
  const credited = await updateTransaction(tx, record.id, "topup", {
    status: "completed",
    metadata: { paidAt: charge.paidAt, channel: charge.channel, gatewayFeeKobo: Number(fees), ...late },
  });
  return { outcome: "credited", transaction: credited } as const;
}
