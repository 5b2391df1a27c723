// Merchant wallet payments held by fraud monitoring (docs/product.md "Fraud controls"): a QR,
// invoice or payment-link payment from a wallet whose money went on hold (money/merchants.ts
// movePayment) completes here when an admin releases it, as an unscreened one would have.
import {
  type DbOrTx,
  countLinkPayment,
  ensureMerchantWallet,
  findInvoiceById,
  findMerchantById,
  findUserById,
  type schema,
  setInvoicePaid,
  settleHold,
  updateTransaction,
} from "@kolo/db";
import { ADMIN_MESSAGES, DomainError, type FraudReviewMetadata, MERCHANT_MESSAGES, type TransactionMetadataMap, invoiceStatusFor } from "@kolo/domain";

/**
 * Completes the held merchant payment `record` (locked, its hold `held`) in `tx`: the invoice row is
 * locked first (a cancelled invoice: CONFLICT, the admin rejects instead), then the hold is
 * settled into the merchant wallet (amount, kobo; the fee to fee income), the invoice's paid
 * amount and status or the link's counters move as payInvoice and payLinkFromWallet move them,
 * and the record completes with `fraudReview` = `released`. Errors: RULE_VIOLATION 'Merchant not
 * available' when the merchant's owner is no longer active (as movePayment refuses); CONFLICT
 * when the hold ended meanwhile (ADMIN_MESSAGES.fraudHoldGone).
 */
export async function completeHeldPayment(tx: DbOrTx, record: schema.TransactionRecord, released: FraudReviewMetadata): Promise<void> {
  const meta = record.metadata as TransactionMetadataMap["payment"];
  const merchant = await findMerchantById(tx, meta.merchantId);
  if (!merchant) throw new Error(`Payment ${record.reference} has no merchant`);
  const owner = await findUserById(tx, merchant.userId);
  if (owner?.status !== "active") throw new DomainError("RULE_VIOLATION", MERCHANT_MESSAGES.merchantNotAvailable);
  // The invoice row before the ledger accounts: payInvoice's lock order.
  const invoice = meta.invoiceId === undefined ? undefined : await findInvoiceById(tx, meta.invoiceId, { forUpdate: true });
  if (invoice?.status === "cancelled") throw new DomainError("CONFLICT", ADMIN_MESSAGES.fraudInvoiceCancelled);
  const { outcome } = await settleHold(tx, {
    reference: record.reference,
    destination: { accountId: await ensureMerchantWallet(tx, merchant.userId) },
    description: `${record.description} released after review`,
  });
  if (outcome !== "settled") throw new DomainError("CONFLICT", ADMIN_MESSAGES.fraudHoldGone);
  if (invoice) {
    const paidKobo = invoice.amountPaid + record.amount;
    await setInvoicePaid(tx, invoice.id, paidKobo, invoiceStatusFor(invoice.amount, paidKobo));
  }
  if (meta.linkId !== undefined) await countLinkPayment(tx, meta.linkId, record.amount);
  await updateTransaction(tx, record.id, "payment", { status: "completed", metadata: { fraudReview: released } });
}
