import { TRANSACTION_PIN_MESSAGES, formatNaira, newPinProblem } from "@kolo/domain";
import { Alert, Button, Group, Loader, Modal, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { type FormEvent, useEffect, useState } from "react";
import { trpc } from "../lib/trpc";
import { BusyButton } from "./busy-button";
import { DeviceTrustStep } from "./device-trust-step";
import { PinField } from "./pin-field";

/** What the review step shows before money leaves (docs/product.md "Transaction PIN"). Naira. */
export interface PaymentReview {
  /** Who receives it, as the user should recognise it: a name, a bank account, a phone number. */
  recipient: string;
  amount: number;
  fee: number;
  /** Further lines, e.g. the network or the bank. */
  details?: { label: string; value: string }[];
}

export const REVIEW_TEXTS = {
  title: "Confirm Transaction",
  pinLabel: "Transaction PIN",
  newPinLabel: "New transaction PIN",
  confirmPinLabel: "Confirm transaction PIN",
  setIntro: "Set a 4-digit transaction PIN. You will enter it to confirm every payment.",
  confirm: "Confirm and Pay",
  setAndConfirm: "Set PIN and Pay",
  forgot: "Forgot PIN?",
} as const;

const PIN_PATTERN = /^\d{4}$/;

interface PaymentReviewDialogProps {
  review: PaymentReview | null;
  busy: boolean;
  /** The server's refusal of the PIN, shown under the field (cleared when the user types). */
  pinError: string | null;
  /** A lock the server reported (PIN_LOCKED), shown instead of the field. */
  lockMessage: string | null;
  /** The server refused this device (DEVICE_NOT_TRUSTED): the device step comes before the PIN. */
  deviceRefused?: boolean;
  /** The device became trusted in the device step. */
  onDeviceTrusted?: () => void;
  onConfirm: (pin: string) => void;
  onCancel: () => void;
}

/**
 * The review step of every money-out flow (docs/product.md "Transaction PIN"): recipient, amount,
 * fee and total, then the 4-digit PIN. A user without a PIN sets one here first (twice, weak PINs
 * refused), then the payment goes on with it. While payments are locked it says so and links to
 * /transaction-pin to reset the PIN. From a device not trusted yet (docs/product.md "Fraud
 * controls") it first asks for the e-mailed code (DeviceTrustStep), then the PIN.
 */
export function PaymentReviewDialog({
  review,
  busy,
  pinError,
  lockMessage,
  deviceRefused = false,
  onDeviceTrusted,
  onConfirm,
  onCancel,
}: PaymentReviewDialogProps) {
  const opened = review !== null;
  const status = trpc.auth.transactionPin.useQuery(undefined, { enabled: opened, staleTime: 0 });
  const devices = trpc.auth.devices.useQuery(undefined, { enabled: opened, staleTime: 0 });
  const current = devices.data?.devices.find((device) => device.current);
  const needsDevice = deviceRefused || (current !== undefined && current.trustedSince === null);
  const setPin = trpc.auth.setTransactionPin.useMutation();
  const utils = trpc.useUtils();
  const [pin, setPinText] = useState("");
  const [confirmPin, setConfirmPin] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) {
      setPinText("");
      setConfirmPin("");
      setLocalError(null);
      setConfirmError(null);
    }
  }, [opened]);
  useEffect(() => {
    if (pinError) setPinText("");
  }, [pinError]);

  const settingPin = status.data?.isSet === false;
  const locked = lockMessage ?? (status.data?.locked ? TRANSACTION_PIN_MESSAGES.locked : null);
  const working = busy || setPin.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (working || !status.data || locked || needsDevice) return;
    if (!settingPin && !PIN_PATTERN.test(pin)) return setLocalError(TRANSACTION_PIN_MESSAGES.format);
    if (settingPin) {
      const problem = newPinProblem(pin, confirmPin);
      if (problem?.field === "pin") return setLocalError(problem.message);
      if (problem) return setConfirmError(problem.message);
      try {
        await setPin.mutateAsync({ pin });
      } catch {
        // Set in another tab meanwhile, or refused: ask again with the state as it is now.
        await utils.auth.transactionPin.invalidate();
        return setLocalError(TRANSACTION_PIN_MESSAGES.alreadySet);
      }
      await utils.auth.transactionPin.invalidate();
    }
    onConfirm(pin);
  };

  return (
    <Modal opened={opened} onClose={() => !working && onCancel()} title={REVIEW_TEXTS.title} closeButtonProps={{ "aria-label": "Close" }} centered>
      {review ? (
        <form onSubmit={submit} noValidate aria-label="Review and confirm">
          <Stack gap="sm">
            <Stack gap={4} component="dl" m={0} aria-label="Payment summary">
              <SummaryRow label="To" value={review.recipient} strong />
              {review.details?.map((line) => (
                <SummaryRow key={line.label} label={line.label} value={line.value} />
              ))}
              <SummaryRow label="Amount" value={formatNaira(review.amount)} />
              <SummaryRow label="Fee" value={formatNaira(review.fee)} />
              <SummaryRow label="Total" value={formatNaira(review.amount + review.fee)} strong separated />
            </Stack>
            {status.isPending ? (
              <Group gap="sm" role="status">
                <Loader size="sm" aria-hidden="true" />
                <Text size="sm">Loading...</Text>
              </Group>
            ) : status.isError ? (
              <Alert color="red" variant="light" role="alert">
                <Group justify="space-between">
                  <Text size="sm">Unable to check your transaction PIN.</Text>
                  <Button size="sm" variant="white" color="red" onClick={() => void status.refetch()}>
                    Retry
                  </Button>
                </Group>
              </Alert>
            ) : needsDevice ? (
              <DeviceTrustStep
                onTrusted={() => {
                  void utils.auth.devices.invalidate();
                  onDeviceTrusted?.();
                }}
              />
            ) : locked ? (
              <Alert color="red" variant="light" role="alert" title="Payments locked">
                <Stack gap="xs">
                  <Text size="sm">{locked}</Text>
                  <Button component={Link} to="/transaction-pin" size="sm" variant="white" color="red" style={{ alignSelf: "flex-start" }}>
                    Reset your PIN
                  </Button>
                </Stack>
              </Alert>
            ) : (
              <>
                {settingPin ? <Text size="sm">{REVIEW_TEXTS.setIntro}</Text> : null}
                <PinField
                  label={settingPin ? REVIEW_TEXTS.newPinLabel : REVIEW_TEXTS.pinLabel}
                  autoComplete={settingPin ? "new-password" : "off"}
                  value={pin}
                  onChange={(value) => {
                    setPinText(value);
                    setLocalError(null);
                  }}
                  error={localError ?? pinError}
                  data-autofocus
                />
                {settingPin ? (
                  <PinField
                    label={REVIEW_TEXTS.confirmPinLabel}
                    autoComplete="new-password"
                    value={confirmPin}
                    onChange={(value) => {
                      setConfirmPin(value);
                      setConfirmError(null);
                    }}
                    error={confirmError}
                  />
                ) : (
                  <Button component={Link} to="/transaction-pin" size="sm" variant="subtle" px={0} style={{ alignSelf: "flex-start" }}>
                    {REVIEW_TEXTS.forgot}
                  </Button>
                )}
              </>
            )}
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={onCancel} disabled={working}>
                Cancel
              </Button>
              {locked || needsDevice ? null : (
                <BusyButton type="submit" busy={working} busyLabel="Processing..." disabled={!status.data}>
                  {settingPin ? REVIEW_TEXTS.setAndConfirm : REVIEW_TEXTS.confirm}
                </BusyButton>
              )}
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}

function SummaryRow({ label, value, strong = false, separated = false }: { label: string; value: string; strong?: boolean; separated?: boolean }) {
  return (
    <Group
      justify="space-between"
      gap="md"
      wrap="nowrap"
      align="flex-start"
      pt={separated ? 6 : 0}
      style={separated ? { borderTop: "1px solid var(--mantine-color-gray-3)" } : undefined}
    >
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} size="sm" fw={strong ? 700 : 500} ta="right">
        {value}
      </Text>
    </Group>
  );
}
