// Resolving a review item (docs/money-integrity.md "Review queue"): Complete, Fail, Credit or
// Dismiss, each asking the provider first where money would move, each audited in the same
// database transaction as the resolution and any money it moves. Money owed for one provider
// reference is paid at most once, whichever path pays it: a Credit goes through the same journal
// key (a top-up's `topup:{reference}`) or the same hold (a payout's or purchase's) as the
// webhooks, verify, the jobs and an admin's Complete / Fail.
import {
  type Database,
  type DbOrTx,
  findReviewItem,
  findTransactionById,
  findTransactionByReference,
  insertTransactionOnce,
  journalEntryExists,
  lockHoldForTransaction,
  lockOpenReviewItemsFor,
  recordAdminAudit,
  resolveReviewItem,
  type ReviewResolution,
  reverseHold,
  type schema,
  updateTransaction,
} from "@kolo/db";
import { ADMIN_MESSAGES, DomainError, isPayoutInFlight, isPurchaseType } from "@kolo/domain";
import { moveTransaction } from "../admin/transactions";
import { payoutOutcome, PaymentGatewayError, type VerifiedCharge } from "@kolo/providers";
import type { Services } from "../services";
import { type AfterRelease, rejectHeldIn, releaseHeldIn } from "./fraud";
import { PAYOUT_REQUERY_KIND, applyPayoutOutcomeIn, submitPayout } from "./payouts";
import { type PayoutNoticeServices, sendPayoutEndNotice } from "./payout-notice";
import { PURCHASE_REQUERY_KIND, applyPurchaseAnswerIn, payAndApply } from "./purchases";
import { postTopUpCredit, topUpCreditKey } from "./topup";

type ReviewServices = Pick<Services, "paymentGateway" | "banking" | "purchases" | "jobs"> & PayoutNoticeServices;

const CREDITABLE = new Set<string>(["topup", "credit_unmatched", "purchase", "payout"]);

/** What the provider says about a creditable item: whether money is owed, and a top-up's verified charge. */
interface ProviderVerdict {
  owed: boolean;
  charge?: VerifiedCharge;
}

/**
 * Whether the provider confirms money is owed to the user for `item` (asked with no database
 * connection held): a top-up or unmatched credit the gateway reports paid (Paystack `GET
 * /transaction/verify/{reference}`); a purchase VTpass reports failed or reversed (requery); a
 * payout the bank reports failed or reversed (`GET /transfer/verify/{reference}`). Anything else,
 * or no answer: not owed.
 */
async function askProviderFor(services: ReviewServices, item: schema.ReviewItem): Promise<ProviderVerdict> {
  try {
    if (item.kind === "topup" || item.kind === "credit_unmatched") {
      const charge = await services.paymentGateway.verifyCharge(item.reference);
      return { owed: charge.status === "success", charge };
    }
    if (item.kind === "purchase") {
      const answer = await services.purchases.requery(item.reference);
      return { owed: answer.code !== undefined && answer.outcome === "failed" };
    }
    if (item.kind === "payout") {
      const outcome = payoutOutcome((await services.banking.verifyTransfer(item.reference)).status);
      return { owed: outcome === "failed" || outcome === "reversed" };
    }
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
  }
  return { owed: false };
}

/**
 * Whether the money of `item`'s reference has already been credited or given back: a top-up
 * reference whose record is completed or whose credit entry (`topup:{reference}`) exists; a payout
 * or purchase whose hold is released or reversed. RULE_VIOLATION when the reference names a record
 * a Credit cannot pay (another type, or a payout or purchase without a hold). Locks what it reads
 * when `tx` is a transaction (the record, then its hold).
 */
async function alreadyCredited(tx: DbOrTx, item: schema.ReviewItem): Promise<boolean> {
  const record = await findTransactionByReference(tx, item.reference, { forUpdate: true });
  if (item.kind === "topup" || item.kind === "credit_unmatched") {
    if (record && (record.type !== "topup" || record.recipientId === null)) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.reviewNoCredit);
    return record?.status === "completed" || (await journalEntryExists(tx, topUpCreditKey(item.reference)));
  }
  if (!record || (record.type !== "transfer" && !isPurchaseType(record.type))) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.reviewNoCredit);
  const hold = await lockHoldForTransaction(tx, record);
  if (!hold) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.noHold);
  return hold.status === "released" || hold.status === "reversed";
}

/**
 * A Credit of a top-up reference (kinds topup, credit_unmatched), in `tx`: the wallet gets the
 * gateway's verified amount once, through postTopUpCredit (journal key `topup:{reference}`, the
 * key the webhook, verify and the expiry job use), and the top-up record is completed with
 * `metadata.reviewCredit`; an unmatched credit gets a top-up record under the provider's
 * reference for `userId`. CONFLICT 'Already credited' when the key was taken meanwhile;
 * CONFLICT when the gateway's amount or currency differs from Kolo's record. Answers kobo credited.
 */
async function creditTopUp(tx: DbOrTx, item: schema.ReviewItem, charge: VerifiedCharge, params: { adminId: number; userId: number }): Promise<bigint> {
  const existing = await findTransactionByReference(tx, item.reference);
  const amount = existing?.amount ?? item.amount;
  if (charge.amountKobo !== amount || charge.currency !== "NGN") throw new DomainError("CONFLICT", ADMIN_MESSAGES.reviewAmountDiffers);
  const record =
    existing ??
    (await insertTransactionOnce(tx, {
      type: "topup",
      amount,
      status: "pending",
      reference: item.reference,
      description: "Wallet top-up",
      recipientId: params.userId,
      metadata: { gateway: "paystack", channel: charge.channel ?? null, paidAt: charge.paidAt },
    }));
  if (!record) throw new DomainError("CONFLICT", ADMIN_MESSAGES.alreadyCredited);
  const { created, feesKobo } = await postTopUpCredit(tx, record, charge.feesKobo, `Review credit for ${item.reference}`);
  if (!created) throw new DomainError("CONFLICT", ADMIN_MESSAGES.alreadyCredited);
  await updateTransaction(tx, record.id, "topup", {
    status: "completed",
    metadata: { gatewayFeeKobo: Number(feesKobo), reviewCredit: { reviewItemId: item.id, adminId: params.adminId, at: new Date().toISOString() } },
  });
  return record.amount;
}

/**
 * A Credit of a payout or purchase, in `tx`, through its hold so nothing can give the money back
 * twice: a hold still held is released (the record fails, as the provider's failure would fail
 * it); a hold settled (the record was completed) is reversed (the record is `reversed`). Amount
 * and fee go back to the wallet and the day's allowance. CONFLICT when the record changed
 * meanwhile. Answers kobo given back.
 */
async function refundThroughHold(tx: DbOrTx, services: ReviewServices, item: schema.ReviewItem, note: string): Promise<bigint> {
  const record = await findTransactionByReference(tx, item.reference);
  const hold = record && (await lockHoldForTransaction(tx, record));
  if (!record || !hold) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.noHold);
  const reason = `Refunded after review: ${note}`.slice(0, 500);
  if (record.type === "transfer") {
    const outcome = hold.status === "held" ? "failed" : "reversed";
    const result = await applyPayoutOutcomeIn(tx, services.log, item.reference, { outcome, source: "admin", failureReason: reason });
    if (result.applied !== outcome) throw new DomainError("CONFLICT", ADMIN_MESSAGES.changedMeanwhile);
  } else if (hold.status === "held") {
    const moved = await applyPurchaseAnswerIn(tx, item.reference, { outcome: "failed", description: reason });
    if (moved.status !== "failed") throw new DomainError("CONFLICT", ADMIN_MESSAGES.changedMeanwhile);
  } else {
    const { outcome } = await reverseHold(tx, { reference: item.reference, description: `Purchase ${item.reference} reversed after review: refund` });
    if (outcome !== "reversed") throw new DomainError("CONFLICT", ADMIN_MESSAGES.changedMeanwhile);
    if (!isPurchaseType(record.type)) throw new Error(`Review ${item.id}: ${record.type} is not a purchase`);
    await updateTransaction(tx, record.id, record.type, { status: "reversed", metadata: { failureReason: reason } });
  }
  return hold.amount + hold.fee;
}

/**
 * Marks the item resolved and writes its audit row, in `tx`, then resolves every other open item
 * of the same reference with a note naming this one (one problem, one resolution), each audited.
 * Takes the reference's item locks in id order first. CONFLICT when someone resolved it first.
 */
async function closeItem(
  tx: DbOrTx,
  item: schema.ReviewItem,
  params: { adminId: number; action: ReviewResolution; note: string },
  extra: Record<string, unknown> = {},
) {
  const open = await lockOpenReviewItemsFor(tx, item.reference);
  if (!open.some((o) => o.id === item.id)) throw new DomainError("CONFLICT", ADMIN_MESSAGES.reviewResolved);
  const audit = (closed: schema.ReviewItem, after: Record<string, unknown>) =>
    recordAdminAudit(tx, {
      adminId: params.adminId,
      action: "review_resolve",
      userId: closed.userId,
      subject: `review:${closed.id}`,
      before: { status: "open", kind: closed.kind, cause: closed.cause, reference: closed.reference },
      after: { status: "resolved", ...after },
    });
  const resolved = await resolveReviewItem(tx, item.id, { adminId: params.adminId, resolution: params.action, note: params.note });
  if (!resolved) throw new DomainError("CONFLICT", ADMIN_MESSAGES.reviewResolved);
  await audit(item, { resolution: params.action, note: params.note, ...extra });
  for (const sibling of open.filter((o) => o.id !== item.id)) {
    const note = `Resolved with review item #${item.id} (${params.action}): ${params.note}`.slice(0, 500);
    await resolveReviewItem(tx, sibling.id, { adminId: params.adminId, resolution: params.action, note });
    await audit(sibling, { resolution: params.action, note, resolvedWith: item.id });
  }
  return resolved;
}

/**
 * Release or reject of a payment held by fraud monitoring (docs/product.md "Fraud controls"), in
 * one database transaction with the item's closing and audit: release lets it proceed through its
 * normal path (a P2P completes into the recipient's wallet; a payout or purchase gets its requery
 * job and is then sent to its provider, after the commit); reject releases the hold back to the
 * payer and fails the record. A rejected or at once failed payout's owner is e-mailed
 * (sendPayoutEndNotice). CONFLICT when the payment is no longer held.
 */
async function resolveFraudReview(
  db: Database,
  services: ReviewServices,
  item: schema.ReviewItem,
  params: { adminId: number; action: "release" | "reject"; note: string },
): Promise<schema.ReviewItem> {
  let after: AfterRelease = { kind: "none" };
  const resolved = await db.transaction(async (tx) => {
    if (params.action === "release") {
      after = await releaseHeldIn(tx, services, item, { payout: PAYOUT_REQUERY_KIND, purchase: PURCHASE_REQUERY_KIND });
      return closeItem(tx, item, params, { released: true });
    }
    const back = await rejectHeldIn(tx, item);
    return closeItem(tx, item, params, { refundedKobo: Number(back) });
  });
  const next = after as AfterRelease;
  if (next.kind === "payout" || (params.action === "reject" && (await findTransactionByReference(db, item.reference))?.type === "transfer")) {
    const payout = next.kind === "payout" ? await submitPayout(db, services, item.reference) : undefined;
    if (!payout || !isPayoutInFlight(payout.status)) await sendPayoutEndNotice(db, services, item.reference);
  }
  if (next.kind === "purchase") {
    // An unclear answer is the requery job's, written with the release.
    await payAndApply(db, services, next.call).catch((error: unknown) =>
      services.log.warn({ reference: item.reference, err: String(error) }, "Released purchase: VTpass's answer unclear; the requery job will settle it"),
    );
  }
  return resolved;
}

/**
 * An admin resolves the open review item `id` (POST /api/admin/reviews/{id}/resolve {action, note}; action release or reject for kind fraud):
 * - `dismiss`: closes it with the note; no money moves.
 * - `complete` / `fail`: the item's transaction, still pending or processing, is moved exactly as
 *   an admin's Complete / Fail (moveTransaction: the provider is asked first, 409 with its answer
 *   when it disagrees), and the item is closed in the same database transaction.
 * - `release` / `reject`: only for an item of kind fraud (a payment held by fraud monitoring), and
 *   the only actions it allows: see resolveFraudReview.
 * - `credit`: money owed for the item's reference is paid once, whatever else paid it before or
 *   pays it later: 409 'Already credited' (nothing moves) when the reference was already credited
 *   or given back (alreadyCredited); otherwise, when the provider confirms money is owed
 *   (askProviderFor), a top-up reference is credited through its own key `topup:{reference}`
 *   (creditTopUp) and a payout or purchase is refunded through its hold (refundThroughHold).
 * Resolving an item resolves every other open item of the same reference, with a note naming it.
 * Every resolution is audited (review_resolve). Errors: NOT_FOUND; CONFLICT when the item is
 * already resolved, the reference already credited, or the provider disagrees; RULE_VIOLATION
 * for an action the item does not allow.
 */
export async function resolveReview(
  db: Database,
  services: ReviewServices,
  params: { adminId: number; id: number; action: ReviewResolution; note: string },
): Promise<schema.ReviewItem> {
  const item = await findReviewItem(db, params.id);
  if (!item) throw new DomainError("NOT_FOUND", ADMIN_MESSAGES.reviewNotFound);
  if (item.status !== "open") throw new DomainError("CONFLICT", ADMIN_MESSAGES.reviewResolved);

  if (item.kind === "fraud" || params.action === "release" || params.action === "reject") {
    if (item.kind !== "fraud") throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.onlyFraudReleases);
    if (params.action !== "release" && params.action !== "reject") throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.fraudReleaseOrReject);
    return resolveFraudReview(db, services, item, { ...params, action: params.action });
  }

  if (params.action === "dismiss") return db.transaction((tx) => closeItem(tx, item, params));

  if (params.action === "complete" || params.action === "fail") {
    const record = item.transactionId === null ? undefined : await findTransactionById(db, item.transactionId);
    if (!record || (record.status !== "pending" && record.status !== "processing")) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.reviewNoTransaction);
    let closed: schema.ReviewItem | undefined;
    await moveTransaction(db, services, {
      adminId: params.adminId,
      id: record.id,
      status: params.action === "complete" ? "completed" : "failed",
      within: async (tx, moved) => {
        closed = await closeItem(tx, item, params, { transactionStatus: moved.status });
      },
    });
    return closed as schema.ReviewItem;
  }

  if (!CREDITABLE.has(item.kind)) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.reviewNoCredit);
  if (item.userId === null) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.reviewNoUser);
  const userId = item.userId;
  if (await alreadyCredited(db, item)) throw new DomainError("CONFLICT", ADMIN_MESSAGES.alreadyCredited);
  const verdict = await askProviderFor(services, item);
  if (!verdict.owed) throw new DomainError("CONFLICT", ADMIN_MESSAGES.reviewCreditNotConfirmed);
  const resolved = await db.transaction(async (tx) => {
    // Locks in the order every money path takes them: the record, its hold, then the review items (closeItem).
    if (await alreadyCredited(tx, item)) throw new DomainError("CONFLICT", ADMIN_MESSAGES.alreadyCredited);
    const credited =
      item.kind === "topup" || item.kind === "credit_unmatched"
        ? await creditTopUp(tx, item, verdict.charge as VerifiedCharge, { adminId: params.adminId, userId })
        : await refundThroughHold(tx, services, item, params.note);
    return closeItem(tx, item, params, { creditedKobo: Number(credited) });
  });
  // A payout refunded after review is told to its owner like the provider's failure.
  if (item.kind === "payout") await sendPayoutEndNotice(db, services, item.reference);
  return resolved;
}
