import {
  type DbOrTx,
  type Database,
  ensureMerchantWallet,
  ensureUserWallet,
  findInvoiceById,
  findMerchantById,
  findMerchantByUserId,
  findKeyedRecordWithoutSender,
  findTransactionByIdempotencyKey,
  findUserById,
  heldOnInvoiceKobo,
  insertTransaction,
  isUniqueViolation,
  lockLedgerAccounts,
  postJournalEntry,
  recordOutgoing,
  type schema,
  setInvoicePaid,
  withIdempotencyLock,
} from "@kolo/db";
import { DomainError, MERCHANT_MESSAGES, MERCHANT_PAYMENT_FEE_KOBO, invoicePaymentAmount, invoiceStatusFor, lagosDate, ownDailyLimitAt } from "@kolo/domain";
import { holdPendingForReview, screenMoneyOut } from "./fraud";
import { newReference } from "./reference";

/**
 * Merchant and invoice payments and the merchant withdrawal (docs/decisions.md;
 * docs/adding-a-movement.md). Each is one database transaction through the ledger kit:
 * payer wallet -> merchant wallet (free, counted against the payer's daily limit), or merchant
 * wallet -> the owner's wallet. Lock order inside: the (payer, idempotency key) advisory lock,
 * then the invoice row, then the ledger accounts in ascending id order (the kit's order), then
 * the payer's daily counter: the order of every other movement (docs/decisions.md "Security,
 * second round"), so a payment and a P2P transfer by one user never deadlock.
 */

export interface PaymentResult {
  transaction: schema.TransactionRecord;
  /** True when an earlier request with the same idempotency key is answered again (nothing moved). */
  replayed: boolean;
  merchant: schema.Merchant;
  invoice?: schema.Invoice;
}

/** Runs `work` in a database transaction; a key raced by another kind of request (P2P) is CONFLICT. */
export async function inTransaction<T>(db: Database, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error, "transactions_sender_idempotency_key")) {
      throw new DomainError("IDEMPOTENCY_KEY_REUSED", MERCHANT_MESSAGES.idempotencyKeyReused);
    }
    throw error;
  }
}

/**
 * With an idempotency key: serialises the sender's requests under that key (advisory lock until
 * the transaction ends) and answers the record made earlier under it, if any. The record must be
 * the same request (`matches`), else IDEMPOTENCY_KEY_REUSED.
 */
export async function replayOf(
  tx: DbOrTx,
  senderId: number,
  idempotencyKey: string | undefined,
  matches: (record: schema.TransactionRecord) => boolean,
): Promise<schema.TransactionRecord | undefined> {
  if (idempotencyKey === undefined) return undefined;
  const earlier = await withIdempotencyLock(tx, { ownerId: senderId, key: idempotencyKey }, () =>
    findTransactionByIdempotencyKey(tx, senderId, idempotencyKey),
  );
  if (!earlier) return undefined;
  if (!matches(earlier)) throw new DomainError("IDEMPOTENCY_KEY_REUSED", MERCHANT_MESSAGES.idempotencyKeyReused);
  return earlier;
}

export const metadataOf = (record: schema.TransactionRecord) => record.metadata as { merchantId?: number; invoiceId?: number; channel?: string };

export interface MovePaymentParams {
  payer: schema.User;
  merchant: schema.Merchant;
  amountKobo: bigint;
  idempotencyKey?: string;
  invoice?: schema.Invoice;
  link?: schema.PaymentLink;
  now: Date;
  /** The payer's `kolo_device` cookie token (fraud monitoring's new-device rule). */
  deviceToken?: string;
}

/**
 * Moves `amountKobo` payer wallet -> merchant wallet: daily limit, record, journal entry. Channel
 * 'invoice' with an invoice, 'link' with a payment link (`link`), else 'qr'. Fraud monitoring
 * first (docs/product.md "Fraud controls"): a hit writes the record `pending`, holds amount + fee
 * in the `holds` account (kolo_hold: balance and daily limit checked there; kind 'payment-hold'),
 * marks it held and opens its review item; nothing reaches the merchant until an admin releases
 * it (money/merchant-holds.ts completeHeldPayment). The caller tells the two apart by the status.
 */
export async function movePayment(tx: DbOrTx, params: MovePaymentParams): Promise<schema.TransactionRecord> {
  const { payer, merchant, amountKobo, invoice, link } = params;
  const reference = newReference(invoice ? "INV" : link ? "LNK" : "PAY");
  // The merchant's owner must be able to use the money: a suspended or locked owner's merchant takes no payment.
  const owner = await findUserById(tx, merchant.userId);
  if (owner?.status !== "active") throw new DomainError("RULE_VIOLATION", MERCHANT_MESSAGES.merchantNotAvailable);
  const payerWallet = await ensureUserWallet(tx, payer.id);
  const merchantWallet = await ensureMerchantWallet(tx, merchant.userId);
  const draft = {
    type: "payment" as const,
    amount: amountKobo,
    fee: MERCHANT_PAYMENT_FEE_KOBO,
    status: "completed" as const,
    reference,
    description: invoice
      ? `Invoice #${invoice.id} payment to ${merchant.name}`
      : link
        ? `Payment to ${merchant.name}: ${link.title}`
        : `Payment to ${merchant.name}`,
    senderId: payer.id,
    recipientId: null,
    idempotencyKey: params.idempotencyKey ?? null,
    metadata: {
      merchantId: merchant.id,
      merchantName: merchant.name,
      ...(invoice ? { invoiceId: invoice.id } : {}),
      ...(link ? { linkId: link.id } : {}),
      channel: invoice ? ("invoice" as const) : link ? ("link" as const) : ("qr" as const),
      payerName: payer.name,
    },
  };
  const rules = await screenMoneyOut(
    tx,
    { ...draft, status: "pending", id: 0, createdAt: params.now, updatedAt: params.now },
    { deviceToken: params.deviceToken, now: params.now },
  );
  // The hold takes its locks itself (kolo_hold): the daily counter, then the wallet and the holds account.
  if (rules.length > 0) return holdPendingForReview(tx, draft, { payer, walletAccountId: payerWallet, kind: "payment-hold", now: params.now }, rules);
  // The daily counter before the wallets, as every other movement (packages/db/sql/ledger/README.md).
  await recordOutgoing(tx, {
    userId: payer.id,
    day: lagosDate(params.now),
    amountKobo: amountKobo + MERCHANT_PAYMENT_FEE_KOBO,
    verificationLevel: payer.verificationLevel,
    ownDailyLimitKobo: ownDailyLimitAt(payer, params.now),
  });
  await lockLedgerAccounts(tx, [payerWallet, merchantWallet]);
  const record = await insertTransaction(tx, draft);
  await postJournalEntry(tx, {
    idempotencyKey: `payment:${reference}`,
    kind: invoice ? "invoice-payment" : link ? "link-payment" : "merchant-payment",
    description: record.description,
    transactionId: record.id,
    postings: [
      { accountId: payerWallet, amount: -amountKobo },
      { accountId: merchantWallet, amount: amountKobo },
    ],
  });
  return record;
}

export function assertNotOwnMerchant(payer: schema.User, merchant: schema.Merchant) {
  if (merchant.userId === payer.id) throw new DomainError("RULE_VIOLATION", MERCHANT_MESSAGES.payOwnMerchant);
}

/**
 * POST /api/payments/merchant: pays `amountKobo` (> 0) to merchant `merchantId` from the payer's
 * wallet, free. Errors (DomainError): NOT_FOUND 'Could not find merchant details'; RULE_VIOLATION
 * 'You cannot pay your own merchant account'; INSUFFICIENT_BALANCE; DAILY_LIMIT_EXCEEDED;
 * IDEMPOTENCY_KEY_REUSED (the key was used for another request). A repeat with the same key
 * answers the first record (`replayed`) and moves nothing. Screened by fraud monitoring
 * (movePayment; `deviceToken`: the `kolo_device` cookie's token): a hit answers the record
 * `pending`, held for review.
 */
export async function payMerchant(
  db: Database,
  params: { payer: schema.User; merchantId: number; amountKobo: bigint; idempotencyKey?: string; now?: Date; deviceToken?: string },
): Promise<PaymentResult> {
  return inTransaction(db, async (tx) => {
    const merchant = await findMerchantById(tx, params.merchantId);
    if (!merchant) throw new DomainError("NOT_FOUND", MERCHANT_MESSAGES.merchantNotFound);
    assertNotOwnMerchant(params.payer, merchant);
    const earlier = await replayOf(
      tx,
      params.payer.id,
      params.idempotencyKey,
      (record) =>
        record.type === "payment" &&
        metadataOf(record).merchantId === merchant.id &&
        metadataOf(record).channel === "qr" &&
        record.amount === params.amountKobo,
    );
    if (earlier) return { transaction: earlier, replayed: true, merchant };
    const transaction = await movePayment(tx, { ...params, merchant, now: params.now ?? new Date() });
    return { transaction, replayed: false, merchant };
  });
}

/**
 * POST /api/payments/invoice/{invoiceId}: pays an invoice from the payer's wallet into its
 * merchant's wallet, free, under the invoice row's lock, so concurrent payers never pay more than
 * its amount. `amountKobo` absent = what remains; the rule is invoicePaymentAmount (@kolo/domain).
 * Errors: NOT_FOUND 'Could not find invoice details'; RULE_VIOLATION 'This invoice was cancelled', 'Invoice already paid',
 * 'This invoice must be paid in full', 'Amount exceeds the amount due on this invoice',
 * 'You cannot pay your own merchant account'; INSUFFICIENT_BALANCE; DAILY_LIMIT_EXCEEDED;
 * IDEMPOTENCY_KEY_REUSED. A repeat with the same key answers the first record. Screened by fraud
 * monitoring (movePayment): a held payment answers the record `pending` and the invoice as it was;
 * it keeps its place on the invoice (heldOnInvoiceKobo) and pays it only when released.
 */
export async function payInvoice(
  db: Database,
  params: { payer: schema.User; invoiceId: number; amountKobo?: bigint; idempotencyKey?: string; now?: Date; deviceToken?: string },
): Promise<PaymentResult> {
  return inTransaction(db, async (tx) => {
    const earlier = await replayOf(
      tx,
      params.payer.id,
      params.idempotencyKey,
      (record) =>
        record.type === "payment" &&
        metadataOf(record).invoiceId === params.invoiceId &&
        (params.amountKobo === undefined || record.amount === params.amountKobo),
    );
    const invoice = await findInvoiceById(tx, params.invoiceId, { forUpdate: true });
    if (!invoice) throw new DomainError("NOT_FOUND", MERCHANT_MESSAGES.invoiceNotFound);
    const merchant = await findMerchantById(tx, invoice.merchantId);
    if (!merchant) throw new DomainError("NOT_FOUND", MERCHANT_MESSAGES.invoiceNotFound);
    if (earlier) return { transaction: earlier, replayed: true, merchant, invoice };
    assertNotOwnMerchant(params.payer, merchant);
    if (invoice.status === "cancelled") throw new DomainError("RULE_VIOLATION", MERCHANT_MESSAGES.invoiceCancelled);
    // Payments held for review keep their place on the invoice (heldOnInvoiceKobo).
    const { payKobo } = invoicePaymentAmount(
      {
        amountKobo: invoice.amount,
        paidKobo: invoice.amountPaid + (await heldOnInvoiceKobo(tx, invoice.id)),
        allowPartialPayment: invoice.allowPartialPayment,
      },
      params.amountKobo,
    );
    const transaction = await movePayment(tx, {
      payer: params.payer,
      merchant,
      amountKobo: payKobo,
      idempotencyKey: params.idempotencyKey,
      invoice,
      now: params.now ?? new Date(),
      deviceToken: params.deviceToken,
    });
    if (transaction.status !== "completed") return { transaction, replayed: false, merchant, invoice };
    const paidKobo = invoice.amountPaid + payKobo;
    const updated = await setInvoicePaid(tx, invoice.id, paidKobo, invoiceStatusFor(invoice.amount, paidKobo));
    return { transaction, replayed: false, merchant, invoice: updated };
  });
}

/**
 * Merchant Withdraw (docs/decisions.md: the spec's /merchant/withdraw target): moves `amountKobo` (absent
 * = the whole merchant balance) from the owner's merchant wallet into the owner's wallet, as one
 * journal entry and a `payment` record with channel 'merchant_withdrawal' (recipient: the owner).
 * Not outgoing money: the daily limit is untouched. Errors: NOT_FOUND 'Merchant account not
 * found'; RULE_VIOLATION 'Your merchant balance is empty'; INSUFFICIENT_BALANCE (more than the
 * merchant balance); IDEMPOTENCY_KEY_REUSED. A repeat with the same key answers the first record.
 */
export async function withdrawMerchantBalance(
  db: Database,
  params: { owner: schema.User; amountKobo?: bigint; idempotencyKey?: string },
): Promise<PaymentResult> {
  return inTransaction(db, async (tx) => {
    const merchant = await findMerchantByUserId(tx, params.owner.id);
    if (!merchant) throw new DomainError("NOT_FOUND", MERCHANT_MESSAGES.noMerchant);
    // The record has no sender, so its key is stored prefixed with the merchant's id and guarded
    // by the advisory lock (the (sender, key) unique index does not cover records without sender).
    const storedKey = params.idempotencyKey === undefined ? null : `merchant-withdraw:${merchant.id}:${params.idempotencyKey}`;
    if (storedKey !== null) {
      const earlier = await withIdempotencyLock(tx, { ownerId: params.owner.id, key: storedKey }, () => findKeyedRecordWithoutSender(tx, storedKey));
      if (earlier) {
        if (params.amountKobo !== undefined && earlier.amount !== params.amountKobo) {
          throw new DomainError("IDEMPOTENCY_KEY_REUSED", MERCHANT_MESSAGES.idempotencyKeyReused);
        }
        return { transaction: earlier, replayed: true, merchant };
      }
    }
    const merchantWallet = await ensureMerchantWallet(tx, params.owner.id);
    const ownerWallet = await ensureUserWallet(tx, params.owner.id);
    const balances = await lockLedgerAccounts(tx, [merchantWallet, ownerWallet]);
    const amountKobo = params.amountKobo ?? balances.get(merchantWallet) ?? 0n;
    if (amountKobo <= 0n) throw new DomainError("RULE_VIOLATION", MERCHANT_MESSAGES.nothingToWithdraw);
    const reference = newReference("MWD");
    const record = await insertTransaction(tx, {
      type: "payment",
      amount: amountKobo,
      fee: 0n,
      status: "completed",
      reference,
      description: `Withdrawal from merchant account ${merchant.name}`,
      senderId: null,
      recipientId: params.owner.id,
      idempotencyKey: storedKey,
      metadata: { merchantId: merchant.id, merchantName: merchant.name, channel: "merchant_withdrawal" },
    });
    await postJournalEntry(tx, {
      idempotencyKey: `merchant-withdraw:${reference}`,
      kind: "merchant-withdrawal",
      description: record.description,
      transactionId: record.id,
      postings: [
        { accountId: merchantWallet, amount: -amountKobo },
        { accountId: ownerWallet, amount: amountKobo },
      ],
    });
    return { transaction: record, replayed: false, merchant };
  });
}
