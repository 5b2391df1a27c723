import { NairaAmountInput } from "../../../components/form-inputs";
import { parseNairaInput } from "@kolo/domain";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { BusyButton } from "../../../components/busy-button";
import { OfflineNotice } from "../../../components/offline-notice";
import { domainCode, serverMessage } from "../../../lib/errors";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { notify, notifyError } from "../../../lib/notify";
import { isOffline, notifyOffline } from "../../../lib/offline";
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
 * Single-flight (issue 7 item 17): a ref guards the submit, so a double click or Enter twice makes
 * one call, and each submitted form carries an idempotency key, reused only when the same amount
 * is sent again after an unclear outcome (a network failure), so the server starts one top-up.
 */
export function AddMoneyModal({ opened, onClose }: AddMoneyModalProps) {
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const inFlight = useRef(false);
  const attempt = useRef<{ key: string; kobo: bigint } | null>(null);
  const topup = trpc.wallet.topup.useMutation();
  const busy = topup.isPending || redirecting;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || busy) return;
    const parsed = parseNairaInput(amount);
    if (!parsed.ok || parsed.kobo <= 0n) {
      // The reason under the field; the spec's toast (01 §5) for any amount that cannot be used.
      setAmountError(parsed.ok ? "Please enter a valid amount" : parsed.error);
      notifyError("Invalid Amount", "Please enter a valid amount");
      return;
    }
    if (isOffline()) {
      notifyOffline();
      return;
    }
    if (attempt.current?.kobo !== parsed.kobo) attempt.current = { key: newIdempotencyKey(), kobo: parsed.kobo };
    inFlight.current = true;
    try {
      const result = await topup.mutateAsync({ amount: parsed.naira, idempotencyKey: attempt.current.key });
      if (!result.authorizationUrl) throw new Error("No authorization URL");
      localStorage.setItem(PENDING_PAYMENT_KEY, result.reference);
      setRedirecting(true);
      notify({ title: "Top-up Initiated", message: "Redirecting to payment gateway..." });
      window.location.assign(result.authorizationUrl);
    } catch (error) {
      const code = domainCode(error);
      // The server answered: that top-up is settled, a new submit is a new one. No answer: keep the key.
      if (code) attempt.current = null;
      if (!code && isOffline()) {
        notifyOffline();
        return;
      }
      const message = code && SPECIFIC_CODES.has(code) ? serverMessage(error) : undefined;
      if (code === "VALIDATION" && message) setAmountError(message);
      notifyError("Error", message ?? "Failed to initiate top-up");
    } finally {
      inFlight.current = false;
    }
  };

  const close = () => {
    if (busy) return;
    setAmount("");
    setAmountError(null);
    attempt.current = null;
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title="Add Money" closeButtonProps={{ "aria-label": "Close" }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            Top up your wallet by card. You will be taken to the payment page to complete it.
          </Text>
          <OfflineNotice />
          <NairaAmountInput
            placeholder="5,000"
            value={amount}
            onChange={(event) => {
              setAmount(event.currentTarget.value);
              setAmountError(null);
            }}
            error={amountError}
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
