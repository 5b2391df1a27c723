import { Alert, Button } from "@mantine/core";

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
