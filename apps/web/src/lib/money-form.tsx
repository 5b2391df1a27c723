import { MONEY_TOASTS, parseNairaInput } from "@kolo/domain";
import { type UseFormReturnType, schemaResolver, useForm } from "@mantine/form";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useRef, useState } from "react";
import type { z } from "zod";
import { type PaymentReview, PaymentReviewDialog } from "../components/payment-review-dialog";
import { pinRefusalText } from "../components/pin-field";
import { domainCode, errorCode, fieldErrors, serverMessage } from "./errors";
import { newIdempotencyKey } from "./idempotency";
import { notifyError } from "./notify";
import { streamIsLive } from "./live-state";
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
  /**
   * Further queries to refresh after a success: only what the event stream does not carry (the
   * balance, the history, withdrawal states and the merchant's figures it does: lib/live.tsx).
   */
  refresh?: () => Promise<unknown>;
}

/**
 * Toasts of refusals every money form shares unless its `onCode` names them: 'Insufficient
 * Balance', and the fraud controls' (docs/product.md "Fraud controls") with the server's words.
 */
const DEFAULT_REFUSALS: Record<string, (error: unknown) => Toast> = {
  INSUFFICIENT_BALANCE: () => INSUFFICIENT_BALANCE,
  ACCOUNT_FROZEN: (error) => ({ title: "Account frozen", message: serverMessage(error) ?? "Your account is frozen" }),
  DEVICE_NOT_TRUSTED: (error) => ({ title: "Confirm this device", message: serverMessage(error) ?? "This device is not trusted yet" }),
  NEW_DEVICE_LIMIT: (error) => ({ title: "New device limit", message: serverMessage(error) ?? "New device limit" }),
};

/** The server's refusals of a PIN: shown in the review dialog, which stays open. */
const PIN_CODES = new Set(["PIN_INCORRECT", "PIN_LOCKED", "PIN_REQUIRED"]);

interface PendingPayment {
  signature: string;
  send: (idempotencyKey: string, transactionPin?: string) => Promise<unknown>;
  onSuccess: (result: unknown) => void | Promise<void>;
  review: PaymentReview;
}

/**
 * The one submit routine of every money form (docs/decisions.md "Money forms"):
 * - single flight: a second submit while one is on its way does nothing (a ref, not state: a double
 *   click or Enter twice comes before any re-render);
 * - offline: refused at once with the offline toast, nothing sent;
 * - with a `review` (every money-out flow): the review dialog (`dialog`, rendered by the form) shows
 *   recipient, amount, fee and total and asks for the transaction PIN (setting one first when the
 *   user has none), and the PIN goes with the request; a wrong PIN or a lock is shown in the dialog,
 *   which stays open (docs/product.md "Transaction PIN");
 * - idempotency key: one per submitted values (`signature`); dropped when the server answered
 *   (success or refusal: a new submit is a new request), kept after a network failure (the retry
 *   may be the same request);
 * - after a success the event stream brings the new balance and history (lib/live.tsx); only while
 *   it is down are they fetched here; then `refresh` (what the stream does not carry), `onSuccess`;
 * - a refusal is a toast from the domain code (`onCode`), else `failure`.
 *
 * `submit(signature, send, onSuccess, review?)` runs `send(idempotencyKey, transactionPin)`, then
 * `onSuccess(result)` (what to show and where to go; still in flight, so a double submit cannot slip
 * in); `busy` is true meanwhile.
 */
export function useMoneySubmit(options: MoneySubmitOptions) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const inFlight = useRef(false);
  const attempt = useRef<{ key: string; signature: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PendingPayment | null>(null);
  const [pinError, setPinError] = useState<string | null>(null);
  const [lockMessage, setLockMessage] = useState<string | null>(null);
  const [deviceRefused, setDeviceRefused] = useState(false);
  const refreshStreamed = () => Promise.all([utils.auth.me.invalidate(), utils.transactions.list.invalidate(), utils.merchants.invalidate()]);

  /** Sends once with the PIN if any; a refused PIN keeps the review dialog open with the reason. */
  const run = async <TResult,>(
    signature: string,
    send: (idempotencyKey: string, transactionPin?: string) => Promise<TResult>,
    onSuccess: (result: TResult) => void | Promise<void>,
    transactionPin?: string,
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
      const result = await send(attempt.current.key, transactionPin);
      attempt.current = null;
      setPending(null);
      // The balance and the history come with the event stream; fetched here only while it is down.
      await Promise.all([streamIsLive() ? undefined : refreshStreamed(), options.refresh?.()]);
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
      if (code === "DEVICE_NOT_TRUSTED" && pending) {
        // Nothing was done: the dialog asks for the device's code, then the PIN again.
        setDeviceRefused(true);
        return;
      }
      if (PIN_CODES.has(code)) {
        // Nothing was done: the dialog stays open with the reason.
        void utils.auth.transactionPin.invalidate();
        if (code === "PIN_LOCKED") setLockMessage(serverMessage(error) ?? "Payments are locked");
        else setPinError(pinRefusalText(error, "Incorrect PIN"));
        return;
      }
      setPending(null);
      options.onRefused?.(code);
      if (code === "UNAUTHENTICATED" || errorCode(error) === "UNAUTHORIZED") {
        notifyError(MONEY_TOASTS.authenticationTitle, MONEY_TOASTS.logInToContinue);
        await navigate({ to: "/login" });
        return;
      }
      const handler = options.onCode?.[code] ?? DEFAULT_REFUSALS[code]?.(error);
      if (typeof handler === "function") handler(error);
      else if (handler) notifyError(handler.title, handler.message);
      else notifyError(options.failure.title, (options.failure.serverMessage ? serverMessage(error) : undefined) ?? options.failure.message);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const submit = async <TResult,>(
    signature: string,
    send: (idempotencyKey: string, transactionPin?: string) => Promise<TResult>,
    onSuccess: (result: TResult) => void | Promise<void>,
    review?: PaymentReview,
  ): Promise<void> => {
    if (!review) return run(signature, send, onSuccess);
    if (inFlight.current || pending) return;
    if (isOffline()) {
      notifyOffline();
      return;
    }
    setPinError(null);
    setLockMessage(null);
    setDeviceRefused(false);
    setPending({ signature, send, onSuccess: onSuccess as PendingPayment["onSuccess"], review });
  };

  /** Forgets the key (a form closed and opened again is a new request). */
  const reset = () => {
    attempt.current = null;
  };

  const dialog: ReactNode = (
    <PaymentReviewDialog
      review={pending?.review ?? null}
      busy={busy}
      pinError={pinError}
      lockMessage={lockMessage}
      deviceRefused={deviceRefused}
      onDeviceTrusted={() => setDeviceRefused(false)}
      onCancel={() => setPending(null)}
      onConfirm={(pin) => {
        if (!pending) return;
        setPinError(null);
        void run(pending.signature, pending.send, pending.onSuccess, pin);
      }}
    />
  );

  return { submit, busy, reset, dialog };
}

/**
 * An amount field's text as the naira number the user typed: what a money form sends, as typed (the
 * server decodes it to kobo through the naira codec; docs/decisions/web.md "Money forms"). For a
 * form whose schema passed; a text that is no amount throws RangeError.
 */
export function typedNaira(text: string): number {
  const parsed = parseNairaInput(text);
  if (!parsed.ok) throw new RangeError(parsed.error);
  return parsed.naira;
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

export interface MoneyFormOptions<Values> extends MoneySubmitOptions {
  /** The fields as typed (amounts are text: the schema reads them with `nairaInputText`). */
  initialValues: Values;
  /**
   * A VALIDATION refusal of the server puts its field messages under the fields of the same name,
   * then runs `onCode.VALIDATION` when given, else the `failure` toast with the server's message.
   */
  serverFieldErrors?: boolean;
}

/**
 * The one way a money form is written (docs/decisions/web.md "Money forms"): a Mantine form
 * validated by `schema`, built from the operation's zod schema in @kolo/domain so the form shows
 * the messages the server would give (e.g. `nairaInputText.pipe(bankTransferSchema.shape.amount)`:
 * 'Minimum withdrawal amount is ₦100'), and the submit routine `useMoneySubmit` (single flight,
 * offline, review and PIN, idempotency key, refusal toasts).
 *
 * `onSubmit(handler, onInvalid?)` is the form's submit handler: it runs `handler(parsed, values)` only
 * when the schema passes (else the messages are under the fields, and `onInvalid` runs) and no
 * submit is in flight; `parsed` is
 * the schema's output (amounts as the domain schema gives them: kobo for payouts, naira for
 * purchases). Returns `form`, `submit`, `busy`, `reset` and `dialog` (the review dialog to render).
 */
export function useMoneyForm<Values extends Record<string, unknown>, Parsed>(
  schema: z.ZodType<Parsed, Values>,
  options: MoneyFormOptions<Values>,
): ReturnType<typeof useMoneySubmit> & {
  form: UseFormReturnType<Values>;
  onSubmit: (handler: (parsed: Parsed, values: Values) => Promise<void> | void, onInvalid?: () => void) => (event?: React.FormEvent<HTMLFormElement>) => void;
} {
  const { initialValues, serverFieldErrors, ...submitOptions } = options;
  const form = useForm<Values>({ mode: "controlled", initialValues, validate: schemaResolver(schema, { sync: true }) });
  const validation = submitOptions.onCode?.VALIDATION;
  const money = useMoneySubmit(
    serverFieldErrors
      ? {
          ...submitOptions,
          onCode: {
            ...submitOptions.onCode,
            VALIDATION: (error) => {
              form.setErrors(fieldErrors(error));
              if (typeof validation === "function") validation(error);
              else notifyError(validation?.title ?? submitOptions.failure.title, validation?.message ?? serverMessage(error) ?? submitOptions.failure.message);
            },
          },
        }
      : submitOptions,
  );
  const onSubmit = (handler: (parsed: Parsed, values: Values) => Promise<void> | void, onInvalid?: () => void) =>
    form.onSubmit(
      async (values) => {
        if (money.busy) return;
        const parsed = schema.safeParse(values);
        if (!parsed.success) return; // the resolver already put the reasons under the fields
        await handler(parsed.data, values);
      },
      () => onInvalid?.(),
    );
  return { ...money, form, onSubmit };
}
