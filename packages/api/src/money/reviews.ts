// Resolving a review item (docs/money-integrity.md "Review queue"): Complete, Fail, Credit or
// Dismiss, each asking the provider first where money would move, each audited in the same
// database transaction as the resolution and any money it moves.
import {
  type Database,
  type DbOrTx,
  ensureUserWallet,
  findReviewItem,
  findTransactionById,
  insertTransactionOnce,
  postJournalEntry,
  recordAdminAudit,
  resolveReviewItem,
  type ReviewResolution,
  type schema,
  systemAccountId,
} from "@kolo/db";
import { ADMIN_MESSAGES, DomainError, SYSTEM_ACCOUNTS, type SystemAccountCode, koboToNaira } from "@kolo/domain";
import { moveTransaction } from "../admin/transactions";
import { payoutOutcome } from "../providers/banking";
import { PaymentGatewayError } from "../providers/payment-gateway";
import type { Services } from "../services";

type ReviewServices = Pick<Services, "paymentGateway" | "banking" | "purchases" | "log">;

/** Where a Credit's money comes from, by what the item is about: the account holding what the provider kept or returned. */
const CREDIT_SOURCES: Record<string, SystemAccountCode> = {
  topup: SYSTEM_ACCOUNTS.gatewayClearing,
  credit_unmatched: SYSTEM_ACCOUNTS.gatewayClearing,
  purchase: SYSTEM_ACCOUNTS.vtpassClearing,
  payout: SYSTEM_ACCOUNTS.payoutsInTransit,
};

/**
 * Whether the provider confirms money is owed to the user for `item` (asked with no database
 * connection held): a top-up or unmatched credit the gateway reports paid; a purchase VTpass
 * reports failed or reversed; a payout the bank reports failed or reversed. Anything else, or no
 * answer: false.
 */
async function providerOwesUser(services: ReviewServices, item: schema.ReviewItem): Promise<boolean> {
  try {
    if (item.kind === "topup" || item.kind === "credit_unmatched") return (await services.paymentGateway.verifyCharge(item.reference)).status === "success";
    if (item.kind === "purchase") {
      const answer = await services.purchases.requery(item.reference);
      return answer.code !== undefined && answer.outcome === "failed";
    }
    if (item.kind === "payout") {
      const outcome = payoutOutcome((await services.banking.verifyTransfer(item.reference)).status);
      return outcome === "failed" || outcome === "reversed";
    }
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
  }
  return false;
}

/** Marks the item resolved and writes its audit row, in `tx`; CONFLICT when someone resolved it first. */
async function closeItem(
  tx: DbOrTx,
  item: schema.ReviewItem,
  params: { adminId: number; action: ReviewResolution; note: string },
  extra: Record<string, unknown> = {},
) {
  const resolved = await resolveReviewItem(tx, item.id, { adminId: params.adminId, resolution: params.action, note: params.note });
  if (!resolved) throw new DomainError("CONFLICT", ADMIN_MESSAGES.reviewResolved);
  await recordAdminAudit(tx, {
    adminId: params.adminId,
    action: "review_resolve",
    userId: item.userId,
    subject: `review:${item.id}`,
    before: { status: "open", kind: item.kind, cause: item.cause, reference: item.reference },
    after: { status: "resolved", resolution: params.action, note: params.note, ...extra },
  });
  return resolved;
}

/**
 * An admin resolves the open review item `id` (POST /api/admin/reviews/{id}/resolve {action, note}):
 * - `dismiss`: closes it with the note; no money moves.
 * - `complete` / `fail`: the item's transaction, still pending or processing, is moved exactly as
 *   an admin's Complete / Fail (moveTransaction: the provider is asked first, 409 with its answer
 *   when it disagrees), and the item is closed in the same database transaction.
 * - `credit`: when the provider confirms money is owed (providerOwesUser), the item's user is
 *   credited the item's amount (kobo) from the system account that holds it (gateway clearing,
 *   VTpass clearing or payouts in transit), as a completed `other` record and one journal entry
 *   keyed `review:{id}:credit`, so it can never happen twice.
 * Every resolution is audited (review_resolve). Errors: NOT_FOUND; CONFLICT when the item is
 * already resolved or the provider disagrees; RULE_VIOLATION for an action the item does not allow.
 */
export async function resolveReview(
  db: Database,
  services: ReviewServices,
  params: { adminId: number; id: number; action: ReviewResolution; note: string },
): Promise<schema.ReviewItem> {
  const item = await findReviewItem(db, params.id);
  if (!item) throw new DomainError("NOT_FOUND", ADMIN_MESSAGES.reviewNotFound);
  if (item.status !== "open") throw new DomainError("CONFLICT", ADMIN_MESSAGES.reviewResolved);

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

  const source = CREDIT_SOURCES[item.kind];
  if (!source) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.reviewNoCredit);
  if (item.userId === null) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.reviewNoUser);
  if (!(await providerOwesUser(services, item))) throw new DomainError("CONFLICT", ADMIN_MESSAGES.reviewCreditNotConfirmed);
  const userId = item.userId;
  return db.transaction(async (tx) => {
    const locked = await findReviewItem(tx, item.id, { forUpdate: true });
    if (locked?.status !== "open") throw new DomainError("CONFLICT", ADMIN_MESSAGES.reviewResolved);
    const description = `Review credit for ${item.reference}`;
    const record = await insertTransactionOnce(tx, {
      type: "other",
      amount: item.amount,
      status: "completed",
      reference: `KOLO-REV-${item.id}`,
      description,
      recipientId: userId,
      metadata: { adminId: params.adminId, reason: params.note.slice(0, 500), direction: "credit" },
    });
    await postJournalEntry(tx, {
      idempotencyKey: `review:${item.id}:credit`,
      kind: "review-credit",
      description,
      postings: [
        { accountId: await ensureUserWallet(tx, userId), amount: item.amount },
        { accountId: await systemAccountId(tx, source), amount: -item.amount },
      ],
      transactionId: record?.id,
    });
    return closeItem(tx, item, params, { credited: koboToNaira(item.amount), from: source });
  });
}
