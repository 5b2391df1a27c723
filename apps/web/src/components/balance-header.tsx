import { formatNaira } from "@kolo/domain";
import { Card, Text } from "@mantine/core";
import { useMe } from "../lib/queries";
import { OfflineNotice } from "./offline-notice";

/**
 * The top of every money form: the wallet's available balance (naira, `auth.me`; announced when it
 * changes) and, when the phone is offline, the offline notice.
 */
export function BalanceHeader() {
  const me = useMe();
  return (
    <>
      <Card padding="md" bg="kolo.0" withBorder={false}>
        <Text size="sm" c="dimmed">
          Available balance
        </Text>
        <Text fw={800} fz="xl" aria-live="polite">
          {formatNaira(me.balance)}
        </Text>
      </Card>
      <OfflineNotice />
    </>
  );
}
