import { MONEY_TOASTS } from "@kolo/domain";
import { useNavigate } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { domainCode, errorCode, serverMessage } from "./errors";
import { newIdempotencyKey } from "./idempotency";
import { notifyError } from "./notify";
import { isOffline, notifyOffline } from "./offline";
import { trpc } from "./trpc";

/** A toast: title and message. */
export interface Toast {
  title: string;
  message: string;
}

export interface MoneySubmitOptions {
  /**
   * The toast of a refusal no entry of `onCode` names: `title`, with the server's message when
   * `serverMessage` is set and the server gave one, else `message`.
   */
  failure: Toast & { serverMessage?: boolean };
  /**
   * Refusals by domain code: a toast, or a function that shows its own (and may do more, e.g. put
   * field errors under the fields). INSUFFICIENT_BALANCE defaults to 'Insufficient Balance' /
   * 'Please top up your wallet to continue'; a session that ended always leads to /login.
   */
  onCode?: Record<string, Toast | ((error: unknown) => void)>;
  /** After any refusal the server answered (e.g. refresh the balance a refunded purchase gave back). */
  onRefused?: (code: string) => void;
  /** Further queries to refresh after a success, beside the balance and the history. */
  refresh?: () => Promise<unknown>;
}

/**
 * The one submit routine of every money form (docs/decisions.md "Money forms"):
 * - single flight: a second submit while one is on its way does nothing (a ref, not state: a double
 *   click or Enter twice comes before any re-render);
 * - offline: refused at once with the offline toast, nothing sent;
 * - idempotency key: one per submitted values (`signature`); dropped when the server answered
 *   (success or refusal: a new submit is a new request), kept after a network failure (the retry
 *   may be the same request);
 * - after a success the balance (auth.me) and the history are refreshed, then `onSuccess`;
 * - a refusal is a toast from the domain code (`onCode`), else `failure`.
 *
 * `submit(signature, send, onSuccess)` runs `send(idempotencyKey)`, then `onSuccess(result)` (what to
 * show and where to go; still in flight, so a double submit cannot slip in); `busy` is true meanwhile.
 */
export function useMoneySubmit(options: MoneySubmitOptions) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const inFlight = useRef(false);
  const attempt = useRef<{ key: string; signature: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async <TResult>(
    signature: string,
    send: (idempotencyKey: string) => Promise<TResult>,
    onSuccess: (result: TResult) => void | Promise<void>,
  ): Promise<void> => {
    if (inFlight.current) return;
    if (isOffline()) {
      notifyOffline();
      return;
    }
    if (attempt.current?.signature !== signature) attempt.current = { key: newIdempotencyKey(), signature };
    inFlight.current = true;
    setBusy(true);
    try {
      const result = await send(attempt.current.key);
      attempt.current = null;
      await Promise.all([utils.auth.me.invalidate(), utils.transactions.list.invalidate(), options.refresh?.()]);
      await onSuccess(result);
    } catch (error) {
      const code = domainCode(error);
      if (!code) {
        // No answer from the server: the key is kept, the retry may be the very same request.
        if (isOffline()) notifyOffline();
        else notifyError(options.failure.title, options.failure.message);
        return;
      }
      attempt.current = null;
      options.onRefused?.(code);
      if (code === "UNAUTHENTICATED" || errorCode(error) === "UNAUTHORIZED") {
        notifyError(MONEY_TOASTS.authenticationTitle, MONEY_TOASTS.logInToContinue);
        await navigate({ to: "/login" });
        return;
      }
      const handler = options.onCode?.[code] ?? (code === "INSUFFICIENT_BALANCE" ? INSUFFICIENT_BALANCE : undefined);
      if (typeof handler === "function") handler(error);
      else if (handler) notifyError(handler.title, handler.message);
      else notifyError(options.failure.title, (options.failure.serverMessage ? serverMessage(error) : undefined) ?? options.failure.message);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  /** Forgets the key (a form closed and opened again is a new request). */
  const reset = () => {
    attempt.current = null;
  };

  return { submit, busy, reset };
}

const INSUFFICIENT_BALANCE: Toast = { title: MONEY_TOASTS.insufficientBalanceTitle, message: MONEY_TOASTS.topUpToContinue };

/**
 * The check every money form makes before sending: the amount against the balance (both naira).
 * Shows 'Insufficient Balance' / 'Please top up your wallet to continue' and answers false when
 * the balance does not cover it. The server checks again; this only saves a round trip.
 */
export function balanceCovers(balance: number, amount: number, toast: Toast = INSUFFICIENT_BALANCE): boolean {
  if (balance >= amount) return true;
  notifyError(toast.title, toast.message);
  return false;
}
