// Receipt codes (docs/product.md "Receipts"): stored once per transaction, looked up by code.
import { eq } from "drizzle-orm";
import type { DbOrTx } from "../client";
import { receiptCodes, transactions } from "../schema";

/** Stores `code` for the transaction (a repeat keeps the first: the code is deterministic anyway). */
export async function saveReceiptCode(db: DbOrTx, transactionId: number, code: string): Promise<void> {
  await db.insert(receiptCodes).values({ transactionId, code }).onConflictDoNothing();
}

/** The transaction a receipt code names, if any. */
export async function findTransactionByReceiptCode(db: DbOrTx, code: string) {
  const [row] = await db
    .select({ transaction: transactions })
    .from(receiptCodes)
    .innerJoin(transactions, eq(transactions.id, receiptCodes.transactionId))
    .where(eq(receiptCodes.code, code));
  return row?.transaction;
}
