import { CLAIM_MESSAGES, formatNaira } from "@kolo/domain";
import { Text } from "@mantine/core";
import { trpc } from "../../lib/trpc";

/**
 * 'Held: under investigation' under a balance while a fraud claim's lien holds money on that
 * wallet (GET /api/claims/held; docs/product.md "Fraud claims"): the user's own (`wallet` 'user',
 * the dashboard) or their merchant's ('merchant', the merchant dashboard); nothing otherwise.
 */
export function HeldNotice({ wallet = "user" }: { wallet?: "user" | "merchant" }) {
  const held = trpc.claims.held.useQuery();
  const amount = (wallet === "merchant" ? held.data?.merchantHeld : held.data?.held) ?? 0;
  if (amount <= 0) return null;
  return (
    <Text size="sm" c="kolo.0" data-testid={wallet === "merchant" ? "merchant-held-notice" : "held-notice"}>
      {CLAIM_MESSAGES.held}: {formatNaira(amount)}
    </Text>
  );
}
