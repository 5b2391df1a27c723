// What the services need of the background jobs (docs/money-integrity.md): scheduling a requery,
// and assigning a user's account number (banking/dedicated-account.ts).
// Its own module, so services.ts and jobs/requery.ts do not import each other.
import type { DbOrTx } from "@kolo/db";

/** Schedules requeries and account-number assignments; `Services.jobs`. */
export interface JobScheduler {
  /**
   * Schedules the first check of `reference` for `kind` (after REQUERY_FIRST_DELAY_MS, or the
   * scheduler's override). Idempotent per kind and reference while one is queued. With `tx`, the
   * job is written through that database transaction, so it commits or rolls back with the hold
   * it follows (docs/money-integrity.md "The requery job is written with the hold"); a failure to write
   * it throws, and the caller's transaction rolls back.
   */
  requery(kind: string, reference: string, options?: { tx?: DbOrTx }): Promise<void>;

  /**
   * Sends the job that assigns `userId` a dedicated account (banking/dedicated-account.ts),
   * retried with backoff; one queued job per user (a repeat is a no-op).
   */
  assignDedicatedAccount(userId: number): Promise<void>;
}
