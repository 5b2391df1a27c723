import { Alert } from "@mantine/core";
import { BalanceHeader } from "../../components/balance-header";
import { FeatureDisabledHint } from "../../components/feature-disabled";

/**
 * The top of the payout forms (/withdraw and /transfer/bank, docs/product.md#banking-and-withdrawals): the balance header, and
 * 'Unavailable' when the feature is switched off.
 */
export function PayoutFormHeader({ enabled, disabledHintId }: { enabled: boolean; disabledHintId: string }) {
  return (
    <>
      <BalanceHeader />
      {enabled ? null : (
        <Alert color="gray" variant="light" title="Unavailable">
          <FeatureDisabledHint id={disabledHintId} size="sm" />
        </Alert>
      )}
    </>
  );
}
