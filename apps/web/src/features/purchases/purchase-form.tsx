import { type FeatureKey, PURCHASE_MESSAGES } from "@kolo/domain";
import { Card, Stack } from "@mantine/core";
import type { FormEvent, ReactNode } from "react";
import type { z } from "zod";
import { BalanceHeader } from "../../components/balance-header";
import { SubmitButton } from "../../components/busy-button";
import { PageHeader } from "../../components/page-header";
import type { PaymentReview } from "../../components/payment-review-dialog";
import { serverMessage } from "../../lib/errors";
import { balanceCovers, useMoneyForm } from "../../lib/money-form";
import { notify, notifyError } from "../../lib/notify";
import { useFeatures, useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";
import { PurchaseDisabledAlert } from "./purchase-fields";

/**
 * What tells one purchase kind from another on screen (docs/product.md#airtime-and-data,
 * "Electricity"): the page title, its feature switch, the 'Feature Disabled' text, the submit label,
 * the failure text and the titles of the pending and success toasts.
 */
export interface PurchaseKind {
  title: string;
  feature: FeatureKey;
  /** The subject of '{what} has been temporarily disabled by the administrator'. */
  disabledWhat: string;
  submitLabel: string;
  failed: string;
  titles: { pending: string; success: string };
}

/**
 * A purchase kind from its texts: `outcome` holds the failure text and the pending and success toast
 * titles (the domain's messages); the submit label is the title unless given.
 */
export const purchaseKind = (
  title: string,
  feature: FeatureKey,
  disabledWhat: string,
  outcome: { failed: string; pendingTitle: string; successTitle: string },
  submitLabel = title,
): PurchaseKind => ({
  title,
  feature,
  disabledWhat,
  submitLabel,
  failed: outcome.failed,
  titles: { pending: outcome.pendingTitle, success: outcome.successTitle },
});

/** What the server answers for any purchase: its state, the provider's warning when pending, the transaction (amount in naira). */
interface PurchaseResult {
  status: string;
  warning: string | null;
  transaction: { amount: number; reference: string; metadata: unknown };
}

/**
 * One purchase (airtime, data, electricity, cable later): `useMoneyForm` with the kind's domain
 * schema, refusals the server explains (bad input, the daily limit, a switched-off feature) with its
 * message and others with `kind.failed`, and a success refreshing the recent numbers (not on the
 * event stream; the balance a refunded purchase gives back and the history are: lib/live.tsx).
 *
 * `buy(order)` checks the balance (naira), opens the review step and PIN, sends, then shows the
 * pending (with the server's warning) or success toast and runs `order.then`.
 */
export function usePurchaseForm<Values extends Record<string, unknown>, Parsed>(kind: PurchaseKind, schema: z.ZodType<Parsed, Values>, initialValues: Values) {
  const me = useMe();
  const utils = trpc.useUtils();
  const enabled = useFeatures()(kind.feature);
  const explained = (error: unknown) => notifyError(PURCHASE_MESSAGES.failedTitle, serverMessage(error) ?? kind.failed);
  const moneyForm = useMoneyForm(schema, {
    initialValues,
    failure: { title: PURCHASE_MESSAGES.failedTitle, message: kind.failed },
    onCode: { VALIDATION: explained, DAILY_LIMIT_EXCEEDED: explained, FEATURE_DISABLED: explained },
    refresh: () => utils.purchases.recentNumbers.invalidate(),
  });

  const buy = async <TResult extends PurchaseResult>(order: {
    /** The same purchase submitted again has the same signature (and so the same idempotency key). */
    signature: string;
    /** Naira: checked against the balance before the review step. */
    amount: number;
    send: (idempotencyKey: string, transactionPin?: string) => Promise<TResult>;
    /** The success toast's text. */
    success: (result: TResult) => string;
    review: Omit<PaymentReview, "amount" | "fee">;
    then: (result: TResult) => void | Promise<void>;
  }) => {
    if (!enabled || !balanceCovers(me.balance, order.amount)) return;
    await moneyForm.submit(
      order.signature,
      order.send,
      async (result) => {
        if (result.status === "pending") notify({ title: kind.titles.pending, message: result.warning ?? PURCHASE_MESSAGES.pendingWarning, color: "yellow" });
        else notify({ title: kind.titles.success, message: order.success(result) });
        await order.then(result);
      },
      { ...order.review, amount: order.amount, fee: 0 },
    );
  };

  return { ...moneyForm, enabled, buy };
}

/**
 * The screen of every purchase: title and back to /pay, the review dialog, 'Feature Disabled' when
 * the kind is switched off (the submit button is disabled and described by it), the balance, then
 * the form with the kind's fields (`children`) and its submit button.
 */
export function PurchaseScreen({
  kind,
  purchase,
  onSubmit,
  children,
}: {
  kind: PurchaseKind;
  purchase: { enabled: boolean; busy: boolean; dialog: ReactNode };
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const disabledId = `${kind.feature.replace("feature_", "")}-disabled`;
  return (
    <Stack gap="md">
      <PageHeader title={kind.title} back="/pay" />
      {purchase.dialog}
      {purchase.enabled ? null : <PurchaseDisabledAlert id={disabledId} what={kind.disabledWhat} />}
      <BalanceHeader />
      <Card>
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            {children}
            <SubmitButton busy={purchase.busy} disabled={!purchase.enabled} describedBy={purchase.enabled ? undefined : disabledId}>
              {kind.submitLabel}
            </SubmitButton>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
