// Merchant refunds (docs/product.md "Refunds"; docs/decisions.md "Merchant tools"). A refund is a
// `payment` record with channel `refund`, `refundOf` the payment's reference, no sender (the money
// leaves the merchant balance) and, for a wallet payment, the payer as recipient.
//
//   wallet   one database transaction: the payment's row lock, the sum of its refunds, then
//            merchant wallet -> payer wallet as one journal entry; `completed` at once
//   card     the same checks and lock, then merchant wallet -> refunds in flight (`pending`); after
//            the commit Paystack `POST /refund`; `refund.processed` moves it on to the gateway's
//            clearing account (`completed`), `refund.failed` (or a refusal of the call) gives it
//            back to the merchant wallet (`failed`), each once, under the refund's row lock
//
// All refunds of one payment that did not fail never exceed it: they are summed under the
// payment's row lock, which every refund of it takes first.
import {
  type Database,
  type DbOrTx,
  ensureMerchantWallet,
  ensureUserWallet,
  findKeyedRecordWithoutSender,
  findMerchantById,
  findMerchantByUserId,
  findTransactionByReference,
  findUserById,
  insertTransaction,
  lockLedgerAccounts,
  patchTransactionMetadata,
  pendingRefundsOf,
  postJournalEntry,
  refundedKobo,
  type schema,
  systemAccountId,
  updateTransaction,
  withIdempotencyLock,
} from "@kolo/db";
import { DomainError, MERCHANT_MESSAGES, SYSTEM_ACCOUNTS, type TransactionMetadataMap, formatDateTime, formatKobo } from "@kolo/domain";
import { PaymentGatewayError } from "@kolo/providers";
import type { Services } from "../services";
import { newReference } from "./reference";

type PaymentMetadata = TransactionMetadataMap["payment"];
const metadataOf = (record: schema.TransactionRecord) => record.metadata as PaymentMetadata;

/** Payments a merchant can refund: money that came in (not a withdrawal, not a refund). */
const REFUNDABLE_CHANNELS: readonly (PaymentMetadata["channel"] | undefined)[] = ["qr", "invoice", "card", undefined];

export interface RefundRequest {
  owner: schema.User;
  /** The payment's reference. */
  reference: string;
  /** Kobo, > 0. */
  amountKobo: bigint;
  reason: string;
  idempotencyKey?: string;
}

export interface RefundResult {
  transaction: schema.TransactionRecord;
  /** True when an earlier request with the same idempotency key is answered again (nothing moved). */
  replayed: boolean;
  merchant: schema.Merchant;
}

/** A card payment: paid through the gateway by a guest (no sender in Kolo). */
const isCardPayment = (payment: schema.TransactionRecord) => metadataOf(payment).channel === "card" || payment.senderId === null;

/**
 * Accepts the refund in one database transaction (see the file's head). Errors: NOT_FOUND 'Merchant
 * account not found' / 'Payment not found' (not one of the owner's merchant's payments);
 * RULE_VIOLATION 'Only a completed payment can be refunded', 'Refunds cannot exceed what is left of
 * this payment' {refundable: kobo, naira on the wire}; INSUFFICIENT_BALANCE (the merchant balance
 * holds less); IDEMPOTENCY_KEY_REUSED.
 */
async function acceptRefund(db: Database, request: RefundRequest): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const merchant = await findMerchantByUserId(tx, request.owner.id);
    if (!merchant) throw new DomainError("NOT_FOUND", MERCHANT_MESSAGES.noMerchant);
    // The record has no sender: its key is stored with the merchant's id, under the advisory lock.
    const storedKey = request.idempotencyKey === undefined ? null : `merchant-refund:${merchant.id}:${request.idempotencyKey}`;
    if (storedKey !== null) {
      const earlier = await withIdempotencyLock(tx, { ownerId: request.owner.id, key: storedKey }, () => findKeyedRecordWithoutSender(tx, storedKey));
      if (earlier) {
        if (metadataOf(earlier).refundOf !== request.reference || earlier.amount !== request.amountKobo) {
          throw new DomainError("IDEMPOTENCY_KEY_REUSED", MERCHANT_MESSAGES.idempotencyKeyReused);
        }
        return { transaction: earlier, replayed: true, merchant };
      }
    }
    const payment = await findTransactionByReference(tx, request.reference, { forUpdate: true });
    if (
      !payment ||
      payment.type !== "payment" ||
      metadataOf(payment).merchantId !== merchant.id ||
      !REFUNDABLE_CHANNELS.includes(metadataOf(payment).channel)
    ) {
      throw new DomainError("NOT_FOUND", MERCHANT_MESSAGES.paymentNotFound);
    }
    if (payment.status !== "completed") throw new DomainError("RULE_VIOLATION", MERCHANT_MESSAGES.notRefundable);
    const refundable = payment.amount - (await refundedKobo(tx, payment.reference));
    if (request.amountKobo > refundable) {
      throw new DomainError("RULE_VIOLATION", MERCHANT_MESSAGES.refundTooMuch, { refundable, amount: [MERCHANT_MESSAGES.refundTooMuch] });
    }
    const card = isCardPayment(payment);
    const reference = newReference("RFD");
    const merchantWallet = await ensureMerchantWallet(tx, merchant.userId);
    const payerWallet = card || payment.senderId === null ? undefined : await ensureUserWallet(tx, payment.senderId);
    await lockLedgerAccounts(tx, payerWallet === undefined ? [merchantWallet] : [merchantWallet, payerWallet]);
    const meta = metadataOf(payment);
    const record = await insertTransaction(tx, {
      type: "payment",
      amount: request.amountKobo,
      fee: 0n,
      status: card ? "pending" : "completed",
      reference,
      description: `Refund from ${merchant.name}`,
      senderId: null,
      recipientId: card ? null : payment.senderId,
      idempotencyKey: storedKey,
      metadata: {
        merchantId: merchant.id,
        merchantName: merchant.name,
        channel: "refund",
        refundOf: payment.reference,
        refundReason: request.reason,
        refundTo: card ? "card" : "wallet",
        ...(meta.payerName !== undefined ? { payerName: meta.payerName } : {}),
        ...(meta.payerEmail !== undefined ? { payerEmail: meta.payerEmail } : {}),
      },
    });
    const destination = payerWallet ?? (await systemAccountId(tx, SYSTEM_ACCOUNTS.refundsInFlight));
    await postJournalEntry(tx, {
      idempotencyKey: card ? `refund-hold:${reference}` : `refund:${reference}`,
      kind: card ? "merchant-card-refund-hold" : "merchant-refund",
      description: `Refund of ${payment.reference}: ${request.reason}`,
      transactionId: record.id,
      postings: [
        { accountId: merchantWallet, amount: -request.amountKobo },
        { accountId: destination, amount: request.amountKobo },
      ],
    });
    return { transaction: record, replayed: false, merchant };
  });
}

/** A gateway's clear refusal of the refund itself (not a timeout, 5xx, 401 or 429). */
const isRefusal = (error: unknown): error is PaymentGatewayError =>
  error instanceof PaymentGatewayError && error.status !== undefined && [400, 404, 409, 422].includes(error.status);

/**
 * POST /api/merchants/me/payments/{reference}/refunds: refunds `amountKobo` of one of the owner's
 * merchant's payments (acceptRefund's rules and errors). A wallet payment's refund is completed at
 * once; a card payment's goes to Paystack `POST /refund` after the commit and stays `pending` until
 * `refund.processed` (applyRefundOutcome). A gateway refusal fails it (the money back on the
 * merchant balance) and answers RULE_VIOLATION 'The card refund was refused. Please try again
 * later.'; an unclear answer (timeout, 5xx) leaves it pending for the webhook. A repeat with the
 * same idempotency key answers the first refund as it now stands and moves nothing. The payer is
 * e-mailed once the money is back (sendRefundNotice).
 */
export async function startRefund(
  db: Database,
  services: Pick<Services, "paymentGateway" | "mailer" | "log" | "publicUrl">,
  request: RefundRequest,
): Promise<RefundResult> {
  const accepted = await acceptRefund(db, request);
  if (accepted.replayed) {
    const current = (await findTransactionByReference(db, accepted.transaction.reference)) ?? accepted.transaction;
    return { ...accepted, transaction: current };
  }
  const record = accepted.transaction;
  if (metadataOf(record).refundTo === "wallet") {
    await sendRefundNotice(db, services, record.reference);
    return accepted;
  }
  try {
    const refund = await services.paymentGateway.refundCharge({ reference: request.reference, amountKobo: request.amountKobo, note: request.reason });
    const patched = await db.transaction(async (tx) => {
      const current = await findTransactionByReference(tx, record.reference, { forUpdate: true });
      // The webhook may have come first: only a refund still pending takes the gateway's id and status.
      if (!current || current.status !== "pending") return current ?? record;
      return patchTransactionMetadata(tx, record.id, "payment", { providerRefundId: refund.id, providerStatus: refund.status });
    });
    return { ...accepted, transaction: patched };
  } catch (error) {
    if (!isRefusal(error)) {
      services.log.warn(
        { reference: record.reference, err: error instanceof Error ? error.message : String(error) },
        "Card refund answer unclear; it stays pending",
      );
      return accepted;
    }
    await db.transaction((tx) => endCardRefund(tx, record.reference, "failed", error.providerMessage ?? "Refused by the card gateway"));
    throw new DomainError("RULE_VIOLATION", MERCHANT_MESSAGES.refundRefusedByGateway);
  }
}

/**
 * Ends the card refund `reference` once, under its row lock: `processed` moves its amount from
 * refunds in flight to the gateway's clearing account (`completed`); `failed` gives it back to the
 * merchant wallet (`failed`). A refund already ended changes nothing ("none").
 */
async function endCardRefund(tx: DbOrTx, reference: string, outcome: "processed" | "failed", failureReason?: string): Promise<"completed" | "failed" | "none"> {
  const record = await findTransactionByReference(tx, reference, { forUpdate: true });
  if (!record || record.status !== "pending" || metadataOf(record).refundTo !== "card") return "none";
  const inFlight = await systemAccountId(tx, SYSTEM_ACCOUNTS.refundsInFlight);
  const merchantId = metadataOf(record).merchantId;
  const destination =
    outcome === "processed"
      ? await systemAccountId(tx, SYSTEM_ACCOUNTS.gatewayClearing)
      : await ensureMerchantWallet(tx, await merchantOwnerId(tx, merchantId));
  await postJournalEntry(tx, {
    idempotencyKey: `refund-${outcome === "processed" ? "settle" : "release"}:${reference}`,
    kind: outcome === "processed" ? "merchant-card-refund" : "merchant-card-refund-release",
    description: outcome === "processed" ? `Card refund ${reference} processed` : `Card refund ${reference} failed: back to the merchant`,
    transactionId: record.id,
    postings: [
      { accountId: inFlight, amount: -record.amount },
      { accountId: destination, amount: record.amount },
    ],
  });
  const status = outcome === "processed" ? "completed" : "failed";
  await updateTransaction(tx, record.id, "payment", {
    status,
    metadata: { providerStatus: outcome, ...(outcome === "failed" ? { failureReason: failureReason ?? "The card refund failed" } : {}) },
  });
  return status;
}

async function merchantOwnerId(tx: DbOrTx, merchantId: number): Promise<number> {
  const merchant = await findMerchantById(tx, merchantId);
  if (!merchant) throw new Error(`Merchant ${merchantId} not found`);
  return merchant.userId;
}

/** What the gateway's refund webhook reported (`refund.processed` / `refund.failed`). */
export interface RefundReport {
  /** The refunded charge's reference. */
  transactionReference: string;
  amountKobo: bigint;
  outcome: "processed" | "failed";
  /** The gateway's refund id, when it sent one. */
  refundId?: string;
}

/**
 * Applies a refund webhook once, whatever the order and number of deliveries: finds the card refund
 * it reports (the gateway's id when known, else the oldest pending refund of that charge and amount)
 * and ends it (endCardRefund). Answers what it did: "completed", "failed" or "none" (unknown, or
 * already ended). A processed refund e-mails the payer.
 */
export async function applyRefundOutcome(
  db: Database,
  services: Pick<Services, "mailer" | "log" | "publicUrl">,
  report: RefundReport,
): Promise<"completed" | "failed" | "none"> {
  const candidates = await pendingRefundsOf(db, report.transactionReference, report.amountKobo);
  const match =
    candidates.find((row) => report.refundId !== undefined && row.providerRefundId === report.refundId) ??
    candidates.find((row) => row.providerRefundId === null) ??
    candidates[0];
  if (!match) {
    services.log.warn({ reference: report.transactionReference, outcome: report.outcome }, "Refund webhook for no pending refund");
    return "none";
  }
  const applied = await db.transaction((tx) => endCardRefund(tx, match.reference, report.outcome));
  if (applied === "completed") await sendRefundNotice(db, services, match.reference);
  return applied;
}

/**
 * E-mails the payer of a completed refund (the Kolo user's address, or the guest's `payerEmail`):
 * the amount, the merchant, the reason and the reference. A mail failure is logged, never thrown:
 * the money has moved; the receipt stays in the payer's history.
 */
export async function sendRefundNotice(db: Database, services: Pick<Services, "mailer" | "log" | "publicUrl">, reference: string): Promise<void> {
  const record = await findTransactionByReference(db, reference);
  if (!record || record.status !== "completed") return;
  const meta = metadataOf(record);
  const user = record.recipientId === null ? undefined : await findUserById(db, record.recipientId);
  const to = user?.email ?? meta.payerEmail;
  if (!to) return;
  const where = meta.refundTo === "card" ? "to your card" : "to your Kolo wallet";
  try {
    await services.mailer.send({
      to,
      subject: `Kolo: refund of ${formatKobo(record.amount)} from ${meta.merchantName}`,
      text:
        `Hello ${user?.name ?? meta.payerName ?? "there"},\n\n` +
        `${meta.merchantName} refunded ${formatKobo(record.amount)} of your payment ${meta.refundOf ?? ""} ${where}.\n` +
        (meta.refundReason ? `Reason: ${meta.refundReason}\n` : "") +
        `Reference: ${record.reference}\nDate: ${formatDateTime(record.updatedAt)} (Lagos time)\n\n` +
        (user ? `See it in your history: ${new URL("/history", services.publicUrl).toString()}\n\n` : "") +
        "Kolo",
    });
  } catch (error) {
    services.log.warn({ reference, err: String(error) }, "Refund e-mail not sent");
  }
}
