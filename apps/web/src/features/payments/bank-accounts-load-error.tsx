import { Alert, Button, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import type { ReactNode } from "react";
import { IconBank } from "../../components/icons";

/**
 * The saved bank accounts could not be loaded (/withdraw, /transfer/bank, the Bank tab of
 * /verification): 'Could not load your bank accounts' with a Retry that refetches `accounts`.
 */
export function BankAccountsLoadError({ accounts }: { accounts: { refetch: () => Promise<unknown>; isFetching: boolean } }) {
  return (
    <Alert color="red" variant="light" title="Could not load your bank accounts" role="alert">
      <Button variant="white" color="red" mt="xs" onClick={() => void accounts.refetch()} loading={accounts.isFetching}>
        Retry
      </Button>
    </Alert>
  );
}

/** The saved bank accounts while they load: two placeholder rows, announced as loading. */
export function BankAccountsLoading() {
  return (
    <Stack gap="xs" role="status" aria-label="Loading bank accounts">
      <Skeleton h={56} />
      <Skeleton h={56} />
    </Stack>
  );
}

/** No saved bank account yet: a bank icon, 'No bank accounts yet' and `action` (the way to add one). */
export function NoBankAccounts({ action }: { action: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="md">
      <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
        <IconBank size={24} />
      </ThemeIcon>
      <Text size="sm" c="dimmed">
        No bank accounts yet
      </Text>
      {action}
    </Stack>
  );
}

/**
 * What a payout form shows in place of (or above) its account picker while the saved accounts are
 * not there to pick: loading, the load failure with Retry, or `none` when there is no account;
 * null once there are accounts.
 */
export function bankAccountsState(
  accounts: { isPending: boolean; isError: boolean; data?: readonly unknown[]; refetch: () => Promise<unknown>; isFetching: boolean },
  none: ReactNode,
): ReactNode {
  if (accounts.isPending) return <BankAccountsLoading />;
  if (accounts.isError || !accounts.data) return <BankAccountsLoadError accounts={accounts} />;
  return accounts.data.length === 0 ? none : null;
}
