import { parseTransactionMetadata } from "@kolo/domain";
import type { DbOrTx } from "../client";
import { type TransactionRecord, transactions } from "../schema";
import type { NewTypedTransactionRecord } from "./transactions";

/**
 * Inserts a transaction record (metadata validated against its type, as insertTransaction does)
 * unless one with the same reference exists (the column is unique). Answers the new row, or
 * undefined when the reference was taken. A concurrent insert of the same reference waits for the
 * first writer's transaction to end, so inside a transaction this is the lock a keyed top-up
 * needs: the second request then sees the first one's committed record.
 */
export async function insertTransactionOnce(db: DbOrTx, values: NewTypedTransactionRecord): Promise<TransactionRecord | undefined> {
  const metadata = parseTransactionMetadata(values.type, values.metadata);
  const [row] = await db
    .insert(transactions)
    .values({ ...values, metadata })
    .onConflictDoNothing({ target: transactions.reference })
    .returning();
  return row;
}
