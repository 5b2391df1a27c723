import { PROFILE_MESSAGES, formatNaira } from "@kolo/domain";
import { Button, Group, PasswordInput, Skeleton, Switch, Text, TextInput } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { FormCard, SectionCard, submitWith } from "../../components/form-card";
import { fieldErrors, serverMessage } from "../../lib/errors";
import { useHideBalance } from "../../lib/hide-balance";
import { notify, notifyError } from "../../lib/notify";
import { useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";

const TRY_AGAIN = "Please check your connection and try again.";

/** A refusal shown on its fields when the server named them, else as a toast titled `title`. */
function showFailure(error: unknown, setErrors: (errors: Record<string, string>) => void, title: string) {
  const fields = fieldErrors(error);
  if (Object.keys(fields).length > 0) setErrors(fields);
  else notifyError(title, serverMessage(error) ?? TRY_AGAIN);
}

/** A settings form's submit button, at its own width. */
function SubmitRow({ busy, busyLabel, label }: { busy: boolean; busyLabel: string; label: string }) {
  return (
    <Group>
      <BusyButton type="submit" variant="outline" busy={busy} busyLabel={busyLabel}>
        {label}
      </BusyButton>
    </Group>
  );
}

/**
 * Profile (docs/product.md "Settings"): the name can be corrected until the BVN is verified (the
 * BVN must match it), then it is shown read-only; the phone can change at any time (auth.updateProfile).
 */
export function ProfileSection() {
  const me = useMe();
  const utils = trpc.useUtils();
  const update = trpc.auth.updateProfile.useMutation();
  const [name, setName] = useState(me.name);
  const [phone, setPhone] = useState(me.phone ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const nameLocked = me.verificationLevel >= 1;
  const save = async () => {
    setErrors({});
    try {
      const saved = await update.mutateAsync({ ...(nameLocked ? {} : { name }), ...(phone.trim() ? { phone } : {}) });
      utils.auth.me.setData(undefined, (old) => (old ? { ...old, ...saved } : old));
      setPhone(saved.phone ?? "");
      notify({ title: "Profile", message: PROFILE_MESSAGES.updated });
    } catch (error) {
      showFailure(error, setErrors, "Profile not saved");
    }
  };
  return (
    <FormCard id="settings-profile" title="Profile" onSubmit={submitWith(save)}>
      <TextInput
        label="Full name"
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        readOnly={nameLocked}
        autoComplete="name"
        description={nameLocked ? PROFILE_MESSAGES.nameLocked : "Use the name on your BVN: verification checks it."}
        error={errors.name}
      />
      <TextInput
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={phone}
        onChange={(event) => setPhone(event.currentTarget.value)}
        error={errors.phone}
      />
      <SubmitRow busy={update.isPending} busyLabel="Saving..." label="Save profile" />
    </FormCard>
  );
}

/** Change password (docs/product.md "Settings"): the current one, then the new one; the other devices are signed out. */
export function PasswordSection() {
  const change = trpc.auth.changePassword.useMutation();
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    setErrors({});
    if (newPassword.length < 6) return setErrors({ newPassword: "Password must be at least 6 characters" });
    try {
      const { message } = await change.mutateAsync({ currentPassword, newPassword });
      setCurrent("");
      setNew("");
      notify({ title: "Password changed", message });
    } catch (error) {
      showFailure(error, setErrors, "Password not changed");
    }
  };
  return (
    <FormCard id="settings-password" title="Password" onSubmit={submitWith(submit)}>
      <PasswordInput
        label="Current password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(event) => setCurrent(event.currentTarget.value)}
        error={errors.currentPassword}
      />
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        value={newPassword}
        onChange={(event) => setNew(event.currentTarget.value)}
        error={errors.newPassword}
      />
      <SubmitRow busy={change.isPending} busyLabel="Changing..." label="Change password" />
    </FormCard>
  );
}

/** The daily limit the user set, and a raise still waiting; set on /settings/limits. */
export function LimitSection() {
  const limits = trpc.auth.limits.useQuery(undefined, { staleTime: 0 });
  return (
    <SectionCard id="settings-limit" title="Daily limit">
      {limits.data ? (
        <Text size="sm">
          Up to <strong>{formatNaira(limits.data.dailyLimit)}</strong> can leave your wallet each day
          {limits.data.pending ? ` (${formatNaira(limits.data.pending.dailyLimit)} pending)` : ""}.
        </Text>
      ) : limits.isError ? (
        <Text size="sm" c="red" role="alert">
          Unable to load your daily limit.
        </Text>
      ) : (
        <Skeleton h={20} role="status" aria-label="Loading" />
      )}
      <Group>
        <Button component={Link} to="/settings/limits" variant="outline">
          Set daily limit
        </Button>
      </Group>
    </SectionCard>
  );
}

/** Hide balance on this device (the eye on the Home balance card does the same). */
export function HideBalanceSection() {
  const [hidden, setHidden] = useHideBalance();
  return (
    <SectionCard id="settings-privacy" title="Privacy">
      <Switch
        size="md"
        label="Hide balance on this device"
        description="The Home balance card shows ₦ •••••• until you show it again."
        styles={{ body: { minHeight: 44 } }}
        checked={hidden}
        onChange={(event) => setHidden(event.currentTarget.checked)}
      />
    </SectionCard>
  );
}
