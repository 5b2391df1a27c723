// Merchant accounts and invoices (docs/decisions.md). Money never moves here:
// payments and withdrawals go through the ledger kit (ledger.ts) in packages/api/src/money/merchants.ts.
import { and, desc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type Invoice, type Merchant, type TransactionRecord, invoices, ledgerAccounts, merchants, transactions, users } from "../schema";

/** The user's merchant account, if any (one per user). */
export async function findMerchantByUserId(db: DbOrTx, userId: number): Promise<Merchant | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.userId, userId)).limit(1);
  return row;
}

/** The merchant account with this id, if any. */
export async function findMerchantById(db: DbOrTx, id: number): Promise<Merchant | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1);
  return row;
}

/**
 * Creates the user's merchant account and points `users.merchant_id` at it; a personal user's
 * role becomes `merchant` (the dashboard label follows the account; admins stay admins).
 * Returns undefined when the user already has one (the unique index decides, race-free).
 */
export async function insertMerchant(
  db: DbOrTx,
  values: { userId: number; name: string; description: string; category: string },
): Promise<Merchant | undefined> {
  const [row] = await db.insert(merchants).values(values).onConflictDoNothing({ target: merchants.userId }).returning();
  if (!row) return undefined;
  await db
    .update(users)
    .set({ merchantId: row.id, role: sql`case when ${users.role} = 'admin' then 'admin'::user_role else 'merchant'::user_role end`, updatedAt: new Date() })
    .where(eq(users.id, values.userId));
  return row;
}

/** The merchant wallet's ledger balance in kobo (0 before its first payment). */
export async function getMerchantBalanceKobo(db: DbOrTx, ownerUserId: number): Promise<bigint> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, "merchant_wallet"), eq(ledgerAccounts.userId, ownerUserId)))
    .limit(1);
  return row?.balance ?? 0n;
}

/**
 * Locks the given ledger accounts in ascending id order (the kit's order, so no deadlock with
 * its own locks) and answers their balances, kobo, by id.
 */
export async function lockLedgerAccounts(db: DbOrTx, ids: number[]): Promise<Map<number, bigint>> {
  const rows = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(or(...ids.map((id) => eq(ledgerAccounts.id, id))))
    .orderBy(ledgerAccounts.id)
    .for("update");
  return new Map(rows.map((row) => [row.id, row.balance]));
}

/**
 * The merchant's records, newest first (at most `limit`): payments into it and withdrawals out
 * of it, found by `metadata.merchantId` of type `payment` records. A payment fraud monitoring
 * held is not the merchant's until released: held or rejected, it is left out (the merchant is
 * not told a payment to it is under review).
 */
export async function listMerchantTransactions(db: DbOrTx, merchantId: number, limit = 200): Promise<TransactionRecord[]> {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.type, "payment"),
        sql`(${transactions.metadata}->>'merchantId')::int = ${merchantId}`,
        sql`not (${transactions.metadata} ? 'fraudReview' and ${transactions.status} <> 'completed')`,
      ),
    )
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
}

export async function insertInvoice(db: DbOrTx, values: typeof invoices.$inferInsert): Promise<Invoice> {
  const [row] = await db.insert(invoices).values(values).returning();
  if (!row) throw new Error("Invoice insert returned nothing");
  return row;
}

/** The invoice with this id; `forUpdate` locks its row until the caller's transaction ends. */
export async function findInvoiceById(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}): Promise<Invoice | undefined> {
  const query = db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** The invoice whose payment-link token is `token`, or undefined. */
export async function findInvoiceByToken(db: DbOrTx, token: string): Promise<Invoice | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.token, token)).limit(1);
  return row;
}

/** Cancels the invoice if it is still unpaid (nothing paid); answers the row, or undefined when it was not unpaid. */
export async function cancelUnpaidInvoice(db: DbOrTx, id: number): Promise<Invoice | undefined> {
  const [row] = await db
    .update(invoices)
    .set({ status: "cancelled", cancelledAt: new Date(), updatedAt: new Date() })
    .where(and(eq(invoices.id, id), eq(invoices.status, "unpaid"), eq(invoices.amountPaid, 0n)))
    .returning();
  return row;
}

/** The merchant's invoices, newest first. */
export async function listMerchantInvoices(db: DbOrTx, merchantId: number, limit = 200): Promise<Invoice[]> {
  return db.select().from(invoices).where(eq(invoices.merchantId, merchantId)).orderBy(desc(invoices.createdAt), desc(invoices.id)).limit(limit);
}

/** Sets what is paid of an invoice (kobo) and its status; the caller holds the row's lock. */
export async function setInvoicePaid(db: DbOrTx, id: number, amountPaid: bigint, status: Invoice["status"]): Promise<Invoice> {
  const [row] = await db.update(invoices).set({ amountPaid, status, updatedAt: new Date() }).where(eq(invoices.id, id)).returning();
  if (!row) throw new Error(`Invoice ${id} not found`);
  return row;
}

/**
 * Kobo of the invoice's payments held by fraud monitoring (its `pending` wallet payments: an
 * unscreened one is written completed). They keep their place on the invoice until released or
 * rejected, so no other payer pays beyond its amount meanwhile (docs/decisions.md "Fraud monitoring").
 */
export async function heldOnInvoiceKobo(db: DbOrTx, invoiceId: number): Promise<bigint> {
  const [row] = await db
    .select({ held: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
    .from(transactions)
    .where(
      and(
        eq(transactions.type, "payment"),
        eq(transactions.status, "pending"),
        isNotNull(transactions.senderId),
        sql`(${transactions.metadata}->>'invoiceId')::int = ${invoiceId}`,
      ),
    );
  return BigInt(row?.held ?? "0");
}

/** The record without a sender (e.g. a merchant withdrawal) stored under this idempotency key. */
export async function findKeyedRecordWithoutSender(db: DbOrTx, idempotencyKey: string): Promise<TransactionRecord | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(isNull(transactions.senderId), eq(transactions.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row;
}

/** The merchant's row locked until the caller's transaction ends (settings changes, settlement). */
export async function lockMerchant(db: DbOrTx, id: number): Promise<Merchant | undefined> {
  const [row] = await db.select().from(merchants).where(eq(merchants.id, id)).limit(1).for("update");
  return row;
}

/** Writes the merchant's settings (business name, settlement account, float in kobo, automatic switch); answers the row. */
export async function updateMerchantSettings(
  db: DbOrTx,
  id: number,
  values: Partial<
    Pick<
      Merchant,
      "name" | "settlementBankCode" | "settlementBankName" | "settlementAccountNumber" | "settlementAccountName" | "settlementFloat" | "autoSettle"
    >
  >,
): Promise<Merchant> {
  const [row] = await db.update(merchants).set(values).where(eq(merchants.id, id)).returning();
  if (!row) throw new Error(`Merchant ${id} not found`);
  return row;
}

/** Ids of the merchants with automatic settlement on and a settlement account, ascending. */
export async function listAutoSettleMerchantIds(db: DbOrTx): Promise<number[]> {
  const rows = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(eq(merchants.autoSettle, true), isNotNull(merchants.settlementAccountNumber)))
    .orderBy(merchants.id);
  return rows.map((row) => row.id);
}

/** Kobo refunded of the payment `reference` so far: its refunds that did not fail (the caller holds the payment's row lock). */
export async function refundedKobo(db: DbOrTx, reference: string): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
    .from(transactions)
    .where(
      and(
        eq(transactions.type, "payment"),
        sql`${transactions.metadata} ? 'refundOf'`,
        sql`${transactions.metadata}->>'refundOf' = ${reference}`,
        sql`${transactions.status} <> 'failed'`,
      ),
    );
  return BigInt(row?.total ?? "0");
}

/** References and gateway ids of the pending refunds of the charge `chargeReference` for `amountKobo`, oldest first (refund webhooks). */
export async function pendingRefundsOf(
  db: DbOrTx,
  chargeReference: string,
  amountKobo: bigint,
): Promise<{ reference: string; providerRefundId: string | null }[]> {
  return db
    .select({ reference: transactions.reference, providerRefundId: sql<string | null>`${transactions.metadata}->>'providerRefundId'` })
    .from(transactions)
    .where(
      and(
        eq(transactions.type, "payment"),
        sql`${transactions.metadata} ? 'refundOf'`,
        sql`${transactions.metadata}->>'refundOf' = ${chargeReference}`,
        eq(transactions.status, "pending"),
        eq(transactions.amount, amountKobo),
      ),
    )
    .orderBy(transactions.id);
}
