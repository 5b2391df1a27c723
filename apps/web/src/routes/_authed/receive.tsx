import { buildPaymentLink } from "@kolo/domain";
import { Stack, Text } from "@mantine/core";
import { createFileRoute } from "@tanstack/react-router";
import { PageHeader } from "../../components/page-header";
import { PaymentQr } from "../../components/payment-qr";
import { useMe } from "../../lib/queries";
import { AccountNumberCard } from "../../features/wallet/account-number-card";

export const Route = createFileRoute("/_authed/receive")({
  component: ReceivePage,
});

/**
 * The user's own P2P QR (docs/decisions.md: a P2P QR carries the user
 * id and name): kolo://pay/p2p/{userId}?name[&amount], with the merchant QR's fixed amount,
 * download and share. Another user scanning it on /scan lands on /transfer/p2p with this user
 * as the recipient (the name there comes from the server). Below it, the user's own account
 * number for transfers from any bank (AccountNumberCard).
 */
function ReceivePage() {
  const me = useMe();
  return (
    <Stack gap="md">
      <PageHeader title="Receive Money" back="/dashboard" />
      <Text size="sm" c="dimmed">
        Another Kolo user scans this code on Scan to Pay to send you money. Transfers between users are instant and free.
      </Text>
      <PaymentQr
        title={me.name}
        linkFor={(amount) => buildPaymentLink({ type: "p2p", userId: me.id, userName: me.name, ...(amount !== undefined ? { amount } : {}) })}
      />
      <AccountNumberCard />
    </Stack>
  );
}
