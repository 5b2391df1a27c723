import { PAYOUT_MESSAGES, bankTransferSchema, formatKobo, koboToNaira } from "@kolo/domain";
import { Button, Card, List, Stack, Tabs, Text } from "@mantine/core";
import { Link, createFileRoute, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { fieldErrors, serverMessage } from "../../../lib/errors";
import { useMoneySubmit } from "../../../lib/money-form";
import { notify, notifyError } from "../../../lib/notify";
import { BANK_ACCOUNTS_QUERY_OPTIONS } from "../../../lib/query-options";
import { useFeatures } from "../../../lib/queries";
import { trpc } from "../../../lib/trpc";
import { NewRecipientTransfer } from "../../../features/payments/new-recipient-transfer";
import { PayoutFormHeader } from "../../../features/payments/payout-form-header";
import { PayoutFields, TransferToBankSubmit, payoutReview, usePayoutForm } from "../../../features/payments/payout-form";
import { BankAccountsLoadError, BankAccountsLoading, NoBankAccounts } from "../../../features/payments/bank-accounts-load-error";

/** Transfer to a saved bank account (docs/product.md#banking-and-withdrawals) or to any account ('New recipient'). */
export const Route = createFileRoute("/_authed/transfer/bank")({
  loader: ({ context }) => context.trpc.bankAccounts.list.prefetch(undefined, BANK_ACCOUNTS_QUERY_OPTIONS),
  component: BankTransferPage,
});

/**
 * The page shows the balance and, once the amount is above zero, amount, fee (1%, min ₦50, max
 * ₦1,000: `payoutFeeKobo`), total and an insufficient-funds warning. Submit with a total above the
 * balance is the toast 'Insufficient Balance'; the client sends its fee as `transferFee` and the
 * server cross-checks it ('Fee mismatch'). 'New recipient' (NewRecipientTransfer) pays any account
 * by number; with no saved account it opens first, and 'Saved account' is then the toast 'No Bank
 * Accounts' and /bank-accounts. Success: 'Transfer Successful' with amount and fee, then /dashboard.
 */
function BankTransferPage() {
  const isEnabled = useFeatures();
  // A bank transfer is a payout: both switches (docs/decisions.md "Security, second round").
  const enabled = isEnabled("feature_send_money") && isEnabled("feature_withdraw");
  const navigate = useNavigate();
  const accounts = trpc.bankAccounts.list.useQuery(undefined, BANK_ACCOUNTS_QUERY_OPTIONS);
  const transfer = trpc.transfers.bank.useMutation();
  const payout = usePayoutForm(bankTransferSchema.shape.amount);
  const { form, amountKobo, feeKobo, totalKobo, insufficient } = payout;
  const noAccounts = accounts.data?.length === 0;
  const insufficientToast = {
    title: PAYOUT_MESSAGES.insufficientBalanceTitle,
    message: PAYOUT_MESSAGES.insufficientBalanceTransfer(totalKobo, feeKobo),
  };
  const money = useMoneySubmit({
    failure: { title: PAYOUT_MESSAGES.transferFailedTitle, message: PAYOUT_MESSAGES.transferFailed, serverMessage: true },
    onCode: {
      INSUFFICIENT_BALANCE: insufficientToast,
      VALIDATION: (error) => {
        form.setErrors(fieldErrors(error));
        notifyError(PAYOUT_MESSAGES.transferFailedTitle, serverMessage(error) ?? PAYOUT_MESSAGES.transferFailed);
      },
    },
  });

  // No saved account: 'New recipient' opens first; choosing 'Saved account' then is the spec's
  // toast 'No Bank Accounts' and /bank-accounts.
  const [tab, setTab] = useState<string | null>(null);
  const shown = tab ?? (noAccounts ? "new" : "saved");
  useEffect(() => {
    if (!noAccounts || shown !== "saved") return;
    notifyError("No Bank Accounts", "Please add a bank account first");
    void navigate({ to: "/bank-accounts", replace: true });
  }, [noAccounts, shown, navigate]);

  const submit = form.onSubmit(async (values) => {
    if (money.busy || !enabled || values.bankAccountId === null) return;
    if (insufficient) {
      notifyError(insufficientToast.title, insufficientToast.message);
      return;
    }
    const bankAccountId = Number(values.bankAccountId);
    const chosen = accounts.data?.find((a) => a.id === bankAccountId);
    await money.submit(
      `${bankAccountId}|${amountKobo}`,
      (idempotencyKey, transactionPin) =>
        transfer.mutateAsync({ bankAccountId, amount: koboToNaira(amountKobo), transferFee: koboToNaira(feeKobo), idempotencyKey, transactionPin }),
      async () => {
        const account = accounts.data?.find((a) => a.id === bankAccountId);
        notify({
          title: PAYOUT_MESSAGES.transferSuccessTitle,
          message: `${formatKobo(amountKobo)} sent to ${account ? `${account.bankName} ${account.accountNumber}` : "your bank account"} (fee ${formatKobo(feeKobo)}).`,
        });
        await navigate({ to: "/dashboard" });
      },
      payoutReview(chosen, amountKobo, feeKobo),
    );
  });

  return (
    <Stack gap="md">
      <PageHeader title="Bank Transfer" back="/pay" />
      {money.dialog}
      <PayoutFormHeader enabled={enabled} disabledHintId="bank-transfer-disabled" />
      <Tabs value={shown} onChange={setTab}>
        <Tabs.List grow>
          <Tabs.Tab value="saved">Saved account</Tabs.Tab>
          <Tabs.Tab value="new">New recipient</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {shown === "new" ? (
        <Card>
          <NewRecipientTransfer enabled={enabled} />
        </Card>
      ) : (
        <Card>
          {accounts.isPending ? (
            <BankAccountsLoading />
          ) : accounts.isError ? (
            <BankAccountsLoadError accounts={accounts} />
          ) : accounts.data.length === 0 ? (
            <NoBankAccounts
              action={
                <Button component={Link} to="/bank-accounts" variant="light">
                  Add Bank Account
                </Button>
              }
            />
          ) : (
            <form onSubmit={submit} noValidate aria-label="Bank transfer">
              <Stack>
                <PayoutFields payout={payout} accounts={accounts.data} summaryLabel="Transfer summary" />
                <TransferToBankSubmit insufficient={insufficient} totalKobo={totalKobo} feeKobo={feeKobo} busy={money.busy} enabled={enabled} />
              </Stack>
            </form>
          )}
        </Card>
      )}
      <Card component="section" aria-labelledby="bank-transfer-notes" padding="md">
        <Text id="bank-transfer-notes" component="h2" fw={700} fz="md" m={0} mb="xs">
          Good to know
        </Text>
        <List size="sm" spacing={4} c="dimmed">
          <List.Item>Transfers are processed instantly during working hours.</List.Item>
          <List.Item>Fee: 1% of the amount, minimum ₦50, maximum ₦1,000.</List.Item>
          <List.Item>Some banks may take up to 24 hours to credit the account.</List.Item>
        </List>
      </Card>
    </Stack>
  );
}
