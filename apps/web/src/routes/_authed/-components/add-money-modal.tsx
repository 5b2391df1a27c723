import { NairaAmountInput } from "../../../components/form-inputs";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { BusyButton } from "../../../components/busy-button";
import { domainCode, serverMessage } from "../../../lib/errors";
import { notify, notifyError } from "../../../lib/notify";
import { trpc } from "../../../lib/trpc";

/** Local-storage key of the top-up awaiting verification (spec 01 §4, Top-up step 2). */
export const PENDING_PAYMENT_KEY = "pendingPaymentReference";

/** Server answers whose message is specific enough to show (min/max amount, switch off, ...). */
const SPECIFIC_CODES = new Set(["VALIDATION", "FEATURE_DISABLED", "RATE_LIMITED"]);

interface AddMoneyModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Top-up dialog (spec 01 §2, §4, §8): amount in NGN; wallet.topup gives the gateway's
 * authorizationUrl and the reference, which is kept for /payment-verification.
 */
export function AddMoneyModal({ opened, onClose }: AddMoneyModalProps) {
  const [amount, setAmount] = useState<number | string>("");
  const [redirecting, setRedirecting] = useState(false);
  const topup = trpc.wallet.topup.useMutation();
  const busy = topup.isPending || redirecting;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const value = typeof amount === "number" ? amount : Number.parseFloat(amount);
    if (!Number.isFinite(value) || value <= 0) {
      notifyError("Invalid Amount", "Please enter a valid amount");
      return;
    }
    try {
      const result = await topup.mutateAsync({ amount: value });
      if (!result.authorizationUrl) throw new Error("No authorization URL");
      localStorage.setItem(PENDING_PAYMENT_KEY, result.reference);
      setRedirecting(true);
      notify({ title: "Top-up Initiated", message: "Redirecting to payment gateway..." });
      window.location.assign(result.authorizationUrl);
    } catch (error) {
      const code = domainCode(error);
      const message = code && SPECIFIC_CODES.has(code) ? serverMessage(error) : undefined;
      notifyError("Error", message ?? "Failed to initiate top-up");
    }
  };

  const close = () => {
    if (busy) return;
    setAmount("");
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Add Money" closeButtonProps={{ "aria-label": "Close" }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Top up your wallet by card. You will be taken to the payment page to complete it.
          </Text>
          <NairaAmountInput
            placeholder="5,000"
            value={amount}
            onChange={setAmount}
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
