// When to ask a provider again about an outcome that is not final yet (a payout still processing,
// an airtime purchase still pending). docs/decisions.md "Airtime and
// data": every 30 s at first, backing off, for 24 h; then an admin must look at it.

/** Delay before the first requery of an unclear outcome (ms). */
export const REQUERY_FIRST_DELAY_MS = 30_000;
/** Longest delay between two requeries (ms): backing off stops growing here. */
export const REQUERY_MAX_DELAY_MS = 30 * 60_000;
/** How long after the start an outcome is requeried before it is flagged for an admin (ms). */
export const REQUERY_WINDOW_MS = 24 * 60 * 60_000;

export type RequeryStep = { action: "retry"; delayMs: number } | { action: "flag" };

/**
 * The step after requery number `attempt` (0 = the first check) of an outcome started at
 * `startedAt` that is still not final at `now`: retry after 30 s × 2^attempt (capped at
 * REQUERY_MAX_DELAY_MS, and never past the 24 h window's end), or "flag" once the window has
 * passed. `firstDelayMs` overrides the 30 s start (tests, demos).
 */
export function nextRequery(startedAt: Date, attempt: number, now: Date, firstDelayMs = REQUERY_FIRST_DELAY_MS): RequeryStep {
  const deadline = startedAt.getTime() + REQUERY_WINDOW_MS;
  const left = deadline - now.getTime();
  if (left <= 0) return { action: "flag" };
  const backedOff = Math.min(firstDelayMs * 2 ** Math.min(Math.max(attempt, 0), 30), REQUERY_MAX_DELAY_MS);
  return { action: "retry", delayMs: Math.max(Math.min(backedOff, left), 0) };
}
