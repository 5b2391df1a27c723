import { Button, Group, Text } from "@mantine/core";
import { IconShare } from "../../components/icons";
import { notify } from "../../lib/notify";
import { ACCOUNT_NUMBER_TEXTS, useAccountNumber } from "../wallet/account-number-card";

/** The words a shared account number goes out with (WhatsApp, SMS …). */
export const shareText = (view: { bankName: string; accountNumber: string; accountName: string }) =>
  `Send money to my Kolo wallet: ${view.bankName}, account number ${view.accountNumber}, ${view.accountName}`;

/**
 * The account number on the Home balance card once the BVN is verified (docs/product.md "Your
 * account number"): bank, number, Copy and Share (the phone's share sheet; copies the details where
 * there is none). Nothing while the number is not active (asked again while pending): /receive
 * explains those states.
 */
export function BalanceAccountNumber() {
  // Just after the BVN the number is still being assigned: asked again until it is there.
  const { query, clipboard } = useAccountNumber();
  const view = query.data;
  if (view?.status !== "active" || !view.accountNumber || !view.bankName || !view.accountName) return null;
  const details = { bankName: view.bankName, accountNumber: view.accountNumber, accountName: view.accountName };
  const share = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: ACCOUNT_NUMBER_TEXTS.title, text: shareText(details) });
      } catch {
        // Closed without sharing: nothing to say.
      }
      return;
    }
    clipboard.copy(shareText(details));
    notify({ title: ACCOUNT_NUMBER_TEXTS.copied, message: "Your account details are on your clipboard." });
  };
  return (
    <Group mt="sm" gap="xs" wrap="nowrap" justify="space-between" aria-label="Your Kolo account number" role="group">
      <Text size="sm" c="kolo.0" miw={0}>
        {details.bankName}{" "}
        <Text span fw={700} c="white" ff="monospace" fz="md" data-testid="home-account-number">
          {details.accountNumber}
        </Text>
      </Text>
      <Group gap={6} wrap="nowrap">
        <Button
          size="compact-sm"
          variant="white"
          aria-label={clipboard.copied ? "Copied account number" : ACCOUNT_NUMBER_TEXTS.copy}
          mih={44}
          onClick={() => {
            clipboard.copy(details.accountNumber);
            notify({ title: ACCOUNT_NUMBER_TEXTS.copied, message: `${details.accountNumber} is on your clipboard.` });
          }}
        >
          {clipboard.copied ? ACCOUNT_NUMBER_TEXTS.copied : "Copy"}
        </Button>
        <Button size="compact-sm" variant="white" mih={44} leftSection={<IconShare size={14} />} aria-label="Share account number" onClick={() => void share()}>
          Share
        </Button>
      </Group>
    </Group>
  );
}
