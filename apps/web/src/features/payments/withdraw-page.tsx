import { PAYOUT_MESSAGES, PAYOUT_PROGRESS, type PayoutStatus, formatNaira, isPayoutInFlight, nairaToKobo, withdrawSchema } from "@kolo/domain";
import { Alert, Badge, Button, Card, Group, Progress, Skeleton, Stack, Text } from "@mantine/core";
import { Link, useNavigate } from "@tanstack/react-router";
import { SubmitButton } from "../../components/busy-button";
import { PageHeader } from "../../components/page-header";
import { errorDetails, serverMessage } from "../../lib/errors";
import { notifyError } from "../../lib/notify";
import { BANK_ACCOUNTS_QUERY_OPTIONS, useFeatures } from "../../lib/queries";
import { typedNaira } from "../../lib/money-form";
import { trpc } from "../../lib/trpc";
import { capitalise } from "../../lib/transactions";
import { bankAccountsState } from "./bank-accounts-load-error";
import { PayoutFormHeader } from "./payout-form-header";
import { PayoutFields, payoutReview, usePayoutForm } from "./payout-form";

const FALLBACK_FAILURE = "Unable to process your withdrawal. Please try again.";

/** /withdraw: the form, or with `reference` the status of that withdrawal. */
export function WithdrawPage({ reference }: { reference?: string }) {
  return (
    <Stack gap="md">
      <PageHeader title="Withdraw" back="/dashboard" />
      {reference ? <WithdrawalStatus reference={reference} /> : <WithdrawForm />}
    </Stack>
  );
}

/**
 * The withdrawal form (docs/product.md#banking-and-withdrawals): a saved account ('Please select a bank account'),
 * an amount of at least ₦100, the fee (1%, min ₦50, max ₦1,000, `payoutFeeKobo`) and the total.
 * Submit is disabled when the total exceeds the balance ('Insufficient funds. You need {total}.'),
 * when there is no bank account, and while submitting. A refusal is 'Withdrawal Failed' with the
 * server's details or message; success opens the status view of its reference.
 */
function WithdrawForm() {
  const enabled = useFeatures()("feature_withdraw");
  const navigate = useNavigate();
  const accounts = trpc.bankAccounts.list.useQuery(undefined, BANK_ACCOUNTS_QUERY_OPTIONS);
  const withdraw = trpc.wallet.withdraw.useMutation();
  const failed = (error: unknown) => {
    const details = errorDetails(error);
    notifyError(PAYOUT_MESSAGES.withdrawalFailedTitle, typeof details === "string" ? details : (serverMessage(error) ?? FALLBACK_FAILURE));
  };
  const payout = usePayoutForm(withdrawSchema.shape.amount, {
    failure: { title: PAYOUT_MESSAGES.withdrawalFailedTitle, message: FALLBACK_FAILURE, serverMessage: true },
    onCode: { INSUFFICIENT_BALANCE: failed, RULE_VIOLATION: failed, VALIDATION: failed },
  });
  const { totalKobo, insufficient } = payout;
  const noAccounts = accounts.data?.length === 0;

  const submit = payout.onSubmit(async ({ bankAccountId, amount }, typed) => {
    if (!enabled || insufficient || noAccounts) return;
    await payout.submit(
      `${bankAccountId}|${amount}`,
      (idempotencyKey, transactionPin) => withdraw.mutateAsync({ bankAccountId, amount: typedNaira(typed.amount), idempotencyKey, transactionPin }),
      (result) => navigate({ to: "/withdraw", search: { reference: result.transaction.reference } }),
      payoutReview(
        accounts.data?.find((a) => a.id === bankAccountId),
        typedNaira(typed.amount),
        payout.fee,
      ),
    );
  });

  return (
    <Stack gap="md">
      <PayoutFormHeader enabled={enabled} disabledHintId="withdraw-disabled" />
      {payout.dialog}
      <Card>
        <form onSubmit={submit} noValidate aria-label="Withdrawal">
          <Stack>
            {bankAccountsState(
              accounts,
              <Alert color="yellow" variant="light" title="No bank account yet">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">Add the bank account you want to withdraw to.</Text>
                  <Button component={Link} to="/bank-accounts" variant="white">
                    Add Bank Account
                  </Button>
                </Stack>
              </Alert>,
            )}
            <PayoutFields
              payout={payout}
              accounts={accounts.data && accounts.data.length > 0 ? accounts.data : null}
              summaryLabel="Withdrawal summary"
              amountDescription="Minimum ₦100"
            />
            {insufficient ? (
              <Alert color="red" variant="light" role="alert" id="withdraw-insufficient">
                {PAYOUT_MESSAGES.insufficientFunds(totalKobo)}
              </Alert>
            ) : null}
            <SubmitButton
              busy={payout.busy}
              disabled={!enabled || insufficient || noAccounts || !accounts.data}
              describedBy={!enabled ? "withdraw-disabled" : insufficient ? "withdraw-insufficient" : undefined}
            >
              Withdraw
            </SubmitButton>
            <Text size="xs" c="dimmed" ta="center">
              Withdrawals usually arrive in 1-2 business days.
            </Text>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}

const STATUS_COLOR: Record<PayoutStatus, string> = { pending: "yellow", processing: "blue", completed: "kolo", failed: "red", reversed: "orange" };
const isInFlight = (status: string | undefined) => status !== undefined && isPayoutInFlight(status);

/**
 * The status view of one withdrawal (docs/product.md#banking-and-withdrawals): refreshed when the live
 * event stream reports the payout's new status (lib/live.tsx), progress 25/50/100, 'New Withdrawal' disabled until
 * the status is final, the estimated arrival '1-2 business days' unless completed or failed.
 */
function WithdrawalStatus({ reference }: { reference: string }) {
  const navigate = useNavigate();
  // The live event stream refreshes it when the payout's status changes, and brings the balance and
  // history a failed or reversed payout gives back (lib/live.tsx).
  const query = trpc.wallet.withdrawalStatus.useQuery({ reference });

  if (query.isPending) {
    return (
      <Card role="status" aria-label="Loading withdrawal status">
        <Stack gap="xs">
          <Skeleton h={20} w="50%" />
          <Skeleton h={8} />
          <Skeleton h={60} />
        </Stack>
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" title="Could not load this withdrawal" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{serverMessage(query.error) ?? "Please try again."}</Text>
          <Group gap="xs">
            <Button variant="white" color="red" onClick={() => void query.refetch()} loading={query.isFetching}>
              Retry
            </Button>
            <Button variant="subtle" onClick={() => void navigate({ to: "/withdraw", search: {} })}>
              New Withdrawal
            </Button>
          </Group>
        </Stack>
      </Alert>
    );
  }

  const { transaction } = query.data;
  const current = query.data.status;
  const progress = PAYOUT_PROGRESS[current];
  const fee = transaction.metadata.fee ?? 0;
  const showArrival = current !== "completed" && current !== "failed";
  return (
    <Stack gap="md">
      <Card component="section" aria-label="Withdrawal status">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <Text component="h2" fw={700} fz="md" m={0}>
              Withdrawal
            </Text>
            <Badge color={STATUS_COLOR[current]} variant="light" tt="none" size="lg" aria-live="polite">
              {capitalise(current)}
            </Badge>
          </Group>
          <Progress value={progress} color={STATUS_COLOR[current]} aria-label={`Withdrawal progress ${progress}%`} animated={isInFlight(current)} />
          <Text size="sm" aria-live="polite">
            {query.data.message}
          </Text>
          <Stack gap={4}>
            <Row name="Amount" value={formatNaira(transaction.amount)} />
            <Row name="Fee" value={formatNaira(fee)} />
            <Row name="Total" value={formatNaira(transaction.amount + fee)} strong />
            {current === "completed" ? null : <Row name="Status" value={PAYOUT_MESSAGES.ending(current, nairaToKobo(transaction.amount + fee))} />}
            <Row name="Reference" value={transaction.reference} />
            {showArrival ? <Row name="Estimated arrival" value={PAYOUT_MESSAGES.estimatedArrival} /> : null}
          </Stack>
        </Stack>
      </Card>
      <Button size="md" disabled={isInFlight(current)} onClick={() => void navigate({ to: "/withdraw", search: {} })}>
        New Withdrawal
      </Button>
      <Button component={Link} to="/dashboard" variant="subtle">
        Back to Dashboard
      </Button>
    </Stack>
  );
}

function Row({ name, value, strong = false }: { name: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" c="dimmed">
        {name}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} ta="right" style={{ wordBreak: "break-all" }}>
        {value}
      </Text>
    </Group>
  );
}
