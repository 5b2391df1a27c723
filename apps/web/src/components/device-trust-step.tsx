import { FRAUD_MESSAGES } from "@kolo/domain";
import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { serverMessage } from "../lib/errors";
import { trpc } from "../lib/trpc";
import { BusyButton } from "./busy-button";

export const DEVICE_STEP_TEXTS = {
  title: "Confirm this device",
  intro: "This device is new to your account. Before your first payment from it, confirm it with a code we e-mail you.",
  send: "Send code",
  resend: "Send a new code",
  codeLabel: "6-digit code",
  confirm: "Confirm device",
} as const;

/**
 * The device step of the review dialog (docs/product.md "Fraud controls"): shown before the PIN
 * when the server says this device is not trusted yet. 'Send code' e-mails a 6-digit code
 * (auth.sendDeviceCode); typing it and 'Confirm device' trusts the device (auth.trustDevice), then
 * `onTrusted` lets the dialog go on to the PIN. Sits inside the dialog's form: its buttons act on click.
 */
export function DeviceTrustStep({ onTrusted }: { onTrusted: () => void }) {
  const send = trpc.auth.sendDeviceCode.useMutation();
  const trust = trpc.auth.trustDevice.useMutation();
  const [sent, setSent] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

  const sendCode = async () => {
    setError(null);
    try {
      setSent((await send.mutateAsync()).message);
    } catch (failure) {
      setError(serverMessage(failure) ?? "The code was not sent. Please try again.");
    }
  };
  const confirm = async () => {
    if (!/^\d{6}$/.test(code)) return setError(FRAUD_MESSAGES.codeFormat);
    setError(null);
    try {
      await trust.mutateAsync({ code });
      onTrusted();
    } catch (failure) {
      const message = serverMessage(failure);
      // Trusted meanwhile (another tab): go on to the PIN.
      if (message === FRAUD_MESSAGES.alreadyTrusted) return onTrusted();
      setError(message ?? "Please check your connection and try again.");
    }
  };

  return (
    <Stack gap="xs" role="group" aria-labelledby="device-step-title">
      <Text fw={700} size="sm" id="device-step-title">
        {DEVICE_STEP_TEXTS.title}
      </Text>
      <Text size="sm">{DEVICE_STEP_TEXTS.intro}</Text>
      {sent ? (
        <Text size="sm" role="status">
          {sent}
        </Text>
      ) : null}
      {sent ? (
        <TextInput
          label={DEVICE_STEP_TEXTS.codeLabel}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value.replace(/\D/g, ""));
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void confirm();
            }
          }}
          error={error}
          data-autofocus
        />
      ) : error ? (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      ) : null}
      <Group gap="sm">
        <BusyButton variant={sent ? "default" : "filled"} busy={send.isPending} busyLabel="Sending..." onClick={() => void sendCode()}>
          {sent ? DEVICE_STEP_TEXTS.resend : DEVICE_STEP_TEXTS.send}
        </BusyButton>
        {sent ? (
          <Button onClick={() => void confirm()} loading={trust.isPending}>
            {DEVICE_STEP_TEXTS.confirm}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
