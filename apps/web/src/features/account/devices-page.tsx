import { formatDateTime } from "@kolo/domain";
import { Badge, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { PageHeader } from "../../components/page-header";
import { serverMessage } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

export const DEVICES_TEXTS = {
  title: "Devices",
  intro: "The browsers signed in to your account. Payments from a new device need a code we e-mail you first.",
  thisDevice: "This device",
  notTrusted: "Not trusted yet",
  remove: "Remove",
  confirmTitle: "Remove this device?",
  confirmText: "It will be signed out, and it will need a code from your e-mail again before it can send money.",
} as const;

interface DeviceView {
  id: number;
  name: string;
  firstSeen: Date | string;
  lastSeen: Date | string;
  trustedSince: Date | string | null;
  current: boolean;
}

/**
 * /settings/devices (docs/product.md "Fraud controls"): each device with its name, first and last
 * seen and since when it is trusted, and Remove after a confirmation (auth.devices,
 * auth.removeDevice): the device's sessions end. Removing this device signs this browser out.
 */
export function DevicesPage() {
  const utils = trpc.useUtils();
  const devices = trpc.auth.devices.useQuery(undefined, { staleTime: 0 });
  const remove = trpc.auth.removeDevice.useMutation();
  const [removing, setRemoving] = useState<DeviceView | null>(null);

  const confirm = async () => {
    if (!removing) return;
    try {
      const { message } = await remove.mutateAsync({ id: removing.id });
      notify({ title: DEVICES_TEXTS.title, message });
      if (removing.current) window.location.assign("/login");
      setRemoving(null);
      await utils.auth.devices.invalidate();
    } catch (error) {
      notifyError("Device not removed", serverMessage(error) ?? "Please check your connection and try again.");
    }
  };

  return (
    <Stack gap="md">
      <PageHeader title={DEVICES_TEXTS.title} back="/settings" />
      <Text size="sm" c="dimmed">
        {DEVICES_TEXTS.intro}
      </Text>
      {devices.data ? (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Your devices">
          {devices.data.devices.map((device) => (
            <Card key={device.id} component="li" aria-label={device.name}>
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Title order={2} size="h6">
                    {device.name}
                  </Title>
                  {device.current ? <Badge variant="light">{DEVICES_TEXTS.thisDevice}</Badge> : null}
                </Group>
                <Text size="sm">First seen {formatDateTime(device.firstSeen)}</Text>
                <Text size="sm">Last seen {formatDateTime(device.lastSeen)}</Text>
                <Text size="sm">{device.trustedSince ? `Trusted since ${formatDateTime(device.trustedSince)}` : DEVICES_TEXTS.notTrusted}</Text>
                <Group>
                  <Button variant="outline" color="red" size="sm" onClick={() => setRemoving(device)} aria-label={`${DEVICES_TEXTS.remove} ${device.name}`}>
                    {DEVICES_TEXTS.remove}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      ) : devices.isError ? (
        <Text size="sm" c="red" role="alert">
          Unable to load your devices.
        </Text>
      ) : (
        <Skeleton h={120} role="status" aria-label="Loading" />
      )}
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={DEVICES_TEXTS.confirmTitle}
        centered
        closeButtonProps={{ "aria-label": "Close" }}
      >
        <Stack>
          <Text>
            <strong>{removing?.name}</strong>: {DEVICES_TEXTS.confirmText}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <BusyButton size="md" color="red" busy={remove.isPending} busyLabel="Removing..." onClick={() => void confirm()}>
              Remove device
            </BusyButton>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
