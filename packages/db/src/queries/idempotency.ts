import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client";

/**
 * Runs `work` under the transaction-scoped advisory lock of (`ownerId`, `key`): two requests of one
 * owner under one key (a client's retry racing its first try) run one after the other, so the
 * second finds what the first wrote and answers it (docs/money-integrity.md, idempotent writes).
 * The lock is `pg_advisory_xact_lock(ownerId, hashtext(key))`: it is held until `tx` commits or
 * rolls back, not only while `work` runs, and it shares one lock space across payouts, purchases,
 * merchant payments and admin adjustments (a key is the client's, whatever it is used for).
 * `tx` must be a transaction (outside one the lock would end with the statement).
 */
export async function withIdempotencyLock<T>(tx: DbOrTx, lock: { ownerId: number; key: string }, work: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select pg_advisory_xact_lock(${lock.ownerId}::integer, hashtext(${lock.key}))`);
  return work();
}
