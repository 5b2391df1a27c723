import { randomBytes } from "node:crypto";
import {
  type Database,
  type DbOrTx,
  ensureUserWallet,
  openReviewItem,
  findTransactionByIdempotencyKey,
  findTransactionByReference,
  holdFunds,
  releaseHold,
  type schema,
  settleHold,
  updateTransaction,
  insertTransaction,
  withIdempotencyLock,
} from "@kolo/db";
import {
  DomainError,
  PURCHASE_MESSAGES,
  SYSTEM_ACCOUNTS,
  formatElectricityToken,
  isHeldForReview,
  isPurchaseType,
  lagosDate,
  ownDailyLimitAt,
  vtpassRequestId,
} from "@kolo/domain";
import type { RequeryKind } from "../jobs/requery";
import type { PayInput, PurchaseAnswer } from "@kolo/providers";
import type { Services } from "../services";
import { holdForReview, screenMoneyOut } from "./fraud";
import { type PurchaseOrder, sameOrder } from "./purchase-kinds";

/**
 * Purchases from VTpass: airtime, data and electricity (docs/decisions.md; docs/adding-a-movement.md
 * example 2). Each kind (./purchase-kinds) builds its order; this kit does the rest, the same for
 * every kind: a purchase is a hold. Accepting it records it `pending` and holds the amount (balance
 * and daily limit checked by the ledger kit) in one database transaction; then VTpass is asked,
 * outside it. `delivered` settles the hold into vtpass_clearing (status `completed`, with the
 * token and units when VTpass gives them); `016` and the other refusals release it (status
 * `failed`, money back); anything unclear (099, 014, a timeout, no answer, HTTP 500) leaves it
 * `pending` for the "purchase" requery job, never refunded on a guess. The VTpass request_id is
 * the record's reference and the hold's: the retry key, so a retried purchase reuses it and
 * VTpass refuses a second purchase with it (014).
 */

export interface PurchaseRequest {
  user: schema.User;
  /** What to buy, as its kind built it (airtimeOrder, dataOrder, electricityOrder). */
  order: PurchaseOrder;
  /** The client's retry key: a repeat answers the same purchase (same request_id), never a second one. */
  idempotencyKey?: string;
  now: Date;
  /** The `kolo_device` cookie's token (fraud monitoring's new-device rule). */
  deviceToken?: string;
}

export interface PurchaseResult {
  transaction: schema.TransactionRecord;
  /** True when an earlier request with the same idempotency key is answered again. */
  replayed: boolean;
}

/** How long a purchase request waits for VTpass before answering 202 pending (below REQUEST_TIMEOUT_MS' 15 s default). */
export const PURCHASE_ANSWER_BUDGET_MS = 10_000;

/** The requery job's kind for purchases (packages/api/src/jobs/kinds.ts). */
export const PURCHASE_REQUERY_KIND = "purchase";

/**
 * Accepts a purchase and asks VTpass (see the module comment). Returns the record as it stands
 * when VTpass answered or PURCHASE_ANSWER_BUDGET_MS passed: `completed`, `pending` (the job
 * settles it later) or `failed` (money back). Errors: INSUFFICIENT_BALANCE, DAILY_LIMIT_EXCEEDED
 * (nothing held), IDEMPOTENCY_KEY_REUSED (the key names a different purchase). Fraud monitoring
 * (docs/product.md "Fraud controls") screens it in the accepting transaction: a hit answers the
 * record `pending` held for review, VTpass not asked (releaseHeldIn resumes it).
 */
export async function buyPurchase(db: Database, services: Services, request: PurchaseRequest): Promise<PurchaseResult> {
  const { order } = request;
  const accepted = await db.transaction(async (tx) => {
    const key = request.idempotencyKey;
    const earlier =
      key === undefined
        ? undefined
        : await withIdempotencyLock(tx, { ownerId: request.user.id, key }, () => findTransactionByIdempotencyKey(tx, request.user.id, key));
    if (earlier) {
      if (!sameOrder(earlier, order)) throw new DomainError("IDEMPOTENCY_KEY_REUSED", PURCHASE_MESSAGES.idempotencyKeyReused);
      return { record: earlier, replayed: true };
    }
    const requestId = vtpassRequestId(request.now, randomBytes(8).toString("hex"));
    const record = await insertTransaction(tx, {
      type: order.type,
      amount: order.amountKobo,
      fee: 0n,
      status: "pending",
      reference: requestId,
      description: order.description,
      senderId: request.user.id,
      recipientId: null,
      idempotencyKey: request.idempotencyKey ?? null,
      metadata: { ...order.metadata, requestId },
    });
    // Fraud monitoring reads the balance before the hold (docs/product.md "Fraud controls").
    const rules = await screenMoneyOut(tx, record, { deviceToken: request.deviceToken, now: request.now });
    await holdFunds(tx, {
      reference: requestId,
      walletAccountId: await ensureUserWallet(tx, request.user.id),
      userId: request.user.id,
      verificationLevel: request.user.verificationLevel,
      ownDailyLimitKobo: ownDailyLimitAt(request.user, request.now),
      amountKobo: order.amountKobo,
      day: lagosDate(request.now),
      transactionId: record.id,
      kind: "purchase-hold",
      description: `Hold for ${requestId}`,
    });
    // Held for review: VTpass is not asked, and no job written, until an admin releases it.
    if (rules.length > 0) return { record: await holdForReview(tx, record, rules, { serviceId: order.serviceId, ...order.pay }), replayed: false };
    // Durable first, and with the hold: the job settles the purchase even if this process stops
    // while VTpass is asked, and a job that cannot be written rolls the hold back.
    await services.jobs.requery(PURCHASE_REQUERY_KIND, requestId, { tx });
    return { record, replayed: false };
  });

  const { record, replayed } = accepted;
  if (record.status !== "pending" || isHeldForReview(record)) return { transaction: record, replayed };

  const ask = payAndApply(db, services, { requestId: record.reference, serviceId: order.serviceId, ...order.pay });
  const work = ask.catch((error: unknown) => {
    services.log.warn({ reference: record.reference, err: String(error) }, "Purchase: applying VTpass's answer failed; the requery job will settle it");
    return undefined;
  });
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), PURCHASE_ANSWER_BUDGET_MS)));
  const settled = await Promise.race([work, budget]);
  clearTimeout(timer);
  return { transaction: settled ?? (await findTransactionByReference(db, record.reference)) ?? record, replayed };
}

/**
 * Asks VTpass to make the purchase `call.requestId` (its /pay; 014, already bought, is asked again
 * by requery) and applies the answer (applyPurchaseAnswer). Also a released held purchase's call.
 */
export async function payAndApply(db: Database, services: Pick<Services, "purchases">, call: PayInput): Promise<schema.TransactionRecord> {
  let answer = await services.purchases.pay(call);
  // 014: this request_id was already bought (a retry after a timeout): ask for its state instead.
  if (answer.code === "014") answer = await services.purchases.requery(call.requestId);
  return applyPurchaseAnswer(db, call.requestId, answer);
}

/**
 * Applies VTpass's answer about the purchase `reference` exactly once: delivered settles the hold
 * into vtpass_clearing (status completed), failed releases it (status failed), pending changes
 * nothing but the provider's transaction id. Under the record's row lock, so a purchase call and
 * a requery answering together apply it once. Returns the record afterwards.
 */
export async function applyPurchaseAnswer(db: Database, reference: string, answer: PurchaseAnswer): Promise<schema.TransactionRecord> {
  return db.transaction((tx) => applyPurchaseAnswerIn(tx, reference, answer));
}

const answerText = (answer: PurchaseAnswer) => `${answer.code ?? ""} ${answer.description}`.trim().slice(0, 500);

/**
 * applyPurchaseAnswer inside the caller's database transaction `tx` (the requery job, a purchase
 * call and an admin's Complete/Fail all end here). An answer that contradicts a final state (a
 * delivery reported for a purchase that was refunded, a failure for one completed) moves no money
 * and opens a review item (cause contradiction; docs/money-integrity.md).
 */
export async function applyPurchaseAnswerIn(tx: DbOrTx, reference: string, answer: PurchaseAnswer): Promise<schema.TransactionRecord> {
  const record = await findTransactionByReference(tx, reference, { forUpdate: true });
  if (!record || !isPurchaseType(record.type)) throw new Error(`No purchase with reference ${reference}`);
  const type = record.type;
  if (record.status !== "pending") {
    const contradicts = (answer.outcome === "delivered" && record.status === "failed") || (answer.outcome === "failed" && record.status === "completed");
    if (contradicts) {
      await openReviewItem(tx, {
        key: `contradiction:purchase:${reference}:${answer.outcome}`,
        kind: "purchase",
        cause: "contradiction",
        reference,
        transactionId: record.id,
        userId: record.senderId,
        amountKobo: record.amount,
        reason: `VTpass reports the purchase ${answer.outcome} after Kolo ended it as ${record.status}: no money moved`,
        providerStatus: answerText(answer),
      });
    }
    return record;
  }
  const providerTransactionId = answer.transactionId ? { providerTransactionId: answer.transactionId } : {};
  if (answer.outcome === "delivered") {
    const { outcome } = await settleHold(tx, { reference, destination: SYSTEM_ACCOUNTS.vtpassClearing, description: `Purchase ${reference} delivered` });
    const delivery = {
      ...providerTransactionId,
      ...(answer.token ? { token: formatElectricityToken(answer.token).slice(0, 200) } : {}),
      ...(answer.units ? { units: answer.units.slice(0, 100) } : {}),
    };
    if (outcome === "settled") return updateTransaction(tx, record.id, type, { status: "completed", metadata: delivery });
    return record;
  }
  if (answer.outcome === "failed") {
    const { outcome } = await releaseHold(tx, { reference, description: `Purchase ${reference} failed: refund` });
    if (outcome === "released") {
      return updateTransaction(tx, record.id, type, { status: "failed", metadata: { ...providerTransactionId, failureReason: answerText(answer) } });
    }
    return record;
  }
  if (answer.transactionId && !("providerTransactionId" in record.metadata && record.metadata.providerTransactionId)) {
    return updateTransaction(tx, record.id, type, { status: "pending", metadata: providerTransactionId });
  }
  return record;
}

/** The requery job's check for a purchase: "final" once it is completed or failed, else "pending" (ask again). */
export async function requeryPurchase(db: Database, services: Pick<Services, "purchases">, reference: string): Promise<"final" | "pending"> {
  const record = await findTransactionByReference(db, reference);
  if (!record || record.status !== "pending") return "final";
  const answer = await services.purchases.requery(reference);
  const after = await applyPurchaseAnswer(db, reference, answer);
  return after.status === "pending" ? "pending" : "final";
}

/**
 * After 24 h still pending: marks the purchase for an admin (metadata.needsReview) and opens a
 * review item (cause stuck); the money stays held.
 */
export async function flagPurchase(db: Database, reference: string, now: Date = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const record = await findTransactionByReference(tx, reference, { forUpdate: true });
    if (!record || record.status !== "pending" || !isPurchaseType(record.type)) return;
    await updateTransaction(tx, record.id, record.type, { status: "pending", metadata: { needsReview: true } });
    await openReviewItem(tx, {
      key: `stuck:purchase:${reference}`,
      kind: "purchase",
      cause: "stuck",
      reference,
      transactionId: record.id,
      userId: record.senderId,
      amountKobo: record.amount,
      reason: `No final answer from VTpass within 24 hours (flagged ${now.toISOString()}); the money is still held`,
      providerStatus: null,
    });
  });
}

/**
 * The "purchase" requery kind (packages/api/src/jobs/kinds.ts): every 30 s, backing off, for 24 h
 * (nextRequery), asks VTpass about a pending purchase and settles or refunds it; then flags it.
 */
export const purchaseRequeryKind: RequeryKind = {
  kind: PURCHASE_REQUERY_KIND,
  check: (ctx, reference) => requeryPurchase(ctx.db, ctx.services, reference),
  flag: (ctx, reference) => flagPurchase(ctx.db, reference, ctx.now),
};
