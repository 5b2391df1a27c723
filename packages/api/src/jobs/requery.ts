// Requery of outcomes a provider has not made final yet (payouts, airtime/data purchases): the
// kinds, one step of the schedule, and the scheduler the procedures call
// (docs/money-integrity.md); the schedule is nextRequery in @kolo/domain.
import type { Database } from "@kolo/db";
import { nextRequery } from "@kolo/domain";
import type { Services } from "../services";

/** What a requery check sees: the database, the services (providers) and the clock's now. */
export interface RequeryContext {
  db: Database;
  services: Services;
  now: Date;
}

/** One kind of outcome that may need asking again (e.g. "payout", "purchase"). */
export interface RequeryKind {
  kind: string;
  /**
   * Asks the provider about `reference` and applies a final outcome at most once (settle, release,
   * reverse…). Answers "final" when nothing is left to do (also when it was already final), or
   * "pending" to be asked again later. Throwing counts as "pending" (the provider could not be asked).
   */
  check(ctx: RequeryContext, reference: string): Promise<"final" | "pending">;
  /** Still pending when the 24 h window has passed: mark it for an admin (e.g. metadata.needsReview). */
  flag(ctx: RequeryContext, reference: string): Promise<void>;
}

/** The data of one requery job. `startedAt` is an ISO time; `attempt` counts checks done before this one. */
export interface RequeryJob {
  kind: string;
  reference: string;
  attempt: number;
  startedAt: string;
}

/** What one requery step did: "final" (done), "retry" after `delayMs`, or "flag" (handed to an admin). */
export type RequeryResult = { outcome: "final" } | { outcome: "retry"; delayMs: number } | { outcome: "flag" };

export type { JobScheduler } from "./scheduler";

/**
 * Runs one requery step of `job` at `ctx.now`: `kinds`' check for it; when still pending, the
 * next step per nextRequery (retry with a backed-off delay, or flag once 24 h have passed since
 * `startedAt`, calling the kind's flag). An unknown kind is an error (a programming mistake).
 * Used by the pg-boss worker and directly by tests with a controllable clock.
 */
export async function runRequery(ctx: RequeryContext, job: RequeryJob, kinds: readonly RequeryKind[], firstDelayMs?: number): Promise<RequeryResult> {
  const kind = kinds.find((k) => k.kind === job.kind);
  if (!kind) throw new Error(`Unknown requery kind: ${job.kind}`);
  let state: "final" | "pending";
  try {
    state = await kind.check(ctx, job.reference);
  } catch (error) {
    ctx.services.log.warn({ kind: job.kind, reference: job.reference, err: String(error) }, "Requery could not ask the provider; will retry");
    state = "pending";
  }
  if (state === "final") return { outcome: "final" };
  const step = nextRequery(new Date(job.startedAt), job.attempt, ctx.now, firstDelayMs);
  if (step.action === "flag") {
    await kind.flag(ctx, job.reference);
    ctx.services.log.warn({ kind: job.kind, reference: job.reference }, "Still not final after 24 h: flagged for an admin");
    return { outcome: "flag" };
  }
  return { outcome: "retry", delayMs: step.delayMs };
}
