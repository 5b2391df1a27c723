import { sql } from "drizzle-orm";
import type { DbOrTx } from "../client";

/**
 * What a job queue's drizzle adapter takes to write a job inside the caller's transaction: the
 * transaction and drizzle's `sql` tag (pg-boss: `fromDrizzle(...jobQueueAdapterArgs(tx))`). A job
 * written through it commits or rolls back with `tx` (docs/money-integrity.md, "No money held
 * without its follow-up").
 */
export const jobQueueAdapterArgs = (tx: DbOrTx) => [tx, sql] as const;
