import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { FormCard, SectionCard, submitWith } from "../../components/form-card";
import { fieldErrors, serverMessage } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";

const TRY_AGAIN = "Please check your connection and try again.";

/**
 * 'Freeze my account' (docs/product.md "Fraud controls"): after a confirmation no money can leave
 * the account and every other device is signed out (auth.freeze). A frozen account shows the
 * unfreeze form instead.
 */
export function FreezeSection() {
  const me = useMe();
  const utils = trpc.useUtils();
  const freeze = trpc.auth.freeze.useMutation();
  const [confirming, setConfirming] = useState(false);
  if (me.frozen) return <UnfreezeSection />;
  const confirm = async () => {
    try {
      const { message } = await freeze.mutateAsync();
      setConfirming(false);
      notify({ title: "Account frozen", message });
      await utils.auth.me.invalidate();
    } catch (error) {
      notifyError("Account not frozen", serverMessage(error) ?? TRY_AGAIN);
    }
  };
  return (
    <SectionCard id="settings-freeze" title="Freeze account">
      <Text size="sm" c="dimmed">
        Think someone else is using your account? Freeze it: no money can leave it and every other device is signed out.
      </Text>
      <Group>
        <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
          Freeze my account
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Freeze your account?" centered closeButtonProps={{ "aria-label": "Close" }}>
        <Stack>
          <Text>No money can leave your account until you unfreeze it with your password and a code we e-mail you. Every other device is signed out.</Text>
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <BusyButton size="md" color="red" busy={freeze.isPending} busyLabel="Freezing..." onClick={() => void confirm()}>
              Freeze
            </BusyButton>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}

/** Unfreeze (auth.unfreeze): the password sends a code to the e-mail; the password and the code unfreeze. */
function UnfreezeSection() {
  const utils = trpc.useUtils();
  const unfreeze = trpc.auth.unfreeze.useMutation();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    setErrors({});
    try {
      const { message } = await unfreeze.mutateAsync(sent ? { password, code } : { password });
      if (!sent) return setSent(message);
      notify({ title: "Account unfrozen", message });
      await utils.auth.me.invalidate();
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else notifyError("Account not unfrozen", serverMessage(error) ?? TRY_AGAIN);
    }
  };
  return (
    <FormCard id="settings-freeze" title="Your account is frozen" onSubmit={submitWith(submit)}>
      <Text size="sm">No money can leave it. To unfreeze it, enter your password: we e-mail you a code.</Text>
      <PasswordInput
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
        error={errors.password}
      />
      {sent ? (
        <>
          <Text size="sm" role="status">
            {sent}
          </Text>
          <TextInput
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ""))}
            error={errors.code}
          />
        </>
      ) : null}
      <Group>
        <BusyButton type="submit" variant="outline" busy={unfreeze.isPending} busyLabel={sent ? "Unfreezing..." : "Sending..."}>
          {sent ? "Unfreeze" : "Send code"}
        </BusyButton>
      </Group>
    </FormCard>
  );
}
