import { VERIFICATION_MESSAGES, bvnVerificationSchema, formatWait } from "@kolo/domain";
import { Alert, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useRef } from "react";
import { BusyButton } from "../../components/busy-button";
import { FeatureDisabledHint } from "../../components/feature-disabled";
import { domainCode, errorDetails, fieldErrors, serverMessage } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { isOffline, notifyOffline } from "../../lib/offline";
import { useMe } from "../../lib/queries";
import { type RouterOutputs, trpc } from "../../lib/trpc";

type VerificationStatus = RouterOutputs["verification"]["status"];

interface BvnFormProps {
  status: VerificationStatus;
  /** feature_verification as it applies to the user. */
  enabled: boolean;
  /** After a verified BVN (the page moves to the Bank tab). */
  onVerified: () => void;
}

const FALLBACK_ERROR = "Unable to verify your BVN. Please try again.";

/** Attempts left, from the server's failure details {verificationAttempts, attemptsRemaining}. */
function attemptsRemaining(error: unknown): number | undefined {
  const details = errorDetails(error);
  if (details && typeof details === "object" && "attemptsRemaining" in details) {
    const value = (details as { attemptsRemaining: unknown }).attemptsRemaining;
    return typeof value === "number" ? value : undefined;
  }
  return undefined;
}

/**
 * The BVN form (docs/product.md#verification-and-limits): BVN (11 digits), date of birth (YYYY-MM-DD) and a Nigerian
 * phone number, checked with the server's own schema; blank fields give the toast 'Missing
 * Information'. Server refusals are read by code: RULE_VIOLATION (not found, mismatch, BVN on
 * another account) is 'BVN Verification Failed' with the server's reason and the attempts left;
 * RATE_LIMITED (3 failed attempts) shows the block with 'Reset Attempts'; anything else
 * (provider outage 503, network) is 'Verification Error'.
 */
export function BvnForm({ status, enabled, onVerified }: BvnFormProps) {
  const utils = trpc.useUtils();
  const verify = trpc.verification.bvn.useMutation();
  const reset = trpc.verification.resetAttempts.useMutation();
  const inFlight = useRef(false);
  const details = status.verificationDetails;
  const blocked = details.verificationStatus === "blocked";

  const me = useMe();
  const form = useForm({
    mode: "controlled",
    // The phone number the user gave at sign-up, when there is one (they may change it).
    initialValues: { bvn: "", dateOfBirth: "", phoneNumber: me.phone ?? "" },
    validate: schemaResolver(bvnVerificationSchema, { sync: true }),
  });

  const refresh = () => Promise.all([utils.verification.status.invalidate(), utils.verification.transactionLimit.invalidate(), utils.auth.me.invalidate()]);

  const submit = form.onSubmit(
    async (values) => {
      if (inFlight.current || verify.isPending || !enabled || blocked) return;
      if (isOffline()) {
        notifyOffline();
        return;
      }
      inFlight.current = true;
      try {
        const result = await verify.mutateAsync({ bvn: values.bvn.trim(), dateOfBirth: values.dateOfBirth.trim(), phoneNumber: values.phoneNumber.trim() });
        notify({ title: "BVN Verified", message: result.message });
        form.reset();
        await refresh();
        onVerified();
      } catch (error) {
        const code = domainCode(error);
        if (!code && isOffline()) notifyOffline();
        else if (code === "VALIDATION") {
          form.setErrors(fieldErrors(error));
          notifyError("BVN Verification Failed", serverMessage(error) ?? FALLBACK_ERROR);
        } else if (code === "RULE_VIOLATION" || code === "RATE_LIMITED") {
          const left = attemptsRemaining(error);
          const reason = serverMessage(error) ?? FALLBACK_ERROR;
          notifyError("BVN Verification Failed", left !== undefined && left > 0 ? `${reason} (${left} attempt${left === 1 ? "" : "s"} left)` : reason);
        } else notifyError("Verification Error", serverMessage(error) ?? FALLBACK_ERROR);
        // The attempts count is read again without holding the form: a click once the error shows is
        // the next attempt, not dropped while the read is in flight.
        if (code) void utils.verification.status.invalidate();
      } finally {
        inFlight.current = false;
      }
    },
    (errors) => {
      if (Object.values(errors).some((message) => message === VERIFICATION_MESSAGES.missing)) {
        notifyError("Missing Information", "Please fill in your BVN, date of birth and phone number.");
      }
    },
  );

  const resetAttempts = async () => {
    if (reset.isPending) return;
    try {
      const result = await reset.mutateAsync();
      notify({ title: "Attempts Reset", message: result.message });
    } catch (error) {
      notifyError("Reset Failed", serverMessage(error) ?? "Unable to reset your verification attempts. Please try again.");
    }
    await utils.verification.status.invalidate();
  };

  if (blocked) {
    const resetAt = details.resetAvailableAt ? new Date(details.resetAvailableAt).getTime() : 0;
    const wait = resetAt - Date.now();
    return (
      <Stack>
        <Alert color="red" variant="light" title="Verification blocked" role="alert">
          <Stack gap="xs">
            <Text size="sm">{VERIFICATION_MESSAGES.blocked}</Text>
            <Text size="sm" fw={600}>
              {wait > 0 ? `You can reset your attempts in ${formatWait(wait)}.` : "You can reset your attempts now."}
            </Text>
          </Stack>
        </Alert>
        <BusyButton
          busy={reset.isPending}
          busyLabel="Resetting..."
          onClick={() => void resetAttempts()}
          disabled={!enabled}
          aria-describedby={enabled ? undefined : "bvn-disabled"}
        >
          Reset Attempts
        </BusyButton>
        {enabled ? null : <FeatureDisabledHint id="bvn-disabled" />}
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="BVN verification">
      <Stack>
        <Text size="sm" c="dimmed">
          Enter your Bank Verification Number with the date of birth and phone number registered with it. Your BVN is never stored in full.
        </Text>
        <TextInput
          label="BVN"
          description="11 digits (dial *565*0# to get yours)"
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
          required
          inputWrapperOrder={["label", "input", "description", "error"]}
          {...form.getInputProps("bvn")}
        />
        <TextInput
          label="Date of birth"
          description="YYYY-MM-DD"
          placeholder="1990-01-31"
          autoComplete="bday"
          inputMode="numeric"
          maxLength={10}
          required
          inputWrapperOrder={["label", "input", "description", "error"]}
          {...form.getInputProps("dateOfBirth")}
        />
        <TextInput label="Phone number" type="tel" placeholder="08012345678" autoComplete="tel" required {...form.getInputProps("phoneNumber")} />
        {details.verificationAttempts > 0 ? (
          <Text size="sm" c="dimmed" aria-live="polite">
            Attempts used: {details.verificationAttempts} of {details.maxAttempts}
          </Text>
        ) : null}
        <BusyButton
          type="submit"
          size="md"
          fullWidth
          busy={verify.isPending}
          busyLabel="Verifying..."
          disabled={!enabled}
          aria-describedby={enabled ? undefined : "bvn-disabled"}
        >
          Verify BVN
        </BusyButton>
        {enabled ? null : <FeatureDisabledHint id="bvn-disabled" />}
      </Stack>
    </form>
  );
}
