import { formatDateTime, formatNaira, nairaToKobo, ownLimitRangeMessage, parseNairaInput } from "@kolo/domain";
import { Alert, Button, Card, Group, Skeleton, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { FormCard, submitWith } from "../../components/form-card";
import { NairaAmountInput } from "../../components/form-inputs";
import { PageHeader } from "../../components/page-header";
import { fieldErrors, serverMessage } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

export const LIMITS_TEXTS = {
  title: "Daily limit",
  intro:
    "Set how much can leave your wallet each day. Lowering it applies at once; raising it takes 24 hours, so nobody holding your phone can raise it and empty your wallet.",
  current: "Your daily limit",
  level: "Your level's limit",
  pending: (amount: string, at: string) => `${amount} from ${at}`,
  cancel: "Cancel pending limit",
  save: "Save limit",
} as const;

/**
 * /settings/limits (docs/product.md "Limits the user sets"): the daily limit for money out in force,
 * the level's, a raise still waiting (with Cancel), and a field to set a new one between ₦0 and
 * the level's limit (auth.limits, auth.setLimits, auth.cancelPendingLimit; the server checks it).
 */
export function LimitsPage() {
  const utils = trpc.useUtils();
  const limits = trpc.auth.limits.useQuery(undefined, { staleTime: 0 });
  const save = trpc.auth.setLimits.useMutation();
  const cancel = trpc.auth.cancelPendingLimit.useMutation();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = async () => {
    const parsed = parseNairaInput(text);
    if (!parsed.ok) return setError(parsed.error);
    if (limits.data && parsed.naira > limits.data.levelLimit) return setError(ownLimitRangeMessage(nairaToKobo(limits.data.levelLimit)));
    setError(undefined);
    try {
      const { message, ...view } = await save.mutateAsync({ dailyLimit: parsed.naira });
      utils.auth.limits.setData(undefined, view);
      setText("");
      notify({ title: "Daily limit", message });
    } catch (failure) {
      const fields = fieldErrors(failure);
      if (fields.dailyLimit) setError(fields.dailyLimit);
      else notifyError("Limit not saved", serverMessage(failure) ?? "Please check your connection and try again.");
    }
  };
  const cancelPending = async () => {
    try {
      const { message, ...view } = await cancel.mutateAsync();
      utils.auth.limits.setData(undefined, view);
      notify({ title: "Daily limit", message });
    } catch (failure) {
      notifyError("Not cancelled", serverMessage(failure) ?? "Please check your connection and try again.");
    }
  };

  const data = limits.data;
  return (
    <Stack gap="md">
      <PageHeader title={LIMITS_TEXTS.title} back="/settings" />
      <Text size="sm" c="dimmed">
        {LIMITS_TEXTS.intro}
      </Text>
      <Card component="section" aria-label="Your limits">
        {data ? (
          <Stack gap="xs">
            <Group justify="space-between">
              <Text size="sm">{LIMITS_TEXTS.current}</Text>
              <Text fw={800} data-testid="own-daily-limit">
                {formatNaira(data.dailyLimit)}
              </Text>
            </Group>
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {LIMITS_TEXTS.level}
              </Text>
              <Text size="sm">{formatNaira(data.levelLimit)}</Text>
            </Group>
            {data.pending ? (
              <Alert color="yellow" variant="light" title="Pending raise">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{LIMITS_TEXTS.pending(formatNaira(data.pending.dailyLimit), formatDateTime(data.pending.effectiveAt))}</Text>
                  <BusyButton size="sm" variant="white" color="red" busy={cancel.isPending} busyLabel="Cancelling..." onClick={() => void cancelPending()}>
                    {LIMITS_TEXTS.cancel}
                  </BusyButton>
                </Stack>
              </Alert>
            ) : null}
          </Stack>
        ) : limits.isError ? (
          <Group justify="space-between">
            <Text size="sm" c="red" role="alert">
              Unable to load your limits.
            </Text>
            <Button size="xs" variant="light" onClick={() => void limits.refetch()}>
              Retry
            </Button>
          </Group>
        ) : (
          <Skeleton h={60} role="status" aria-label="Loading" />
        )}
      </Card>
      <FormCard id="new-limit" title="New daily limit" onSubmit={submitWith(submit)}>
        <NairaAmountInput label="Daily limit (NGN)" value={text} onChange={(event) => setText(event.currentTarget.value)} error={error} placeholder="20,000" />
        <BusyButton type="submit" busy={save.isPending} busyLabel="Saving...">
          {LIMITS_TEXTS.save}
        </BusyButton>
      </FormCard>
    </Stack>
  );
}
