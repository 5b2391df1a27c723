// Payment links (docs/product.md "Payment links"; DECISIONS "Merchant tools"): a merchant's public
// page that anyone pays by card (a guest: name and e-mail, at the gateway's checkout) or from a Kolo
// wallet. Each payment is a `payment` record (channel 'card' or 'link', metadata.linkId) and one
// journal entry into the merchant wallet. The link's row lock serialises every payment of one link,
// so `maxPayments` is never passed by a race: completed payments and card checkouts opened within
// CARD_CHECKOUT_HOLD_MS count. A card payment is credited once, by the webhook or by verify,
// whichever comes first (the record's row lock and the journal key `link-card:{reference}`).
import { randomBytes } from "node:crypto";
import {
  type Database,
  type DbOrTx,
  countLinkPayment,
  countOpenCardCheckouts,
  ensureMerchantWallet,
  findMerchantById,
  findPaymentLinkById,
  findPaymentLinkBySlug,
  findTransactionByReference,
  findUserById,
  insertTransaction,
  openReviewItem,
  patchTransactionMetadata,
  postJournalEntry,
  type schema,
  systemAccountId,
  updateTransaction,
} from "@kolo/db";
import {
  DomainError,
  LINK_MESSAGES,
  MERCHANT_MESSAGES,
  SYSTEM_ACCOUNTS,
  TOPUP_MESSAGES,
  type TransactionMetadataMap,
  formatDateTime,
  formatKobo,
  linkPaymentAmount,
} from "@kolo/domain";
import type { PaymentGateway, VerifiedCharge } from "@kolo/providers";
import type { Services } from "../services";
import { assertNotOwnMerchant, inTransaction, metadataOf, movePayment, replayOf } from "./merchants";
import { newReference } from "./reference";
import type { SettleLogger } from "./topup";

type PaymentMetadata = TransactionMetadataMap["payment"];

/**
 * How long an unpaid card checkout holds its place under a link's maxPayments: the gateway's
 * checkout lifetime for Kolo (the top-up expiry job's 30 minutes). A checkout paid later is still
 * credited (a paid charge is never dropped), so a link can then pass its limit by such late payments.
 */
export const CARD_CHECKOUT_HOLD_MS = 30 * 60_000;

/** A new slug: 9 random bytes in base64url, 12 characters (72 bits). */
export const newLinkSlug = () => randomBytes(9).toString("base64url");

/** The public page of a link, on the app's own origin. */
export const linkUrl = (publicUrl: string, slug: string) => new URL(`/l/${slug}`, publicUrl).toString();

/** Completed payments plus card checkouts still holding a place, under the link's lock. */
async function takenPlaces(tx: DbOrTx, link: schema.PaymentLink, now: Date): Promise<number> {
  if (link.maxPayments === null) return link.paymentsCount;
  return link.paymentsCount + (await countOpenCardCheckouts(tx, link.id, new Date(now.getTime() - CARD_CHECKOUT_HOLD_MS)));
}

/** The link `slug` locked, and its merchant, whose owner must be active; NOT_FOUND otherwise. */
async function lockedLink(tx: DbOrTx, slug: string) {
  const link = await findPaymentLinkBySlug(tx, slug, { forUpdate: true });
  const merchant = link && (await findMerchantById(tx, link.merchantId));
  if (!link || !merchant) throw new DomainError("NOT_FOUND", LINK_MESSAGES.notFound);
  return { link, merchant };
}

/**
 * POST /api/links/{slug}/pay {channel: "wallet"}: pays the link from `payer`'s wallet into the
 * merchant wallet, as every merchant payment (free, within the daily limit; money/merchants.ts
 * movePayment, screened by fraud monitoring: a hit answers the record `pending`, held for review),
 * under the link's lock. Errors: NOT_FOUND; RULE_VIOLATION inactive / expired / full
 * (linkPaymentAmount) and 'You cannot pay your own merchant account'; VALIDATION for the amount;
 * INSUFFICIENT_BALANCE; DAILY_LIMIT_EXCEEDED; IDEMPOTENCY_KEY_REUSED. A repeat with the same key
 * answers the first record and moves nothing.
 */
export async function payLinkFromWallet(
  db: Database,
  params: { payer: schema.User; slug: string; amountKobo?: bigint; idempotencyKey?: string; now: Date; deviceToken?: string },
): Promise<{ transaction: schema.TransactionRecord; replayed: boolean; merchant: schema.Merchant; link: schema.PaymentLink }> {
  return inTransaction(db, async (tx) => {
    const earlier = await replayOf(
      tx,
      params.payer.id,
      params.idempotencyKey,
      (record) => record.type === "payment" && metadataOf(record).channel === "link" && (record.metadata as PaymentMetadata).linkId !== undefined,
    );
    const { link, merchant } = await lockedLink(tx, params.slug);
    if (earlier) {
      if ((earlier.metadata as PaymentMetadata).linkId !== link.id) throw new DomainError("IDEMPOTENCY_KEY_REUSED", MERCHANT_MESSAGES.idempotencyKeyReused);
      return { transaction: earlier, replayed: true, merchant, link };
    }
    assertNotOwnMerchant(params.payer, merchant);
    const amountKobo = linkPaymentAmount(link, params.amountKobo, params.now, await takenPlaces(tx, link, params.now));
    const transaction = await movePayment(tx, {
      payer: params.payer,
      merchant,
      amountKobo,
      idempotencyKey: params.idempotencyKey,
      link,
      now: params.now,
      deviceToken: params.deviceToken,
    });
    // A payment held by fraud monitoring is counted on its link once released (completeHeldPayment).
    if (transaction.status === "completed") await countLinkPayment(tx, link.id, amountKobo);
    return { transaction, replayed: false, merchant, link };
  });
}

/**
 * POST /api/links/{slug}/pay {channel: "card", name, email}: opens a gateway checkout for a guest
 * -> {authorizationUrl, reference}. Under the link's lock a pending `payment` record (channel
 * 'card', payerName, payerEmail, linkId; no sender) takes a place under maxPayments; then the
 * gateway is asked with no database connection held (docs/money-integrity.md "No provider call
 * inside a database transaction"). Errors: as payLinkFromWallet for the link and amount;
 * RULE_VIOLATION 'Merchant not available' for a suspended owner; PROVIDER_UNAVAILABLE when the
 * gateway refused (the record is failed and frees its place).
 */
export async function startLinkCardPayment(
  db: Database,
  gateway: PaymentGateway,
  params: { slug: string; name: string; email: string; amountKobo?: bigint; publicUrl: string; now: Date },
): Promise<{ authorizationUrl: string; reference: string }> {
  const record = await db.transaction(async (tx) => {
    const { link, merchant } = await lockedLink(tx, params.slug);
    const owner = await findUserById(tx, merchant.userId);
    if (owner?.status !== "active") throw new DomainError("RULE_VIOLATION", MERCHANT_MESSAGES.merchantNotAvailable);
    const amountKobo = linkPaymentAmount(link, params.amountKobo, params.now, await takenPlaces(tx, link, params.now));
    return insertTransaction(tx, {
      type: "payment",
      amount: amountKobo,
      fee: 0n,
      status: "pending",
      reference: newReference("LNK"),
      description: `Payment to ${merchant.name}: ${link.title}`,
      senderId: null,
      recipientId: null,
      metadata: {
        merchantId: merchant.id,
        merchantName: merchant.name,
        channel: "card",
        linkId: link.id,
        payerName: params.name,
        payerEmail: params.email,
      },
    });
  });
  try {
    const charge = await gateway.initializeCharge({
      email: params.email,
      amountKobo: record.amount,
      reference: record.reference,
      callbackUrl: linkUrl(params.publicUrl, params.slug),
      metadata: { linkPaymentId: record.id },
    });
    await patchTransactionMetadata(db, record.id, "payment", { authorizationUrl: charge.authorizationUrl });
    return { authorizationUrl: charge.authorizationUrl, reference: record.reference };
  } catch (error) {
    await updateTransaction(db, record.id, "payment", { status: "failed", metadata: { failureReason: (error as Error).message.slice(0, 500) } });
    throw new DomainError("PROVIDER_UNAVAILABLE", TOPUP_MESSAGES.initiationFailed);
  }
}

/** Whether `record` is a card payment of a link (what settleLinkCharge applies). */
export const isLinkCardPayment = (record: schema.TransactionRecord | undefined): record is schema.TransactionRecord =>
  record?.type === "payment" && (record.metadata as PaymentMetadata).channel === "card";

export type LinkSettleOutcome = "credited" | "already-credited" | "pending" | "failed" | "mismatch";

/**
 * Applies a charge the gateway reported for a link's card payment (webhook charge.success or
 * verify), under the record's row lock: a success of the record's amount in NGN credits the
 * merchant wallet once (journal key `link-card:{reference}`: the clearing account gives the amount
 * less the gateway's fee, which is the business's cost), completes the record and counts the
 * payment on its link, also when Kolo had failed the checkout before (a paid charge is never
 * dropped). A mismatch credits nothing, fails the record and opens a review item. Answers
 * undefined when `charge.reference` is not a link's card payment (a top-up's, say).
 */
export async function settleLinkCharge(db: Database, charge: VerifiedCharge, log: SettleLogger): Promise<LinkSettleOutcome | undefined> {
  return db.transaction(async (tx) => {
    const record = await findTransactionByReference(tx, charge.reference, { forUpdate: true });
    if (!isLinkCardPayment(record)) return undefined;
    if (record.status === "completed") return "already-credited";
    if (charge.status !== "success") {
      if (record.status !== "pending") return "failed";
      if (charge.status !== "failed" && charge.status !== "reversed") return "pending";
      await updateTransaction(tx, record.id, "payment", { status: "failed", metadata: { gatewayResponse: charge.gatewayResponse } });
      return "failed";
    }
    const meta = record.metadata as PaymentMetadata;
    if (charge.amountKobo !== record.amount || charge.currency !== "NGN") {
      log.warn({ reference: record.reference, reportedKobo: charge.amountKobo.toString() }, "Link card payment amount or currency mismatch: nothing credited");
      await openReviewItem(tx, {
        key: `contradiction:payment:${record.reference}`,
        kind: "credit_unmatched",
        cause: "contradiction",
        reference: record.reference,
        transactionId: record.id,
        userId: null,
        amountKobo: charge.amountKobo,
        reason: `Gateway reports ${charge.amountKobo} kobo in ${charge.currency} paid for a link payment of ${record.amount} kobo in NGN: nothing credited`,
        providerStatus: charge.status,
      });
      if (record.status === "pending")
        await updateTransaction(tx, record.id, "payment", { status: "failed", metadata: { failureReason: "Amount or currency mismatch" } });
      return "mismatch";
    }
    const merchant = await findMerchantById(tx, meta.merchantId);
    if (!merchant) throw new Error(`Link payment ${record.reference} has no merchant`);
    const fees = charge.feesKobo !== null && charge.feesKobo > 0n && charge.feesKobo < record.amount ? charge.feesKobo : 0n;
    const postings = [
      { accountId: await ensureMerchantWallet(tx, merchant.userId), amount: record.amount },
      { accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.gatewayClearing), amount: -(record.amount - fees) },
    ];
    if (fees > 0n) postings.push({ accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.gatewayFees), amount: -fees });
    await postJournalEntry(tx, {
      idempotencyKey: `link-card:${record.reference}`,
      kind: "link-card-payment",
      description: record.description,
      transactionId: record.id,
      postings,
    });
    await updateTransaction(tx, record.id, "payment", { status: "completed", metadata: { paidAt: charge.paidAt, gatewayFeeKobo: Number(fees) } });
    if (meta.linkId !== undefined) await countLinkPayment(tx, meta.linkId, record.amount);
    return "credited";
  });
}

/** `receiptSentAt` of a receipt whose mail failed: the next report of the payment sends it. */
const NOT_SENT = "not sent";

/**
 * E-mails a card payer the receipt of the completed link payment `reference`, once: the mark
 * `receiptSentAt` is claimed under the record's lock and the mail sent after the commit; a failed
 * mail marks 'not sent' so the next webhook or verify sends it. Answers true when this call sent it.
 */
export async function sendLinkReceipt(db: Database, services: Pick<Services, "mailer" | "log" | "now">, reference: string): Promise<boolean> {
  const claimed = await db.transaction(async (tx) => {
    const record = await findTransactionByReference(tx, reference, { forUpdate: true });
    if (!isLinkCardPayment(record) || record.status !== "completed") return undefined;
    const meta = record.metadata as PaymentMetadata;
    if (!meta.payerEmail || (meta.receiptSentAt !== undefined && meta.receiptSentAt !== NOT_SENT)) return undefined;
    await patchTransactionMetadata(tx, record.id, "payment", { receiptSentAt: (services.now?.() ?? new Date()).toISOString() });
    const link = meta.linkId === undefined ? undefined : await findPaymentLinkById(tx, meta.linkId);
    return { record, meta, email: meta.payerEmail, title: link?.title ?? record.description };
  });
  if (!claimed) return false;
  const { record, meta, email, title } = claimed;
  try {
    await services.mailer.send({
      to: email,
      subject: `Receipt: ${formatKobo(record.amount)} paid to ${meta.merchantName}`,
      text:
        `Hello ${meta.payerName ?? ""},\n\n` +
        `You paid ${formatKobo(record.amount)} to ${meta.merchantName} for "${title}" by card.\n` +
        `Reference: ${record.reference}\nDate: ${formatDateTime(record.updatedAt)} (Lagos time)\n\n` +
        "Keep this e-mail as your receipt.\n\nKolo",
    });
    return true;
  } catch (error) {
    services.log.warn({ reference, err: String(error) }, "Link payment receipt not sent; the next report of the payment tries again");
    await patchTransactionMetadata(db, record.id, "payment", { receiptSentAt: NOT_SENT }).catch(() => undefined);
    return false;
  }
}
