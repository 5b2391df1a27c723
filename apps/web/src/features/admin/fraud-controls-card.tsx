import { FRAUD_CONTROL_FIELDS } from "@kolo/domain";
import { Alert, Card, Group, List, NumberInput, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { notify, notifyError } from "../../lib/notify";
import { isOffline, notifyOffline } from "../../lib/offline";
import { trpc } from "../../lib/trpc";
import { LoadError, adminErrorMessage } from "./shared";

/** The numeric fields as the wire names them (naira for the floor and the cap), with their ranges (fraudControlsUpdateSchema). */
const NUMBER_FIELDS = [
  { name: "newDeviceBalancePercent", label: FRAUD_CONTROL_FIELDS.newDeviceBalancePercent.label, max: 100, hint: "0 turns the rule off" },
  { name: "newDeviceHours", label: FRAUD_CONTROL_FIELDS.newDeviceHours.label, max: 168, hint: "0 turns the rule off" },
  { name: "newRecipientsPerHour", label: FRAUD_CONTROL_FIELDS.newRecipientsPerHour.label, max: 100, hint: "The next one is held; 0 turns the rule off" },
  { name: "medianMultiple", label: FRAUD_CONTROL_FIELDS.medianMultiple.label, max: 100, hint: "0 turns the rule off" },
  {
    name: "medianFloor",
    label: `${FRAUD_CONTROL_FIELDS.medianFloorKobo.label} (₦)`,
    max: 10_000_000,
    hint: "Amounts at or below it are never held by the median rule",
  },
  { name: "resetWindowMinutes", label: FRAUD_CONTROL_FIELDS.resetWindowMinutes.label, max: 1_440, hint: "0 turns the rule off" },
  {
    name: "newDeviceCap",
    label: `${FRAUD_CONTROL_FIELDS.newDeviceCapKobo.label} (₦)`,
    max: 1_000_000,
    hint: "Money out in the first 24 hours; 0 turns the cap off",
  },
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number]["name"];
type Draft = { enabled: boolean } & Record<NumberField, number | string>;

/**
 * The "Fraud controls" card of /admin/settings (docs/product.md "Fraud controls": thresholds are
 * settings): monitoring on or off, each rule's threshold and the first-day cap in naira. Saving asks
 * for the changed fields only (PATCH /api/admin/settings/fraud); the change waits for a second
 * admin on the dashboard (docs/admin-security.md "Approvals"), and the values in force stay shown
 * until then, with the waiting requests listed under them.
 */
export function FraudControlsCard() {
  const controls = trpc.admin.fraudControls.get.useQuery();
  const utils = trpc.useUtils();
  const mutation = trpc.admin.fraudControls.update.useMutation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const data = controls.data;

  useEffect(() => {
    if (data) setDraft({ ...data });
  }, [data]);

  const changes = () => {
    if (!data || !draft) return {};
    const changed: Record<string, number | boolean> = {};
    if (draft.enabled !== data.enabled) changed.enabled = draft.enabled;
    for (const { name } of NUMBER_FIELDS) {
      const value = typeof draft[name] === "number" ? draft[name] : Number.parseFloat(draft[name]);
      if (value !== data[name]) changed[name] = value;
    }
    return changed;
  };

  const save = async () => {
    if (mutation.isPending) return;
    if (isOffline()) {
      notifyOffline();
      return;
    }
    try {
      const answer = await mutation.mutateAsync(changes());
      notify({ title: "Awaiting Approval", message: answer.message });
      await utils.admin.fraudControls.get.invalidate();
    } catch (caught) {
      notifyError("Update Failed", adminErrorMessage(caught));
    }
  };

  return (
    <Card component="section" aria-labelledby="fraud-controls-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="fraud-controls-title">
          Fraud controls
        </Title>
        <Text size="sm" c="dimmed">
          Monitoring holds a payment for review when a rule is hit. Every change waits for another admin's approval.
        </Text>
        {controls.isError ? (
          <LoadError title="Failed to load fraud controls" error={controls.error} onRetry={() => void controls.refetch()} />
        ) : !data || !draft ? (
          <Skeleton h={240} />
        ) : (
          <>
            <Switch
              size="lg"
              styles={{ root: { paddingBlock: 7 } }}
              label="Fraud monitoring"
              checked={draft.enabled}
              onChange={(event) => setDraft({ ...draft, enabled: event.currentTarget.checked })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {NUMBER_FIELDS.map((field) => (
                <NumberInput
                  key={field.name}
                  label={field.label}
                  description={field.hint}
                  value={draft[field.name]}
                  onChange={(value) => setDraft({ ...draft, [field.name]: value })}
                  min={0}
                  max={field.max}
                  allowDecimal={false}
                  allowNegative={false}
                  thousandSeparator=","
                  hideControls
                />
              ))}
            </SimpleGrid>
            {data.pending.length > 0 && (
              // Not an alert: a standing list of the requests, read in place (the toast is the alert).
              <Alert color="yellow" title="Waiting for another admin" role="region" aria-label="Fraud control changes waiting for another admin">
                <List size="sm">
                  {data.pending.map((p) => (
                    <List.Item key={p.approvalId}>{p.summary}</List.Item>
                  ))}
                </List>
              </Alert>
            )}
            <Group justify="flex-end">
              <BusyButton busy={mutation.isPending} busyLabel="Saving..." onClick={() => void save()}>
                Save fraud controls
              </BusyButton>
            </Group>
          </>
        )}
      </Stack>
    </Card>
  );
}
