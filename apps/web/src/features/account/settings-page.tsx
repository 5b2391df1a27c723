import { Button, Card, Group, Modal, Skeleton, Stack, Switch, Text, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { PageHeader } from "../../components/page-header";
import { serverMessage } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { useLogout } from "../../lib/queries";
import { trpc } from "../../lib/trpc";
import { FreezeSection } from "./freeze-section";
import { HideBalanceSection, LimitSection, PasswordSection, ProfileSection } from "./settings-sections";

/**
 * 'Sign out of all devices' (docs/product.md "Accounts and sessions"): after a confirmation, ends
 * every session of the user, this one included (POST /api/auth/logout-all), and goes to /login.
 */
function SignOutEverywhere() {
  const [confirming, setConfirming] = useState(false);
  const { logout, isPending } = useLogout({ everywhere: true });
  const confirm = async () => {
    try {
      await logout();
    } catch (error) {
      notifyError("Not signed out", serverMessage(error) ?? "Please check your connection and try again.");
    }
  };
  return (
    <Card component="section" aria-labelledby="settings-sessions-title">
      <Stack gap="sm">
        <Title order={2} size="h5" id="settings-sessions-title">
          Devices
        </Title>
        <Text size="sm" c="dimmed">
          Lost a phone, or signed in somewhere you should not have? Sign out everywhere, this device included.
        </Text>
        <Group>
          <Button component={Link} to="/settings/devices" variant="outline">
            Manage devices
          </Button>
          <Button variant="outline" color="red" onClick={() => setConfirming(true)}>
            Sign out of all devices
          </Button>
        </Group>
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Sign out of all devices?" centered closeButtonProps={{ "aria-label": "Close" }}>
        <Stack>
          <Text>Every device signed in to your account, this one included, will be signed out. You will need your password to sign in again.</Text>
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <BusyButton size="md" color="red" busy={isPending} busyLabel="Signing out..." onClick={() => void confirm()}>
              Sign out everywhere
            </BusyButton>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}

/**
 * /settings (docs/product.md "Settings", "E-mail alerts", "Transaction PIN"): the profile, the
 * password, the daily limit (set on /settings/limits), hiding the balance on this device, the
 * transaction PIN (set, change, reset on /transaction-pin), the switch for e-mailed money alerts,
 * signing out of all devices, the devices (/settings/devices) and freezing the account
 * (docs/product.md "Fraud controls").
 */
export function SettingsPage() {
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
      <ProfileSection />
      <LimitSection />
      <HideBalanceSection />
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
            <Skeleton h={28} role="status" aria-label="Loading" />
          )}
          <Text size="xs" c="dimmed">
            Sign-ins from a new device and PIN-reset codes are always e-mailed.
          </Text>
        </Stack>
      </Card>
      <PasswordSection />
      <SignOutEverywhere />
      <FreezeSection />
    </Stack>
  );
}
