// The event stream's state that screens read without the stream's own code (lib/live.tsx): whether
// the stream is live and the listeners of delivered transactions. Kept apart so the first screen
// (the dashboard's credit notices) does not load the stream, @kolo/domain's payout texts and zod
// before its first render: lib/live.tsx is loaded when the browser is idle (routes/_authed.tsx;
// docs/performance.md "/dashboard: JavaScript before the first render").
import type { LiveEvent } from "@kolo/api";

/** A transaction as the stream delivers it and History shows it (amounts in naira, as on the wire). */
export type LiveTransaction = Extract<LiveEvent, { type: "transaction" }>["transaction"];

let live = false;

const transactionListeners = new Set<(transaction: LiveTransaction) => void>();

/**
 * Calls `listener` with each transaction of the user's the stream delivers (new, or its status
 * changed), as History shows it, until the returned function is called: what a screen reacting to
 * one event (the dashboard's credit notice) listens to.
 */
export function onLiveTransaction(listener: (transaction: LiveTransaction) => void): () => void {
  transactionListeners.add(listener);
  return () => void transactionListeners.delete(listener);
}

/** Hands `transaction` to every listener of onLiveTransaction (lib/live.tsx, on each transaction event). */
export function emitLiveTransaction(transaction: LiveTransaction): void {
  for (const listener of transactionListeners) listener(transaction);
}

/**
 * Whether this tab's event stream is live (connected, and what was read before it listened read
 * again). While it is, a money write refetches nothing the stream delivers (balances, history,
 * withdrawal states, merchant figures): the events bring them. While it is down, the writer
 * refreshes them itself (lib/money-form.tsx).
 */
export const streamIsLive = (): boolean => live;

/** Set by the stream (lib/live.tsx) when it becomes live or goes down. */
export function setStreamLive(value: boolean): void {
  live = value;
}
