import { formatNaira } from "@kolo/domain";
import { Alert, Card, Text } from "@mantine/core";
import { FeatureDisabledHint } from "../../../components/feature-disabled";
import { OfflineNotice } from "../../../components/offline-notice";

/**
 * The top of the payout forms (/withdraw and /transfer/bank, spec 02): the available balance
 * (naira, as `me.balance`), the offline notice, and 'Unavailable' when the feature is switched off.
 */
export function PayoutFormHeader({
  balance,
  enabled,
  disabledHintId,
}: {
  balance: Parameters<typeof formatNaira>[0];
  enabled: boolean;
  disabledHintId: string;
}) {
  return (
    <>
      <Card padding="md" bg="kolo.0" withBorder={false}>
        <Text size="sm" c="dimmed">
          Available balance
        </Text>
        <Text fw={800} fz="xl" aria-live="polite">
          {formatNaira(balance)}
        </Text>
      </Card>
      <OfflineNotice />
      {enabled ? null : (
        <Alert color="gray" variant="light" title="Unavailable">
          <FeatureDisabledHint id={disabledHintId} size="sm" />
        </Alert>
      )}
    </>
  );
}
