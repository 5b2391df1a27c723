import { ADMIN_MESSAGES, type FeatureKey } from "@kolo/domain";
import { Alert, Card, Group, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { useState } from "react";
import { notify, notifyError } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { FraudControlsCard } from "./fraud-controls-card";
import { LoadError } from "./shared";

/** The feature names of docs/product.md#admin-console (plus support tickets, docs/product.md#admin-console). */
const FEATURE_TITLES: Record<FeatureKey, string> = {
  feature_send_money: "Send Money",
  feature_withdraw: "Withdraw Funds",
  feature_topup: "Wallet Top-up",
  feature_airtime: "Airtime Purchase",
  feature_data: "Data Plans",
  feature_electricity: "Electricity",
  feature_cable: "Cable TV",
  feature_scan_pay: "Scan and Pay",
  feature_merchant: "Merchant Registration",
  feature_support_tickets: "Support Tickets",
  feature_verification: "User Verification",
};

/**
 * Admin settings (docs/product.md#admin-console): one switch card per
 * feature with its description; a toggle says 'Setting Updated' and whether it is now enabled or
 * disabled; admins always have access regardless. Below the switches, the fraud controls'
 * thresholds and first-day cap (FraudControlsCard; docs/product.md "Fraud controls").
 */
export function AdminSettingsPage() {
  const settings = trpc.admin.settings.list.useQuery();
  const utils = trpc.useUtils();
  const mutation = trpc.admin.settings.set.useMutation();
  const [pending, setPending] = useState<string | null>(null);

  const toggle = async (key: FeatureKey, value: boolean) => {
    if (pending) return;
    setPending(key);
    try {
      const updated = await mutation.mutateAsync({ key, value });
      notify({ title: ADMIN_MESSAGES.settingUpdated, message: `${FEATURE_TITLES[key]} has been ${updated.value ? "enabled" : "disabled"}.` });
    } catch {
      notifyError("Update Failed", "Failed to update setting. Please try again.");
    } finally {
      setPending(null);
      await Promise.all([utils.admin.settings.list.invalidate(), utils.features.list.invalidate()]);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Feature Management
      </Title>
      <Alert color="blue" variant="light">
        Admins always have access to every feature, regardless of these settings.
      </Alert>
      {settings.isError ? (
        <LoadError title="Failed to load settings" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <Stack gap="sm">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={72} />
          ))}
        </Stack>
      ) : (
        <Stack gap="sm">
          {settings.data.map((setting) => {
            const key = setting.key as FeatureKey;
            const title = FEATURE_TITLES[key] ?? setting.key;
            return (
              <Card key={setting.key}>
                <Group justify="space-between" wrap="nowrap" align="center">
                  <Stack gap={2}>
                    <Text fw={600} id={`${setting.key}-title`}>
                      {title}
                    </Text>
                    <Text size="sm" c="dimmed" id={`${setting.key}-description`}>
                      {setting.description}
                    </Text>
                  </Stack>
                  <Switch
                    size="lg"
                    // The hidden input fills the root: 7 px above and below make a 44 px target (WCAG 2.5.5).
                    styles={{ root: { paddingBlock: 7 } }}
                    checked={setting.value}
                    disabled={pending === setting.key}
                    onChange={(event) => void toggle(key, event.currentTarget.checked)}
                    aria-labelledby={`${setting.key}-title`}
                    aria-describedby={`${setting.key}-description`}
                  />
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
      <FraudControlsCard />
    </Stack>
  );
}
