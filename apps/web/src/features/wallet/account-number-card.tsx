import { Alert, Button, Card, Group, Loader, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useClipboard } from "@mantine/hooks";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useEffect } from "react";
import { notify, notifyError } from "../../lib/notify";
import { useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";

/** While the number is being assigned, it is asked for this often (the job usually takes seconds). */
export const ACCOUNT_NUMBER_PENDING_POLL_MS = 3_000;

export const ACCOUNT_NUMBER_TEXTS = {
  title: "Your Kolo account number",
  intro: "Send money from any bank app to this account. It arrives in your Kolo wallet.",
  locked: "Verify your BVN to get your own account number for bank transfers.",
  verify: "Verify BVN",
  pending: "Your account number is being set up. It will appear here in a moment.",
  unavailable: "Your account number could not be set up just now. We will try again shortly; you can still add money by card.",
  loadError: "Unable to load your account number.",
  copy: "Copy account number",
  copied: "Copied",
} as const;

/**
 * wallet.accountNumber, asked again every few seconds while the number is being assigned, and a
 * clipboard that says when copying failed: what every place showing the number needs.
 */
export function useAccountNumber() {
  const query = trpc.wallet.accountNumber.useQuery(undefined, {
    refetchInterval: (q) => (q.state.data?.status === "pending" ? ACCOUNT_NUMBER_PENDING_POLL_MS : false),
  });
  const clipboard = useClipboard({ timeout: 2_000 });
  useEffect(() => {
    if (clipboard.error) notifyError("Copy failed", "Select the account number and copy it.");
  }, [clipboard.error]);
  return { query, clipboard };
}

/**
 * The user's own account number for bank transfers in (docs/product.md "Your account number";
 * wallet.accountNumber): bank name, the 10-digit number with a copy button, and the account name.
 * Below verification level 1 it explains that verifying the BVN unlocks it, with a link to
 * /verification; while the number is being assigned it says so and asks again every few seconds.
 */
export function AccountNumberCard({ headingOrder = 2 }: { headingOrder?: 2 | 3 }) {
  const me = useMe();
  const { query, clipboard } = useAccountNumber();

  const heading = (
    <Title order={headingOrder} size="h5" id="account-number-title">
      {ACCOUNT_NUMBER_TEXTS.title}
    </Title>
  );
  const view = query.data;
  let body: ReactNode;
  if (query.isError && !view) {
    body = (
      <Alert color="red" variant="light" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{ACCOUNT_NUMBER_TEXTS.loadError}</Text>
          <Button size="xs" variant="white" color="red" loading={query.isFetching} onClick={() => void query.refetch()}>
            Retry
          </Button>
        </Group>
      </Alert>
    );
  } else if (!view) {
    body = (
      <Stack gap="xs" role="status" aria-label="Loading your account number">
        <Skeleton h={16} w="40%" />
        <Skeleton h={28} w="70%" />
        <Skeleton h={16} w="55%" />
      </Stack>
    );
  } else if (view.status === "active" && view.accountNumber) {
    const number = view.accountNumber;
    body = (
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          {ACCOUNT_NUMBER_TEXTS.intro}
        </Text>
        <Stack gap={2} component="dl" m={0}>
          <Text component="dt" size="xs" c="dimmed">
            Bank
          </Text>
          <Text component="dd" m={0} fw={600}>
            {view.bankName}
          </Text>
          <Text component="dt" size="xs" c="dimmed">
            Account number
          </Text>
          <Group component="dd" m={0} gap="sm" wrap="nowrap" justify="space-between">
            <Text fz={24} fw={800} ff="monospace" data-testid="account-number">
              {number}
            </Text>
            <Button
              size="sm"
              variant="light"
              aria-label={ACCOUNT_NUMBER_TEXTS.copy}
              onClick={() => {
                clipboard.copy(number);
                notify({ title: ACCOUNT_NUMBER_TEXTS.copied, message: `${number} is on your clipboard.` });
              }}
            >
              {clipboard.copied ? ACCOUNT_NUMBER_TEXTS.copied : "Copy"}
            </Button>
          </Group>
          <Text component="dt" size="xs" c="dimmed">
            Account name
          </Text>
          <Text component="dd" m={0} fw={600}>
            {view.accountName}
          </Text>
        </Stack>
      </Stack>
    );
  } else if (view.status === "pending") {
    body = (
      <Group gap="sm" wrap="nowrap" role="status">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm">{ACCOUNT_NUMBER_TEXTS.pending}</Text>
      </Group>
    );
  } else if (me.verificationLevel < 1) {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{ACCOUNT_NUMBER_TEXTS.locked}</Text>
        <Button component={Link} to="/verification" size="sm" variant="light">
          {ACCOUNT_NUMBER_TEXTS.verify}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <Text size="sm" role="status">
        {ACCOUNT_NUMBER_TEXTS.unavailable}
      </Text>
    );
  }

  return (
    <Card component="section" aria-labelledby="account-number-title" padding="md" withBorder>
      <Stack gap="sm">
        {heading}
        {body}
      </Stack>
    </Card>
  );
}
