import { formatNaira } from "@kolo/domain";
import { Card, Group, Text } from "@mantine/core";
import { useMe } from "../lib/queries";
import { OfflineNotice } from "./offline-notice";

/**
 * The top of every money form: the wallet's available balance (naira, `auth.me`; announced when it
 * changes) and, when the phone is offline, the offline notice. One line, so a short form's main
 * button is above the bottom navigation on a 360×740 screen without scrolling.
 */
export function BalanceHeader() {
  const me = useMe();
  return (
    <>
      <Card px="md" py="xs" bg="kolo.0" withBorder={false}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            Available balance
          </Text>
          <Text fw={800} fz="lg" aria-live="polite">
            {formatNaira(me.balance)}
          </Text>
        </Group>
      </Card>
      <OfflineNotice />
    </>
  );
}
