// Fraud monitoring in the money-out transaction (docs/product.md "Fraud controls"; DECISIONS "Fraud
// controls"): before money leaves, in the database transaction that would move it, the payment's
// facts are read (@kolo/db readFraudFacts) and the rules evaluated (@kolo/domain
// evaluateFraudRules). A hit holds the payment: the money stays on hold, nothing reaches the
// provider or the recipient, the record stays `pending` marked `fraudReview`, and a review item of
// kind `fraud` opens. An admin releases it (it proceeds through its normal path) or rejects it
// (the hold is released back to the payer) from /admin/reviews.
import { createHash } from "node:crypto";
import {
  type DbOrTx,
  type NewTypedTransactionRecord,
  ensureUserWallet,
  findTransactionByReference,
  holdFunds,
  insertTransaction,
  lockHoldForTransaction,
  lockPayerForScreening,
  openReviewItem,
  patchTransactionMetadata,
  readFraudFacts,
  readFraudSettings,
  releaseHold,
  type schema,
  settleHold,
  updateTransaction,
} from "@kolo/db";
import {
  ADMIN_MESSAGES,
  DomainError,
  type FraudReviewMetadata,
  type FraudRule,
  evaluateFraudRules,
  fraudReason,
  isHeldForReview,
  isPurchaseType,
  lagosDate,
  ownDailyLimitAt,
} from "@kolo/domain";
import type { PayInput } from "@kolo/providers";
import type { Services } from "../services";
import { completeHeldPayment } from "./merchant-holds";

/** Who is paying and from where: the user and their `kolo_device` cookie's token, when there is a browser. */
export interface MoneyOutContext {
  deviceToken?: string;
  now: Date;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The rules the payment `record` (just written, `pending`, by `user`) hits, read in `tx` before
 * its money leaves; empty when it may proceed or monitoring is off (setting fraud_monitoring 0).
 * With monitoring on, it first takes the payer's screening lock (lockPayerForScreening), held until
 * `tx` ends: two payments of one payer are screened one after the other, each counting the other.
 */
export async function screenMoneyOut(tx: DbOrTx, record: schema.TransactionRecord, context: MoneyOutContext): Promise<FraudRule[]> {
  const settings = await readFraudSettings(tx);
  if (!settings.enabled || record.senderId === null) return [];
  // One payer's screenings one at a time: the next reads this payment's record once it commits.
  await lockPayerForScreening(tx, record.senderId);
  const facts = await readFraudFacts(tx, {
    userId: record.senderId,
    deviceHash: context.deviceToken ? sha256(context.deviceToken) : null,
    payment: record,
    amountKobo: record.amount,
    now: context.now,
    excludeTransactionId: record.id,
    settings,
  });
  return evaluateFraudRules(facts, settings);
}

/**
 * Marks `record` (pending, its money already on hold) as held for review by `rules` and opens
 * its review item (kind fraud, key `fraud:{reference}`), in `tx`. `purchaseCall`: what a held
 * purchase sends VTpass once released. Answers the record as it now stands.
 */
export async function holdForReview(
  tx: DbOrTx,
  record: schema.TransactionRecord,
  rules: FraudRule[],
  purchaseCall?: Omit<PayInput, "requestId">,
): Promise<schema.TransactionRecord> {
  const fraudReview: FraudReviewMetadata = {
    rules,
    state: "held",
    ...(purchaseCall
      ? { purchaseCall: { ...purchaseCall, amountKobo: purchaseCall.amountKobo === undefined ? undefined : Number(purchaseCall.amountKobo) } }
      : {}),
  };
  const held = await patchTransactionMetadata(tx, record.id, record.type, { fraudReview } as never);
  await openReviewItem(tx, {
    key: `fraud:${record.reference}`,
    kind: "fraud",
    cause: "fraud",
    reference: record.reference,
    transactionId: record.id,
    userId: record.senderId,
    amountKobo: record.amount,
    reason: fraudReason(rules),
  });
  return held;
}

/**
 * A payment that moves money only once released (P2P, a merchant payment), held by fraud monitoring
 * (`rules`), in `tx`: `draft` is written `pending`, its amount and fee (kobo) go on hold from
 * `walletAccountId` (kolo_hold checks the balance and the payer's daily limit; `kind` is the hold
 * entry's kind), and it is marked held with its review item (holdForReview). Answers the record as
 * it now stands. Payouts and purchases hold their money anyway and call holdForReview alone.
 */
export async function holdPendingForReview(
  tx: DbOrTx,
  draft: NewTypedTransactionRecord,
  hold: { payer: schema.User; walletAccountId: number; kind: string; now: Date },
  rules: FraudRule[],
): Promise<schema.TransactionRecord> {
  const record = await insertTransaction(tx, { ...draft, status: "pending" });
  await holdFunds(tx, {
    reference: record.reference,
    walletAccountId: hold.walletAccountId,
    userId: hold.payer.id,
    verificationLevel: hold.payer.verificationLevel,
    ownDailyLimitKobo: ownDailyLimitAt(hold.payer, hold.now),
    amountKobo: record.amount,
    feeKobo: record.fee,
    day: lagosDate(hold.now),
    transactionId: record.id,
    kind: hold.kind,
    description: `Hold for ${record.reference} (under review)`,
  });
  return holdForReview(tx, record, rules);
}

const reviewOf = (record: schema.TransactionRecord) => (record.metadata as { fraudReview?: FraudReviewMetadata }).fraudReview;

/**
 * Locks the held record of a fraud review item and its hold, in `tx`. CONFLICT 'This payment is
 * no longer held' when it was released, rejected or moved meanwhile.
 */
async function lockHeld(tx: DbOrTx, item: schema.ReviewItem) {
  const record = await findTransactionByReference(tx, item.reference, { forUpdate: true });
  const hold = record && (await lockHoldForTransaction(tx, record));
  if (!record || !hold || hold.status !== "held" || !isHeldForReview(record)) throw new DomainError("CONFLICT", ADMIN_MESSAGES.fraudHoldGone);
  return { record, review: reviewOf(record) as FraudReviewMetadata };
}

/** What a release leaves to do once its database transaction committed: send a payout or a purchase to its provider. */
export type AfterRelease = { kind: "none" } | { kind: "payout"; reference: string } | { kind: "purchase"; reference: string; call: PayInput };

/**
 * Releases a held payment in `tx` (the admin's release of a fraud review item). P2P: the hold is
 * settled into the recipient's wallet and the record completed. A merchant wallet payment (QR,
 * invoice, link): completeHeldPayment credits the merchant and pays the invoice or counts the link. Payout or purchase: the record
 * is marked released and its requery job written (it then goes through its normal path: the
 * returned AfterRelease sends it to the provider once `tx` commits).
 */
export async function releaseHeldIn(
  tx: DbOrTx,
  services: Pick<Services, "jobs">,
  item: schema.ReviewItem,
  kinds: { payout: string; purchase: string },
): Promise<AfterRelease> {
  const { record, review } = await lockHeld(tx, item);
  const released: FraudReviewMetadata = { ...review, state: "released" };
  if (record.type === "p2p") {
    if (record.recipientId === null) throw new Error(`P2P ${record.reference} has no recipient`);
    const accountId = await ensureUserWallet(tx, record.recipientId);
    const { outcome } = await settleHold(tx, {
      reference: record.reference,
      destination: { accountId },
      description: `P2P ${record.reference} released after review`,
    });
    if (outcome !== "settled") throw new DomainError("CONFLICT", ADMIN_MESSAGES.fraudHoldGone);
    await updateTransaction(tx, record.id, "p2p", { status: "completed", metadata: { fraudReview: released } });
    return { kind: "none" };
  }
  if (record.type === "payment") {
    await completeHeldPayment(tx, record, released);
    return { kind: "none" };
  }
  if (record.type === "transfer") {
    await patchTransactionMetadata(tx, record.id, "transfer", { fraudReview: released });
    await services.jobs.requery(kinds.payout, record.reference, { tx });
    return { kind: "payout", reference: record.reference };
  }
  if (isPurchaseType(record.type) && review.purchaseCall) {
    await patchTransactionMetadata(tx, record.id, record.type, { fraudReview: released });
    await services.jobs.requery(kinds.purchase, record.reference, { tx });
    const { amountKobo, ...call } = review.purchaseCall;
    return {
      kind: "purchase",
      reference: record.reference,
      call: { ...call, requestId: record.reference, ...(amountKobo === undefined ? {} : { amountKobo: BigInt(amountKobo) }) },
    };
  }
  throw new Error(`Review ${item.id}: ${record.type} cannot be released`);
}

/**
 * Rejects a held payment in `tx`: the hold is released (amount and fee back to the wallet and the
 * day's allowance) and the record fails, marked rejected. Answers kobo given back.
 */
export async function rejectHeldIn(tx: DbOrTx, item: schema.ReviewItem): Promise<bigint> {
  const { record, review } = await lockHeld(tx, item);
  const { outcome } = await releaseHold(tx, { reference: record.reference, description: `Payment ${record.reference} rejected after review: refund` });
  if (outcome !== "released") throw new DomainError("CONFLICT", ADMIN_MESSAGES.fraudHoldGone);
  const rejected = { fraudReview: { ...review, state: "rejected" as const } };
  const failureReason = { failureReason: "Rejected after review" };
  await updateTransaction(tx, record.id, record.type, {
    status: "failed",
    metadata: record.type === "p2p" ? rejected : { ...rejected, ...failureReason },
  } as never);
  return record.amount + record.fee;
}
