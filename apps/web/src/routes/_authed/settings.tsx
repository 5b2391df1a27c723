import { Button, Card, Group, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { Link, createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/page-header";
import { serverMessage } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

export const Route = createFileRoute("/_authed/settings")({
  component: SettingsPage,
});

/**
 * /settings (docs/product.md "E-mail alerts", "Transaction PIN"): the transaction PIN (set,
 * change, reset on /transaction-pin) and the switch for e-mailed money alerts.
 */
function SettingsPage() {
  const utils = trpc.useUtils();
  const settings = trpc.auth.notifications.useQuery(undefined, { staleTime: 0 });
  const update = trpc.auth.updateNotifications.useMutation();
  const toggle = async (moneyAlerts: boolean) => {
    if (update.isPending) return;
    try {
      const saved = await update.mutateAsync({ moneyAlerts });
      utils.auth.notifications.setData(undefined, saved);
      notify({ title: "Alerts updated", message: saved.moneyAlerts ? "Money alerts will be e-mailed to you." : "Money alerts are off." });
    } catch (error) {
      notifyError("Alerts not updated", serverMessage(error) ?? "Please try again.");
    }
  };
  return (
    <Stack gap="md">
      <PageHeader title="Settings" back="/dashboard" />
      <Card component="section" aria-labelledby="settings-pin-title">
        <Stack gap="sm">
          <Title order={2} size="h5" id="settings-pin-title">
            Transaction PIN
          </Title>
          <Text size="sm" c="dimmed">
            Your 4-digit PIN confirms every payment. Set, change or reset it.
          </Text>
          <Group>
            <Button component={Link} to="/transaction-pin" variant="outline">
              Manage PIN
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card component="section" aria-labelledby="settings-alerts-title">
        <Stack gap="sm">
          <Title order={2} size="h5" id="settings-alerts-title">
            E-mail alerts
          </Title>
          {settings.data ? (
            <Switch
              size="md"
              label="E-mail me a receipt of every credit and debit"
              checked={settings.data.moneyAlerts}
              disabled={update.isPending}
              onChange={(event) => void toggle(event.currentTarget.checked)}
            />
          ) : settings.isError ? (
            <Text size="sm" c="red" role="alert">
              Unable to load your alert settings.
            </Text>
          ) : (
            <Skeleton h={28} aria-label="Loading" />
          )}
          <Text size="xs" c="dimmed">
            Sign-ins from a new device and PIN-reset codes are always e-mailed.
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}
