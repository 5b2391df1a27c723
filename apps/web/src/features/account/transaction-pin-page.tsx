import { TRANSACTION_PIN_MESSAGES as M, newPinProblem } from "@kolo/domain";
import { Alert, Button, Card, PasswordInput, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { FormCard } from "../../components/form-card";
import { PageHeader } from "../../components/page-header";
import { PinField, pinRefusalText } from "../../components/pin-field";
import { domainCode, serverMessage } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

/**
 * The new PIN typed twice, shared by the three forms: `check()` puts the first problem under its
 * field (not 4 digits, weak, the two differ) and answers whether the PIN may be sent.
 */
function useNewPin() {
  const [pin, setPin] = useState("");
  const [again, setAgain] = useState("");
  const [problem, setProblem] = useState<{ field: "pin" | "again"; message: string } | null>(null);
  const check = () => {
    const found = newPinProblem(pin, again);
    setProblem(found);
    return found === null;
  };
  const clear = () => {
    setPin("");
    setAgain("");
    setProblem(null);
  };
  const fields = (
    <>
      <PinField label="New PIN" value={pin} onChange={setPin} error={problem?.field === "pin" ? problem.message : null} autoComplete="new-password" />
      <PinField
        label="Confirm new PIN"
        value={again}
        onChange={setAgain}
        error={problem?.field === "again" ? problem.message : null}
        autoComplete="new-password"
      />
    </>
  );
  return { pin, check, clear, fields };
}

const FALLBACK = "Something went wrong. Please try again.";

/**
 * /transaction-pin (docs/product.md "Transaction PIN"): set the PIN when there is none; change it
 * with the current PIN; or, forgotten (or payments locked), reset it with the password and the
 * 6-digit code e-mailed on request.
 */
export function TransactionPinPage() {
  const status = trpc.auth.transactionPin.useQuery(undefined, { staleTime: 0 });
  return (
    <Stack gap="md">
      <PageHeader title="Transaction PIN" back="/settings" />
      <Text size="sm" c="dimmed">
        Your 4-digit transaction PIN confirms every payment, transfer and purchase. Never share it.
      </Text>
      {status.isPending ? (
        <Card aria-busy="true">
          <Skeleton h={120} />
        </Card>
      ) : status.isError ? (
        <Alert color="red" variant="light" role="alert" title="Unable to load your PIN settings">
          <Button variant="white" color="red" size="sm" onClick={() => void status.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : !status.data.isSet ? (
        <SetPinCard />
      ) : (
        <>
          {status.data.locked ? (
            <Alert color="red" variant="light" role="alert" title="Payments locked">
              {M.locked} Reset your PIN below to pay again now.
            </Alert>
          ) : null}
          <ChangePinCard />
          <ResetPinCard />
        </>
      )}
    </Stack>
  );
}

function SetPinCard() {
  const utils = trpc.useUtils();
  const set = trpc.auth.setTransactionPin.useMutation();
  const newPin = useNewPin();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (set.isPending || !newPin.check()) return;
    try {
      await set.mutateAsync({ pin: newPin.pin });
      notify({ title: M.set, message: "You will enter it to confirm every payment." });
      await utils.auth.transactionPin.invalidate();
    } catch (error) {
      notifyError("PIN not set", pinRefusalText(error, FALLBACK));
    }
  };
  return (
    <FormCard id="set-pin" title="Set your PIN" onSubmit={submit}>
      {newPin.fields}
      <BusyButton type="submit" busy={set.isPending} busyLabel="Saving...">
        Set PIN
      </BusyButton>
    </FormCard>
  );
}

function ChangePinCard() {
  const utils = trpc.useUtils();
  const change = trpc.auth.changeTransactionPin.useMutation();
  const newPin = useNewPin();
  const [current, setCurrent] = useState("");
  const [currentError, setCurrentError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const currentOk = /^\d{4}$/.test(current);
    setCurrentError(currentOk ? null : M.format);
    if (!newPin.check() || !currentOk) return;
    try {
      await change.mutateAsync({ currentPin: current, pin: newPin.pin });
      notify({ title: M.changed, message: "Use your new PIN from now on." });
      setCurrent("");
      newPin.clear();
    } catch (error) {
      if (domainCode(error) === "PIN_INCORRECT") setCurrentError(pinRefusalText(error, FALLBACK));
      else notifyError("PIN not changed", pinRefusalText(error, FALLBACK));
    } finally {
      await utils.auth.transactionPin.invalidate();
    }
  };
  return (
    <FormCard id="change-pin" title="Change your PIN" onSubmit={submit}>
      <PinField label="Current PIN" value={current} onChange={setCurrent} error={currentError} autoComplete="off" />
      {newPin.fields}
      <BusyButton type="submit" busy={change.isPending} busyLabel="Saving...">
        Change PIN
      </BusyButton>
    </FormCard>
  );
}

function ResetPinCard() {
  const utils = trpc.useUtils();
  const sendCode = trpc.auth.sendPinResetCode.useMutation();
  const reset = trpc.auth.resetTransactionPin.useMutation();
  const newPin = useNewPin();
  const [codeSent, setCodeSent] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<{ field: "password" | "code"; message: string } | null>(null);

  const requestCode = async () => {
    if (sendCode.isPending) return;
    try {
      await sendCode.mutateAsync();
      setCodeSent(true);
      notify({ title: "Code sent", message: M.codeSent });
    } catch (error) {
      notifyError("Code not sent", pinRefusalText(error, FALLBACK));
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reset.isPending) return;
    const found =
      password === ""
        ? { field: "password" as const, message: "Enter your password" }
        : !/^\d{6}$/.test(code)
          ? { field: "code" as const, message: M.invalidCode }
          : null;
    setProblem(found);
    if (!newPin.check() || found) return;
    try {
      await reset.mutateAsync({ password, code, pin: newPin.pin });
      notify({ title: M.reset, message: "Use your new PIN from now on." });
      setCodeSent(false);
      setPassword("");
      setCode("");
      newPin.clear();
      await utils.auth.transactionPin.invalidate();
    } catch (error) {
      const message = serverMessage(error);
      setProblem({ field: "code", message: message ?? M.invalidCode });
    }
  };
  return (
    <Card component="section" aria-labelledby="reset-pin-title">
      <Stack>
        <Title order={2} size="h5" id="reset-pin-title">
          Forgot your PIN?
        </Title>
        <Text size="sm">We will e-mail you a 6-digit code. Enter it with your password to choose a new PIN.</Text>
        <BusyButton variant="outline" busy={sendCode.isPending} busyLabel="Sending..." onClick={() => void requestCode()}>
          {codeSent ? "Send a new code" : "E-mail me a code"}
        </BusyButton>
        {codeSent ? (
          <form onSubmit={submit} noValidate aria-label="Reset your PIN">
            <Stack>
              <PasswordInput
                label="Password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                error={problem?.field === "password" ? problem.message : null}
              />
              <TextInput
                label="Code from the e-mail"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                value={code}
                onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, "").slice(0, 6))}
                error={problem?.field === "code" ? problem.message : null}
              />
              {newPin.fields}
              <BusyButton type="submit" busy={reset.isPending} busyLabel="Saving...">
                Reset PIN
              </BusyButton>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Card>
  );
}
