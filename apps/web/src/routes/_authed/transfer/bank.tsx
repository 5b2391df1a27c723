import { PAYOUT_MESSAGES, formatKobo, koboToNaira, nairaToKobo, parseNairaInput, payoutFeeKobo } from "@kolo/domain";
import { Alert, Button, Card, List, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { Link, createFileRoute, useNavigate } from "@tanstack/react-router";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { BusyButton } from "../../../components/busy-button";
import { NairaAmountInput } from "../../../components/form-inputs";
import { IconBank } from "../../../components/icons";
import { PageHeader } from "../../../components/page-header";
import { domainCode, fieldErrors, serverMessage } from "../../../lib/errors";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { notify, notifyError } from "../../../lib/notify";
import { isOffline, notifyOffline } from "../../../lib/offline";
import { BANK_ACCOUNTS_QUERY_OPTIONS } from "../../../lib/query-options";
import { useFeatures, useMe } from "../../../lib/queries";
import { trpc } from "../../../lib/trpc";
import { BankAccountPicker } from "../-components/bank-account-picker";
import { PayoutFormHeader } from "../-components/payout-form-header";
import { PayoutSummary } from "../-components/payout-summary";
import { BankAccountsLoadError } from "../-components/bank-accounts-load-error";

/** Transfer to a saved bank account (spec 02 §2 "/transfer/bank", §5 "Bank transfer", §8). */
export const Route = createFileRoute("/_authed/transfer/bank")({
  loader: ({ context }) => context.trpc.bankAccounts.list.prefetch(undefined, BANK_ACCOUNTS_QUERY_OPTIONS),
  component: BankTransferPage,
});

/**
 * The page shows the balance and, once the amount is above zero, amount, fee (1%, min ₦50, max
 * ₦1,000: `payoutFeeKobo`), total and an insufficient-funds warning. Submit with a total above the
 * balance is the toast 'Insufficient Balance'; the client sends its fee as `transferFee` and the
 * server cross-checks it ('Fee mismatch'). No saved account: the toast 'No Bank Accounts' and
 * /bank-accounts. Success: 'Transfer Successful' with amount and fee, then /dashboard.
 */
function BankTransferPage() {
  const me = useMe();
  const isEnabled = useFeatures();
  // A bank transfer is a payout: both switches (docs/decisions.md "Security, second round").
  const enabled = isEnabled("feature_send_money") && isEnabled("feature_withdraw");
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const accounts = trpc.bankAccounts.list.useQuery(undefined, BANK_ACCOUNTS_QUERY_OPTIONS);
  const transfer = trpc.transfers.bank.useMutation();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const inFlight = useRef(false);
  const attempt = useRef<{ key: string; signature: string } | null>(null);
  const noAccounts = accounts.data?.length === 0;

  useEffect(() => {
    if (!noAccounts) return;
    notifyError("No Bank Accounts", "Please add a bank account first");
    void navigate({ to: "/bank-accounts", replace: true });
  }, [noAccounts, navigate]);

  const parsed = parseNairaInput(amount);
  const amountKobo = parsed.ok ? parsed.kobo : 0n;
  const feeKobo = amountKobo > 0n ? payoutFeeKobo(amountKobo) : 0n;
  const totalKobo = amountKobo + feeKobo;
  const insufficient = amountKobo > 0n && totalKobo > nairaToKobo(me.balance);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || transfer.isPending || !enabled) return;
    const found: Record<string, string> = {};
    if (!accountId) found.bankAccountId = PAYOUT_MESSAGES.selectBankAccount;
    if (!parsed.ok) found.amount = parsed.error;
    else if (parsed.kobo <= 0n) found.amount = PAYOUT_MESSAGES.amountPositive;
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.ok || !accountId) return;
    if (insufficient) {
      notifyError(PAYOUT_MESSAGES.insufficientBalanceTitle, PAYOUT_MESSAGES.insufficientBalanceTransfer(totalKobo, feeKobo));
      return;
    }
    if (isOffline()) {
      notifyOffline();
      return;
    }
    const signature = `${accountId}|${parsed.kobo}`;
    if (attempt.current?.signature !== signature) attempt.current = { key: newIdempotencyKey(), signature };
    inFlight.current = true;
    try {
      await transfer.mutateAsync({
        bankAccountId: Number(accountId),
        amount: parsed.naira,
        transferFee: koboToNaira(feeKobo),
        idempotencyKey: attempt.current.key,
      });
      attempt.current = null;
      const account = accounts.data?.find((a) => String(a.id) === accountId);
      notify({
        title: PAYOUT_MESSAGES.transferSuccessTitle,
        message: `${formatKobo(amountKobo)} sent to ${account ? `${account.bankName} ${account.accountNumber}` : "your bank account"} (fee ${formatKobo(feeKobo)}).`,
      });
      await Promise.all([utils.auth.me.invalidate(), utils.transactions.list.invalidate()]);
      await navigate({ to: "/dashboard" });
    } catch (error) {
      const code = domainCode(error);
      if (code) attempt.current = null;
      if (!code && isOffline()) notifyOffline();
      else if (code === "UNAUTHENTICATED" || code === "UNAUTHORIZED") {
        notifyError("Authentication Error", "Please log in to continue");
        await navigate({ to: "/login" });
      } else if (code === "INSUFFICIENT_BALANCE") {
        notifyError(PAYOUT_MESSAGES.insufficientBalanceTitle, PAYOUT_MESSAGES.insufficientBalanceTransfer(totalKobo, feeKobo));
      } else {
        if (code === "VALIDATION") setErrors(fieldErrors(error));
        notifyError(PAYOUT_MESSAGES.transferFailedTitle, serverMessage(error) ?? PAYOUT_MESSAGES.transferFailed);
      }
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Stack gap="md">
      <PageHeader title="Bank Transfer" back="/pay" />
      <PayoutFormHeader balance={me.balance} enabled={enabled} disabledHintId="bank-transfer-disabled" />
      <Card>
        {accounts.isPending ? (
          <Stack gap="xs" role="status" aria-label="Loading bank accounts">
            <Skeleton h={56} />
            <Skeleton h={56} />
          </Stack>
        ) : accounts.isError ? (
          <BankAccountsLoadError accounts={accounts} />
        ) : accounts.data.length === 0 ? (
          <Stack align="center" gap="xs" py="md">
            <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
              <IconBank size={24} />
            </ThemeIcon>
            <Text size="sm" c="dimmed">
              No bank accounts yet
            </Text>
            <Button component={Link} to="/bank-accounts" variant="light">
              Add Bank Account
            </Button>
          </Stack>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate aria-label="Bank transfer">
            <Stack>
              <BankAccountPicker
                accounts={accounts.data}
                value={accountId}
                onChange={(value) => {
                  setAccountId(value);
                  setErrors((current) => ({ ...current, bankAccountId: "" }));
                }}
                label="Bank account"
                error={errors.bankAccountId || undefined}
              />
              <NairaAmountInput
                placeholder="5,000"
                required
                value={amount}
                onChange={(event) => {
                  setAmount(event.currentTarget.value);
                  setErrors((current) => ({ ...current, amount: "" }));
                }}
                error={errors.amount || (amount.trim() !== "" && !parsed.ok ? parsed.error : undefined)}
              />
              {amountKobo > 0n ? <PayoutSummary label="Transfer summary" amountKobo={amountKobo} feeKobo={feeKobo} /> : null}
              {insufficient ? (
                <Alert color="red" variant="light" role="alert">
                  Insufficient funds. You need {formatKobo(totalKobo)} (including {formatKobo(feeKobo)} fee).
                </Alert>
              ) : null}
              <BusyButton
                type="submit"
                size="md"
                fullWidth
                busy={transfer.isPending}
                busyLabel="Processing..."
                disabled={!enabled}
                aria-describedby={enabled ? undefined : "bank-transfer-disabled"}
              >
                Transfer to Bank
              </BusyButton>
            </Stack>
          </form>
        )}
      </Card>
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
