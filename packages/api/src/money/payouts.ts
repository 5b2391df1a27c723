// Payouts: withdrawals and bank transfers to a saved bank account (docs/product.md#banking-and-withdrawals,
// "/transfer/bank"; docs/decisions.md "Limits", "Banking", "Providers";
// docs/adding-a-movement.md example 2). A payout is a hold, then a settlement:
//
//   accept   record `pending` + hold of amount + fee (daily limit and balance checked under the
//            counter's and the wallet's locks), one database transaction; nothing reaches the provider before it commits
//   submit   transfer recipient (once per account) and POST /transfer with the payout's reference,
//            Paystack's idempotency key: a retry of the same payout never pays twice
//   apply    the provider's answer, once, under the record's row lock: queued/unclear -> `processing`;
//            success -> settle (`completed`); failed -> release (`failed`); reversed -> reverse
//            (`reversed`). Webhooks, verify calls and the requery job all end here, in any order,
//            any number of times. A timeout or 5xx never refunds: it stays `processing`.
import { randomBytes } from "node:crypto";
import {
  type Database,
  type DbOrTx,
  ensureMerchantWallet,
  ensureUserWallet,
  findBankAccountForPayout,
  findPayoutRecipientCode,
  findTransactionByIdempotencyKey,
  findTransactionByReference,
  holdFunds,
  insertTransaction,
  isUniqueViolation,
  openReviewItem,
  patchTransactionMetadata,
  releaseHold,
  reverseHold,
  type schema,
  settleHold,
  updateTransaction,
  withIdempotencyLock,
} from "@kolo/db";
import {
  DomainError,
  PAYOUT_MESSAGES,
  SYSTEM_ACCOUNTS,
  type TransactionMetadataMap,
  assertFeeMatches,
  isDomainError,
  isHeldForReview,
  isPayoutInFlight,
  lagosDate,
  payoutFeeKobo,
  payoutReference,
  ownDailyLimitAt,
} from "@kolo/domain";
import { type PayoutOutcome, type PayoutTransfer, payoutOutcome, PaymentGatewayError } from "@kolo/providers";
import type { JobScheduler } from "../jobs/requery";
import type { Services } from "../services";
import { holdForReview, screenMoneyOut } from "./fraud";
import { type PayoutNoticeServices, sendPayoutEndNotice } from "./payout-notice";

type PayoutMetadata = TransactionMetadataMap["transfer"];
export type PayoutChannel = PayoutMetadata["channel"];
type PayoutRecord = schema.TransactionRecord;
type Log = Services["log"];

export interface PayoutRequest {
  user: schema.User;
  channel: PayoutChannel;
  /** The user's saved account to pay; or `recipient` instead (a bank transfer to anyone). */
  bankAccountId?: number;
  /** Any account, its name already resolved by the provider (resolveBankRecipient), when there is no `bankAccountId`. */
  recipient?: PayoutRecipient;
  /** Kobo, at least MIN_WITHDRAWAL_KOBO (checked by the input schema). */
  amountKobo: bigint;
  /** Bank transfer: the fee the client computed, kobo; a different figure is FEE_MISMATCH. */
  clientFeeKobo?: bigint;
  /** Client-generated; a repeat answers the first payout and starts nothing new. */
  idempotencyKey?: string;
  /** Bank transfer: the sender's optional note (narrationSchema), stored as `note` and sent to the bank as the reason. */
  narration?: string;
  /** The clock of the daily limit's Lagos day (default: now). */
  now?: Date;
  /** The `kolo_device` cookie's token (fraud monitoring's new-device rule). */
  deviceToken?: string;
  /**
   * A merchant settlement (channel `merchant_settlement`): the merchant whose balance pays it (the
   * owner's merchant wallet instead of the user's wallet), and whether the daily job started it.
   */
  merchant?: { id: number; automatic: boolean };
}

/** An account paid by number (docs/product.md "Transfers to any bank account"). */
export interface PayoutRecipient {
  bankName: string;
  bankCode: string;
  accountNumber: string;
  /** As the provider resolved it. */
  accountName: string;
}

export interface PayoutResult {
  transaction: PayoutRecord;
  /** True when an earlier request with the same idempotency key is answered again. */
  replayed: boolean;
}

const metadataOf = (record: PayoutRecord) => record.metadata as PayoutMetadata;
const isPayout = (record: PayoutRecord | undefined): record is PayoutRecord => record?.type === "transfer" && "channel" in record.metadata;

/**
 * With an idempotency key: serialises the sender's requests under that key (advisory lock until
 * the transaction ends, the same lock space as merchant payments) and answers the payout made
 * under it earlier. Another request under the same key is IDEMPOTENCY_KEY_REUSED.
 */
async function replayOf(tx: DbOrTx, request: PayoutRequest): Promise<PayoutRecord | undefined> {
  if (request.idempotencyKey === undefined) return undefined;
  const key = request.idempotencyKey;
  return withIdempotencyLock(tx, { ownerId: request.user.id, key }, async () => {
    const earlier = await findTransactionByIdempotencyKey(tx, request.user.id, key);
    if (!earlier) return undefined;
    const same =
      isPayout(earlier) &&
      earlier.amount === request.amountKobo &&
      metadataOf(earlier).channel === request.channel &&
      metadataOf(earlier).bankAccountId === request.bankAccountId &&
      (request.recipient === undefined ||
        (metadataOf(earlier).bankCode === request.recipient.bankCode && metadataOf(earlier).accountNumber === request.recipient.accountNumber));
    if (!same) throw new DomainError("IDEMPOTENCY_KEY_REUSED", PAYOUT_MESSAGES.idempotencyKeyReused);
    return earlier;
  });
}

/**
 * Accepts a payout (docs/decisions.md): the saved account must be the user's (NOT_FOUND 'Bank
 * account not found'), or, without one, the resolved `recipient` is paid (a bank transfer to
 * anyone); the bank transfer's client fee must equal payoutFeeKobo (FEE_MISMATCH
 * 'Fee mismatch' {expectedFee}); amount + fee must be within the balance (INSUFFICIENT_BALANCE:
 * withdrawal 'Insufficient funds. You need {total}.', bank transfer 'Your balance is
 * insufficient. You need {total} (including {fee} fee)', details {total, fee} kobo, naira on the wire) and today's
 * limit (DAILY_LIMIT_EXCEEDED {remainingAllowance, dailyLimit}). Writes the `transfer` record
 * (status `pending`, a Paystack-valid reference) and holds amount + fee, in one database
 * transaction, together with the payout's requery job when `jobs` is given (docs/money-integrity.md
 * "No money held without its follow-up": a job that cannot be written rolls the hold back). Calls
 * no provider (submitPayout does). IDEMPOTENCY_KEY_REUSED for a key used by another request.
 * Fraud monitoring (docs/product.md "Fraud controls") screens it in the same transaction: a hit
 * keeps the hold, writes no requery job and marks the record held for review (holdForReview).
 */
export async function acceptPayout(db: Database, request: PayoutRequest, jobs?: JobScheduler): Promise<PayoutResult> {
  const { user, channel, amountKobo } = request;
  if (request.clientFeeKobo !== undefined) assertFeeMatches(amountKobo, request.clientFeeKobo);
  const feeKobo = payoutFeeKobo(amountKobo);
  const now = request.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      const earlier = await replayOf(tx, request);
      if (earlier) return { transaction: earlier, replayed: true };
      const saved = request.bankAccountId === undefined ? undefined : await findBankAccountForPayout(tx, user.id, request.bankAccountId);
      const account = saved ?? (request.bankAccountId === undefined ? request.recipient : undefined);
      if (!account) throw new DomainError("NOT_FOUND", PAYOUT_MESSAGES.bankAccountNotFound, { bankAccountId: [PAYOUT_MESSAGES.bankAccountNotFound] });
      const reference = payoutReference(channel, randomBytes(16).toString("hex"));
      const description =
        channel === "withdrawal"
          ? `Withdrawal to ${account.bankName}`
          : channel === "merchant_settlement"
            ? `Settlement to ${account.accountName} (${account.bankName})`
            : `Bank transfer to ${account.accountName} (${account.bankName})`;
      const record = await insertTransaction(tx, {
        type: "transfer",
        amount: amountKobo,
        fee: feeKobo,
        status: "pending",
        reference,
        description,
        senderId: user.id,
        recipientId: null,
        idempotencyKey: request.idempotencyKey ?? null,
        metadata: {
          channel,
          bankName: account.bankName,
          bankCode: account.bankCode,
          accountNumber: account.accountNumber,
          accountName: account.accountName,
          feeKobo: Number(feeKobo),
          ...(saved ? { bankAccountId: saved.id } : {}),
          ...(request.merchant ? { merchantId: request.merchant.id, automatic: request.merchant.automatic } : {}),
          narration: request.narration ?? description,
          ...(request.narration !== undefined ? { note: request.narration } : {}),
        },
      });
      // Fraud monitoring reads the balance before the hold (docs/product.md "Fraud controls"); a
      // merchant settlement pays the owner's own settlement account and is not screened.
      const rules = request.merchant ? [] : await screenMoneyOut(tx, record, { deviceToken: request.deviceToken, now });
      await holdFunds(tx, {
        reference,
        walletAccountId: request.merchant ? await ensureMerchantWallet(tx, user.id) : await ensureUserWallet(tx, user.id),
        userId: user.id,
        verificationLevel: user.verificationLevel,
        ownDailyLimitKobo: ownDailyLimitAt(user, now),
        amountKobo,
        feeKobo,
        day: lagosDate(now),
        transactionId: record.id,
        kind: "payout-hold",
        description: `Hold for ${description}`,
      });
      // Held for review: no requery job and no provider call until an admin releases it (its job is written then).
      if (rules.length > 0) return { transaction: await holdForReview(tx, record, rules), replayed: false };
      // The follow-up is part of the hold: the requery job commits with it, or neither does.
      await jobs?.requery(PAYOUT_REQUERY_KIND, reference, { tx });
      return { transaction: record, replayed: false };
    });
  } catch (error) {
    if (isDomainError(error) && error.code === "INSUFFICIENT_BALANCE") {
      const total = amountKobo + feeKobo;
      const message = channel === "withdrawal" ? PAYOUT_MESSAGES.insufficientFunds(total) : PAYOUT_MESSAGES.insufficientBalanceTransfer(total, feeKobo);
      throw new DomainError("INSUFFICIENT_BALANCE", message, { total, fee: feeKobo });
    }
    // The key was taken at the same instant by another kind of request (P2P, merchant payment).
    if (isUniqueViolation(error, "transactions_sender_idempotency_key")) throw new DomainError("IDEMPOTENCY_KEY_REUSED", PAYOUT_MESSAGES.idempotencyKeyReused);
    throw error;
  }
}

/** What the provider said about a payout, for applyPayoutOutcome. */
export interface PayoutReport {
  /** `pending`: queued or not known yet (also a timeout or a 5xx): never a refund. */
  outcome: PayoutOutcome;
  /** Where it came from (logged): the transfer call, a webhook, a verify call (also the requery job's), or an admin's Complete/Fail. */
  source: "transfer" | "webhook" | "verify" | "admin";
  transferCode?: string;
  /** The bank's NIP session id, when the provider gave one. */
  sessionId?: string;
  providerStatus?: string;
  /** The provider's amount, kobo: a different figure than the record's is not applied (flagged for review). */
  amountKobo?: bigint;
  failureReason?: string;
}

/** What applyPayoutOutcome did: the status it moved the record to, or "none". */
export type PayoutApplied = "processing" | "completed" | "failed" | "reversed" | "none";

/**
 * Applies a provider's answer to the payout `reference` exactly once, whatever the order and
 * number of webhooks, verify answers and job runs (docs/decisions.md, "Banking"). Under the
 * record's row lock: `pending` moves `pending` to `processing`; `success` settles the hold
 * (amount to payouts in transit, fee to fee income; `completed`); `failed` releases it (amount and
 * fee back to the wallet and the day's allowance; `failed`); `reversed` reverses a settlement, or
 * settles and reverses a payout still in flight (the webhooks came out of order), amount and fee
 * back (`reversed`). Answers that contradict a final state (a success after a failure, an amount
 * that differs) move no money: the record gets `needsReview` and a warning is logged. An unknown
 * reference (not a payout) answers "none" with no record. An admin's Complete / Fail of a payout
 * (docs/decisions.md) is this with outcome `success` / `failed` and source `admin`, so it races
 * webhooks and the job safely.
 */
export async function applyPayoutOutcome(
  db: Database,
  log: Log,
  reference: string,
  report: PayoutReport,
): Promise<{ transaction: PayoutRecord | undefined; applied: PayoutApplied }> {
  return db.transaction((tx) => applyPayoutOutcomeIn(tx, log, reference, report));
}

/**
 * applyPayoutOutcome inside the caller's database transaction `tx` (an admin's Complete/Fail
 * writes its audit record in the same transaction, docs/decisions.md). Same rules and answers.
 */
export async function applyPayoutOutcomeIn(
  tx: DbOrTx,
  log: Log,
  reference: string,
  report: PayoutReport,
): Promise<{ transaction: PayoutRecord | undefined; applied: PayoutApplied }> {
  const record = await findTransactionByReference(tx, reference, { forUpdate: true });
  if (!isPayout(record)) return { transaction: undefined, applied: "none" as const };
  const info: Partial<PayoutMetadata> = {
    ...(report.transferCode !== undefined ? { transferCode: report.transferCode } : {}),
    ...(report.sessionId !== undefined ? { sessionId: report.sessionId } : {}),
    ...(report.providerStatus !== undefined ? { providerStatus: report.providerStatus } : {}),
  };
  const review = async (reason: string) => {
    log.warn({ reference, source: report.source, outcome: report.outcome, status: record.status, reason }, "Payout answer needs an admin's review");
    await openReviewItem(tx, {
      key: `contradiction:payout:${reference}:${report.outcome}:${report.amountKobo ?? ""}`,
      kind: "payout",
      cause: "contradiction",
      reference,
      transactionId: record.id,
      userId: record.senderId,
      amountKobo: report.amountKobo ?? record.amount,
      reason,
      providerStatus: report.providerStatus ?? report.outcome,
    });
    return {
      transaction: await patchTransactionMetadata(tx, record.id, "transfer", { ...info, needsReview: true, reviewReason: reason }),
      applied: "none" as const,
    };
  };
  const move = async (status: Exclude<PayoutApplied, "none">, metadata: Partial<PayoutMetadata> = {}) => ({
    transaction: await updateTransaction(tx, record.id, "transfer", { status, metadata: { ...info, ...metadata } }),
    applied: status,
  });
  const unchanged = { transaction: record, applied: "none" as const };

  if (report.amountKobo !== undefined && report.amountKobo !== record.amount) {
    return review(`Provider amount ${report.amountKobo} kobo differs from the payout's ${record.amount} kobo`);
  }
  const inFlight = isPayoutInFlight(record.status);
  const ended = (what: string, outcome: string) => {
    if (!outcome.startsWith(what)) throw new Error(`Payout ${reference}: hold ${outcome} while the record was ${record.status}`);
  };
  switch (report.outcome) {
    case "pending": {
      if (record.status === "pending") return move("processing");
      const meta = metadataOf(record);
      const news = Object.entries(info).some(([key, value]) => meta[key as keyof PayoutMetadata] !== value);
      if (record.status === "processing" && news)
        return { transaction: await patchTransactionMetadata(tx, record.id, "transfer", info), applied: "none" as const };
      return unchanged;
    }
    case "success": {
      if (inFlight) {
        const { outcome } = await settleHold(tx, { reference, destination: SYSTEM_ACCOUNTS.payoutsInTransit, description: `Payout ${reference} paid` });
        ended("settled", outcome);
        return move("completed");
      }
      if (record.status === "failed") return review("Provider reported success after the payout was failed and refunded");
      return unchanged;
    }
    case "failed": {
      if (inFlight) {
        const { outcome } = await releaseHold(tx, { reference, description: `Payout ${reference} failed: refund` });
        ended("released", outcome);
        return move("failed", { failureReason: report.failureReason ?? "The bank transfer failed" });
      }
      if (record.status === "completed") return review("Provider reported a failure after the payout was completed");
      return unchanged;
    }
    case "reversed": {
      if (inFlight) {
        // The reversal came before the success it reverses: settle, then reverse, so the
        // ledger tells the provider's story and the money comes back once.
        const settled = await settleHold(tx, { reference, destination: SYSTEM_ACCOUNTS.payoutsInTransit, description: `Payout ${reference} paid` });
        ended("settled", settled.outcome);
      }
      if (inFlight || record.status === "completed") {
        const { outcome } = await reverseHold(tx, { reference, description: `Payout ${reference} reversed: refund` });
        ended("reversed", outcome);
        return move("reversed", { failureReason: report.failureReason ?? "The bank reversed the transfer" });
      }
      return unchanged;
    }
  }
}

/** A provider's clear refusal of the request itself (bad parameters, unknown account): not a timeout, 5xx, 401 or 429. */
const isRefusal = (error: unknown): error is PaymentGatewayError =>
  error instanceof PaymentGatewayError && error.status !== undefined && [400, 404, 409, 422].includes(error.status);
const isNotFound = (error: unknown) => error instanceof PaymentGatewayError && error.status === 404;
const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

const reportOf = (transfer: PayoutTransfer, source: PayoutReport["source"]): PayoutReport => ({
  outcome: payoutOutcome(transfer.status),
  source,
  transferCode: transfer.transferCode,
  ...(transfer.sessionId !== undefined ? { sessionId: transfer.sessionId } : {}),
  providerStatus: transfer.status,
  amountKobo: transfer.amountKobo,
});

/** The recipient code an earlier payout of this user to the same account got ("RCP_…"), if any. */
const knownRecipientCode = (db: Database, record: PayoutRecord): Promise<string | undefined> =>
  findPayoutRecipientCode(db, { senderId: record.senderId, accountNumber: metadataOf(record).accountNumber, bankCode: metadataOf(record).bankCode ?? "" });

/**
 * Sends an accepted payout to the provider (Paystack "Transfers"): creates the transfer recipient
 * unless this account has one, then POST /transfer with the payout's reference (the retry key:
 * calling this again never pays twice), and applies the answer (applyPayoutOutcome). A clear
 * refusal (400/404/409/422) fails the payout and refunds it only once GET /transfer/verify
 * confirms the provider holds no transfer under the reference; a timeout, 5xx, 401 or 429 leaves
 * it in flight (`pending` before the provider got it, else `processing`) for the requery job.
 * Returns the record as it now stands. Does nothing to a payout that is no longer in flight.
 */
export async function submitPayout(db: Database, services: Pick<Services, "banking" | "log">, reference: string): Promise<PayoutRecord> {
  const record = await findTransactionByReference(db, reference);
  if (!isPayout(record)) throw new Error(`No payout with reference ${reference}`);
  // A payout held by fraud monitoring reaches the provider only once an admin released it.
  if (!isPayoutInFlight(record.status) || isHeldForReview(record)) return record;
  const meta = metadataOf(record);
  const apply = async (report: PayoutReport) => (await applyPayoutOutcome(db, services.log, reference, report)).transaction ?? record;

  let recipientCode = meta.recipientCode ?? (await knownRecipientCode(db, record));
  if (recipientCode === undefined) {
    try {
      const recipient = await services.banking.createTransferRecipient({
        name: meta.accountName,
        accountNumber: meta.accountNumber,
        bankCode: meta.bankCode ?? "",
      });
      recipientCode = recipient.recipientCode;
    } catch (error) {
      // No transfer can exist before a recipient: a refusal fails it for sure; anything else is retried later.
      if (isRefusal(error)) return apply({ outcome: "failed", source: "transfer", failureReason: error.providerMessage ?? "The bank account was refused" });
      services.log.warn({ reference, err: describe(error) }, "Payout recipient could not be created; the requery job retries");
      return record;
    }
  }
  if (meta.recipientCode !== recipientCode) await patchTransactionMetadata(db, record.id, "transfer", { recipientCode });

  let transfer: PayoutTransfer;
  try {
    transfer = await services.banking.initiateTransfer({ amountKobo: record.amount, recipientCode, reference, reason: meta.narration ?? record.description });
  } catch (error) {
    if (!isRefusal(error)) {
      services.log.warn({ reference, err: describe(error) }, "Payout transfer answer unclear; it stays processing until verified");
      return apply({ outcome: "pending", source: "transfer" });
    }
    // Refused: refund only when the provider confirms it holds no transfer under this reference.
    try {
      return apply(reportOf(await services.banking.verifyTransfer(reference), "verify"));
    } catch (verifyError) {
      if (isNotFound(verifyError))
        return apply({ outcome: "failed", source: "transfer", failureReason: error.providerMessage ?? "The bank transfer was refused" });
      services.log.warn({ reference, err: describe(verifyError) }, "Payout refused, but verify was unclear; it stays processing");
      return apply({ outcome: "pending", source: "transfer" });
    }
  }
  return apply(reportOf(transfer, "transfer"));
}

/** The requery kind of payouts (packages/api/src/jobs/kinds.ts). */
export const PAYOUT_REQUERY_KIND = "payout";

/** What the requery job gives a check (the jobs kit's RequeryContext). */
export interface PayoutCheckContext {
  db: Database;
  services: Pick<Services, "banking"> & PayoutNoticeServices;
  now: Date;
}

/**
 * The requery job's check of a payout (kind "payout"): a payout the provider never confirmed
 * (`pending`) is submitted again (same reference, so never paid twice); a `processing` one is
 * verified (GET /transfer/verify/{reference}) and the answer applied once; one the provider does
 * not know (404) is submitted again. Answers "final" once the payout is completed, failed or
 * reversed (or the reference is not a payout), "pending" to ask again later. A payout found failed
 * or reversed gets its e-mail (sendPayoutEndNotice: once, however often it is checked).
 */
export async function checkPayout(ctx: PayoutCheckContext, reference: string): Promise<"final" | "pending"> {
  const record = await findTransactionByReference(ctx.db, reference);
  if (!isPayout(record)) return "final";
  if (!isPayoutInFlight(record.status)) {
    await sendPayoutEndNotice(ctx.db, ctx.services, reference);
    return "final";
  }
  let current: PayoutRecord;
  if (record.status === "pending") {
    current = await submitPayout(ctx.db, ctx.services, reference);
  } else {
    try {
      const transfer = await ctx.services.banking.verifyTransfer(reference);
      current = (await applyPayoutOutcome(ctx.db, ctx.services.log, reference, reportOf(transfer, "verify"))).transaction ?? record;
    } catch (error) {
      if (!isNotFound(error)) {
        ctx.services.log.warn({ reference, err: describe(error) }, "Payout verify failed; asking again later");
        return "pending";
      }
      current = await submitPayout(ctx.db, ctx.services, reference);
    }
  }
  if (isPayoutInFlight(current.status)) return "pending";
  await sendPayoutEndNotice(ctx.db, ctx.services, reference);
  return "final";
}

/**
 * The requery job's last word on a payout still in flight after 24 h: marks it for an admin
 * (`metadata.needsReview`, `reviewReason`), opens a review item (cause stuck) and logs a
 * warning. Moves no money: the admin's Complete or Fail does (docs/decisions.md).
 */
export async function flagPayout(
  ctx: Omit<PayoutCheckContext, "services"> & { services: Pick<Services, "banking" | "log"> },
  reference: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const record = await findTransactionByReference(tx, reference, { forUpdate: true });
    if (!isPayout(record) || !isPayoutInFlight(record.status)) return;
    const reviewReason = `No final answer from the payout provider within 24 hours (flagged ${ctx.now.toISOString()})`;
    await patchTransactionMetadata(tx, record.id, "transfer", { needsReview: true, reviewReason });
    await openReviewItem(tx, {
      key: `stuck:payout:${reference}`,
      kind: "payout",
      cause: "stuck",
      reference,
      transactionId: record.id,
      userId: record.senderId,
      amountKobo: record.amount,
      reason: `${reviewReason}; the money is still held`,
      providerStatus: metadataOf(record).providerStatus ?? null,
    });
    ctx.services.log.warn({ reference, status: record.status }, "Payout still not final after 24 h: flagged for an admin");
  });
}

/**
 * Accepts a payout with its requery job (kind "payout": checkPayout every 30 s and backing off,
 * flagPayout after 24 h) in one database transaction, then sends it to the provider (acceptPayout,
 * then submitPayout). A repeat
 * under the same idempotency key answers the first payout as it now stands and sends nothing.
 * Returns the record as it stands after the provider's first answer (usually `processing`); one
 * the provider refused at once is failed, and its owner e-mailed (sendPayoutEndNotice).
 */
export async function startPayout(db: Database, services: Services, request: PayoutRequest): Promise<PayoutResult> {
  // The requery job is written with the hold, before the provider is called, so a payout whose
  // server dies during the call is still checked (its first check answers "final" at once if it ended).
  const accepted = await acceptPayout(db, request, services.jobs);
  const { reference } = accepted.transaction;
  if (accepted.replayed) return { transaction: (await findTransactionByReference(db, reference)) ?? accepted.transaction, replayed: true };
  if (isHeldForReview(accepted.transaction)) return accepted;
  const transaction = await submitPayout(db, services, reference);
  if (!isPayoutInFlight(transaction.status)) await sendPayoutEndNotice(db, services, reference);
  return { transaction, replayed: false };
}

/**
 * GET /api/wallet/withdrawal-status/{reference}: the user's payout by reference; NOT_FOUND
 * 'Withdrawal not found' when it is not a payout of theirs. Reads the database only: webhooks
 * and the requery job keep it current.
 */
export async function findUserPayout(db: Database, userId: number, reference: string): Promise<PayoutRecord> {
  const record = await findTransactionByReference(db, reference);
  if (!isPayout(record) || record.senderId !== userId) throw new DomainError("NOT_FOUND", PAYOUT_MESSAGES.withdrawalNotFound);
  return record;
}
