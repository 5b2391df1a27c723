// Per-user limits (docs/decisions.md "Security, second round"): 5 new tickets an hour, 30 ticket
// replies an hour, 10 top-up initializations a minute, 30 recipient lookups in 10 minutes, 3 PIN-reset
// codes an hour (docs/decisions.md "Per-user caps"). Past a limit: 429 'Too many requests'.
import { type CountedAction, type DbOrTx, type LimitedAction, countUserAction, lockUserAction } from "@kolo/db";
import { DomainError } from "@kolo/domain";
import type { Services } from "./services";

export const USER_LIMITS: Record<LimitedAction, { max: number; windowMs: number }> = {
  ticket: { max: 5, windowMs: 60 * 60 * 1000 },
  ticket_reply: { max: 30, windowMs: 60 * 60 * 1000 },
  topup: { max: 10, windowMs: 60 * 1000 },
  recipient_lookup: { max: 30, windowMs: 10 * 60 * 1000 },
  pin_reset_code: { max: 3, windowMs: 60 * 60 * 1000 },
};

export const TOO_MANY_REQUESTS = "Too many requests";

/**
 * Inside the transaction `tx` that will write the action's row: takes the user's lock for the
 * action and refuses when the window already holds the limit. RATE_LIMITED (429) 'Too many
 * requests' {retryAfterSeconds}.
 */
export async function enforceUserLimit(
  tx: DbOrTx,
  userId: number,
  action: CountedAction,
  options: { limits?: Services["userLimits"]; now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const { max, windowMs } = options.limits?.[action] ?? USER_LIMITS[action];
  await lockUserAction(tx, userId, action);
  const { count, oldest } = await countUserAction(tx, userId, action, new Date(now.getTime() - windowMs));
  if (count < max) return;
  throw tooManyRequests(oldest, windowMs, now);
}

/**
 * The refusal past a limit: RATE_LIMITED (429) 'Too many requests' {retryAfterSeconds}, the time
 * until the window's oldest action (`oldest`, else `now`) leaves it, at least 1 s.
 */
export function tooManyRequests(oldest: Date | null, windowMs: number, now: Date): DomainError {
  const retryAfterSeconds = Math.max(1, Math.ceil(((oldest?.getTime() ?? now.getTime()) + windowMs - now.getTime()) / 1000));
  return new DomainError("RATE_LIMITED", TOO_MANY_REQUESTS, { retryAfterSeconds });
}
