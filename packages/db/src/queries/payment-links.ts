// Payment links (docs/product.md "Payment links"). Money never moves here: link payments go through
// the ledger kit in packages/api/src/money/payment-links.ts.
import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { type PaymentLink, paymentLinks, transactions } from "../schema";

export async function insertPaymentLink(db: DbOrTx, values: typeof paymentLinks.$inferInsert): Promise<PaymentLink> {
  const [row] = await db.insert(paymentLinks).values(values).returning();
  if (!row) throw new Error("Payment link insert returned nothing");
  return row;
}

/** The merchant's links, newest first. */
export async function listMerchantPaymentLinks(db: DbOrTx, merchantId: number, limit = 200): Promise<PaymentLink[]> {
  return db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.merchantId, merchantId))
    .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
    .limit(limit);
}

/** The link with this slug; `forUpdate` locks its row until the caller's transaction ends. */
export async function findPaymentLinkBySlug(db: DbOrTx, slug: string, options: { forUpdate?: boolean } = {}): Promise<PaymentLink | undefined> {
  const query = db.select().from(paymentLinks).where(eq(paymentLinks.slug, slug)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** The link with this id; `forUpdate` locks its row until the caller's transaction ends. */
export async function findPaymentLinkById(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}): Promise<PaymentLink | undefined> {
  const query = db.select().from(paymentLinks).where(eq(paymentLinks.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** Changes the merchant's own link `id` (title, description, active, maxPayments, expiresAt); undefined when it is not theirs. */
export async function updatePaymentLink(
  db: DbOrTx,
  merchantId: number,
  id: number,
  changes: Partial<Pick<PaymentLink, "title" | "description" | "active" | "maxPayments" | "expiresAt">>,
): Promise<PaymentLink | undefined> {
  const [row] = await db
    .update(paymentLinks)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(paymentLinks.id, id), eq(paymentLinks.merchantId, merchantId)))
    .returning();
  return row;
}

/** Counts one completed payment of `amountKobo` on the link; the caller holds the row's lock or the payment's. */
export async function countLinkPayment(db: DbOrTx, id: number, amountKobo: bigint): Promise<void> {
  await db
    .update(paymentLinks)
    .set({ paymentsCount: sql`${paymentLinks.paymentsCount} + 1`, totalKobo: sql`${paymentLinks.totalKobo} + ${amountKobo}` })
    .where(eq(paymentLinks.id, id));
}

/**
 * Pending payments of the link that hold a place under maxPayments: card checkouts opened since
 * `since`, and wallet payments held by fraud monitoring (channel 'link'), however old, until they
 * are released (then counted) or rejected.
 */
export async function countOpenCardCheckouts(db: DbOrTx, linkId: number, since: Date): Promise<number> {
  return db.$count(
    transactions,
    and(
      eq(transactions.type, "payment"),
      sql`${transactions.metadata} ? 'linkId'`,
      sql`(${transactions.metadata}->>'linkId')::int = ${linkId}`,
      or(gt(transactions.createdAt, since), sql`${transactions.metadata}->>'channel' = 'link'`),
      eq(transactions.status, "pending"),
    ),
  );
}
