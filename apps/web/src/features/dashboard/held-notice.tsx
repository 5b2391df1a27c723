import { CLAIM_MESSAGES, formatNaira } from "@kolo/domain";
import { Text } from "@mantine/core";
import { trpc } from "../../lib/trpc";

/**
 * 'Held: under investigation' under the balance while a fraud claim's lien holds money on the
 * user's wallet (GET /api/claims/held; docs/product.md "Fraud claims"); nothing otherwise.
 */
export function HeldNotice() {
  const held = trpc.claims.held.useQuery();
  const amount = held.data?.held ?? 0;
  if (amount <= 0) return null;
  return (
    <Text size="sm" c="kolo.0" data-testid="held-notice">
      {CLAIM_MESSAGES.held}: {formatNaira(amount)}
    </Text>
  );
}
