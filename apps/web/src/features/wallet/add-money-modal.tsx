import { NairaAmountInput } from "../../components/form-inputs";
import { MONEY_TOASTS, TOPUP_MAX_KOBO, TOPUP_MESSAGES, TOPUP_MIN_KOBO, nairaInputText, topUpSchema } from "@kolo/domain";
import { Button, Divider, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { z } from "zod";
import { BusyButton } from "../../components/busy-button";
import { OfflineNotice } from "../../components/offline-notice";
import { domainCode, serverMessage } from "../../lib/errors";
import { typedNaira, useMoneyForm } from "../../lib/money-form";
import { dismissToast, notify, notifyError } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { AccountNumberCard } from "./account-number-card";

/** Local-storage key of the top-up awaiting verification (docs/product.md#wallet-and-top-ups, Top-up step 2). */
export const PENDING_PAYMENT_KEY = "pendingPaymentReference";

/**
 * The top-up's amount rules (POST /api/wallet/topup), all checked here before any request: above
 * zero ('Please enter a valid amount') and within ₦100–₦1,000,000 with the server's own messages
 * (assertTopUpAmount in @kolo/domain), so an amount out of bounds is never sent to be refused.
 */
const topUpFormSchema = z.object({
  amount: nairaInputText
    .pipe(topUpSchema.shape.amount)
    .refine((kobo) => kobo >= TOPUP_MIN_KOBO, { error: "Minimum top-up amount is ₦100" })
    .refine((kobo) => kobo <= TOPUP_MAX_KOBO, { error: "Maximum top-up amount is ₦1,000,000" }),
});

interface AddMoneyModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Top-up dialog (docs/product.md#wallet-and-top-ups): first the user's own account number for a
 * bank transfer (AccountNumberCard), then the card top-up: amount in NGN; wallet.topup gives the gateway's
 * authorizationUrl and the reference, which is kept for /payment-verification.
 * Sending goes through the money-form hook (lib/money-form.tsx): one call per double click, and an
 * idempotency key reused only when the same amount is sent again after a network failure.
 */
export function AddMoneyModal({ opened, onClose }: AddMoneyModalProps) {
  const [redirecting, setRedirecting] = useState(false);
  const topup = trpc.wallet.topup.useMutation();
  const specific = (error: unknown) => {
    const message = serverMessage(error);
    if (domainCode(error) === "VALIDATION" && message) form.setFieldError("amount", message);
    notifyError(MONEY_TOASTS.errorTitle, message ?? TOPUP_MESSAGES.initiationFailed);
  };
  const money = useMoneyForm(topUpFormSchema, {
    initialValues: { amount: "" },
    failure: { title: MONEY_TOASTS.errorTitle, message: TOPUP_MESSAGES.initiationFailed },
    // Answers whose message is specific enough to show (min/max amount, switch off, too many tries).
    onCode: { VALIDATION: specific, FEATURE_DISABLED: specific, RATE_LIMITED: specific },
  });
  const { form } = money;
  const busy = money.busy || redirecting;

  const submit = money.onSubmit(
    async ({ amount: kobo }, typed) => {
      if (redirecting) return;
      await money.submit(
        String(kobo),
        (idempotencyKey) => topup.mutateAsync({ amount: typedNaira(typed.amount), idempotencyKey }),
        (result) => {
          // A missing authorization URL counts as a failure (docs/product.md "Wallet and top-ups").
          if (!result.authorizationUrl) throw new Error("No authorization URL");
          localStorage.setItem(PENDING_PAYMENT_KEY, result.reference);
          setRedirecting(true);
          notify({ title: MONEY_TOASTS.topUpInitiatedTitle, message: MONEY_TOASTS.redirectingToGateway });
          window.location.assign(result.authorizationUrl);
        },
      );
    },
    // The reason under the field; the product's toast for any amount that cannot be used.
    () => notifyError(MONEY_TOASTS.invalidAmountTitle, MONEY_TOASTS.validAmount),
  );

  const close = () => {
    if (busy) return;
    form.reset();
    money.reset();
    onClose();
  };

  const amountInput = form.getInputProps("amount");
  return (
    <Modal opened={opened} onClose={close} title="Add Money" closeButtonProps={{ "aria-label": "Close" }}>
      <AccountNumberCard headingOrder={3} />
      <Divider my="md" label="or pay by card" labelPosition="center" />
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Top up your wallet by card. You will be taken to the payment page to complete it.
          </Text>
          <OfflineNotice />
          <NairaAmountInput
            placeholder="5,000"
            {...amountInput}
            onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
              amountInput.onChange(event);
              dismissToast(MONEY_TOASTS.invalidAmountTitle);
            }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <BusyButton type="submit" busy={busy} busyLabel="Processing...">
              Add Money
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
