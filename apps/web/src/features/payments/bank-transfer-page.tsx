import { bankTransferSchema } from "@kolo/domain";
import { Button, Card, Stack, Tabs } from "@mantine/core";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { NarrationInput } from "../../components/form-inputs";
import { PageHeader } from "../../components/page-header";
import { notifyError } from "../../lib/notify";
import { BANK_ACCOUNTS_QUERY_OPTIONS } from "../../lib/query-options";
import { useFeatures } from "../../lib/queries";
import { typedNaira } from "../../lib/money-form";
import { trpc } from "../../lib/trpc";
import { NoBankAccounts, bankAccountsState } from "./bank-accounts-load-error";
import { bankTransferSubmitOptions, notifyTransferSent, transferCovered } from "./bank-transfer";
import { NewRecipientTransfer } from "./new-recipient-transfer";
import { PayoutFormHeader } from "./payout-form-header";
import { PayoutFields, TransferToBankSubmit, payoutReview, usePayoutForm } from "./payout-form";
import { GoodToKnow } from "../../components/good-to-know";

/**
 * The page shows the balance and, once the amount is above zero, amount, fee (1%, min ₦50, max
 * ₦1,000: `payoutFeeKobo`), total and an insufficient-funds warning. Submit with a total above the
 * balance is the toast 'Insufficient Balance'; the client sends its fee as `transferFee` and the
 * server cross-checks it ('Fee mismatch'). 'New recipient' (NewRecipientTransfer) pays any account
 * by number; with no saved account it opens first, and 'Saved account' is then the toast 'No Bank
 * Accounts' and /bank-accounts. Success: 'Transfer Successful' with amount and fee, then the payment's screen
 * (/done/{reference}) with its live status.
 */
export function BankTransferPage() {
  const isEnabled = useFeatures();
  // A bank transfer is a payout: both switches (docs/decisions.md "Security, second round").
  const enabled = isEnabled("feature_send_money") && isEnabled("feature_withdraw");
  const navigate = useNavigate();
  const accounts = trpc.bankAccounts.list.useQuery(undefined, BANK_ACCOUNTS_QUERY_OPTIONS);
  const transfer = trpc.transfers.bank.useMutation();
  const latest = useRef({ totalKobo: 0n, feeKobo: 0n });
  const payout = usePayoutForm(bankTransferSchema.shape.amount, bankTransferSubmitOptions(latest));
  latest.current = payout;
  const { feeKobo, totalKobo, insufficient } = payout;
  const noAccounts = accounts.data?.length === 0;

  // No saved account: 'New recipient' opens first; choosing 'Saved account' then is the spec's
  // toast 'No Bank Accounts' and /bank-accounts.
  const [tab, setTab] = useState<string | null>(null);
  const shown = tab ?? (noAccounts ? "new" : "saved");
  useEffect(() => {
    if (!noAccounts || shown !== "saved") return;
    notifyError("No Bank Accounts", "Please add a bank account first");
    void navigate({ to: "/bank-accounts", replace: true });
  }, [noAccounts, shown, navigate]);

  const submit = payout.onSubmit(async ({ bankAccountId, amount, narration }, typed) => {
    if (!enabled || !transferCovered(payout)) return;
    const account = accounts.data?.find((a) => a.id === bankAccountId);
    await payout.submit(
      `${bankAccountId}|${amount}|${narration ?? ""}`,
      (idempotencyKey, transactionPin) =>
        transfer.mutateAsync({ bankAccountId, amount: typedNaira(typed.amount), transferFee: payout.fee, narration, idempotencyKey, transactionPin }),
      async (result) => {
        notifyTransferSent(amount, feeKobo, account ? `${account.bankName} ${account.accountNumber}` : "your bank account");
        await navigate({ to: "/done/$reference", params: { reference: result.transaction.reference } });
      },
      payoutReview(account, typedNaira(typed.amount), payout.fee, narration),
    );
  });

  return (
    <Stack gap="md">
      <PageHeader title="Bank Transfer" back="/pay" />
      {payout.dialog}
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
          {bankAccountsState(
            accounts,
            <NoBankAccounts
              action={
                <Button component={Link} to="/bank-accounts" variant="light">
                  Add Bank Account
                </Button>
              }
            />,
          ) ?? (
            <form onSubmit={submit} noValidate aria-label="Bank transfer">
              <Stack>
                <PayoutFields payout={payout} accounts={accounts.data ?? null} summaryLabel="Transfer summary" />
                <NarrationInput {...payout.form.getInputProps("narration")} />
                <TransferToBankSubmit insufficient={insufficient} totalKobo={totalKobo} feeKobo={feeKobo} busy={payout.busy} enabled={enabled} />
              </Stack>
            </form>
          )}
        </Card>
      )}
      <GoodToKnow
        id="bank-transfer-notes"
        notes={[
          "Transfers are processed instantly during working hours.",
          "Fee: 1% of the amount, minimum ₦50, maximum ₦1,000.",
          "Some banks may take up to 24 hours to credit the account.",
        ]}
      />
    </Stack>
  );
}
