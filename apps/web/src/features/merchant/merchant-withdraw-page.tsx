import { MONEY_TOASTS, formatNaira, merchantPayoutSchema, nairaInputText, nairaToKobo, koboToNaira, payoutFeeKobo } from "@kolo/domain";
import { Alert, Button, Card, Stack, Text } from "@mantine/core";
import { Link, useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import { BusyButton } from "../../components/busy-button";
import { NairaAmountInput } from "../../components/form-inputs";
import { PageHeader } from "../../components/page-header";
import { PageLoader } from "../../components/page-loader";
import { serverMessage } from "../../lib/errors";
import { typedNaira, useMoneyForm } from "../../lib/money-form";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";

const payoutFormSchema = z.object({ amount: nairaInputText.pipe(merchantPayoutSchema.shape.amount) });

/** The payout fee of a typed naira amount, naira (0 while the amount is not one). */
function feeOf(text: string): number {
  const parsed = payoutFormSchema.shape.amount.safeParse(text);
  return parsed.success ? koboToNaira(payoutFeeKobo(parsed.data)) : 0;
}

/**
 * /merchant/withdraw (docs/product.md "Settlement"): the manual payout of the merchant balance to the
 * settlement account, through the payout path (fee 1%, ₦50 to ₦1,000, on top), after the review
 * step and the PIN. Without a settlement account it points to /merchant/settings.
 */
export function MerchantWithdrawPage() {
  const settings = trpc.merchants.settings.useQuery(undefined, { retry: false });
  const payout = trpc.merchants.payout.useMutation();
  const navigate = useNavigate();
  const money = useMoneyForm(payoutFormSchema, {
    initialValues: { amount: "" },
    failure: { title: MONEY_TOASTS.withdrawalFailedTitle, message: "Unable to complete the payout. Please try again.", serverMessage: true },
    serverFieldErrors: true,
    refresh: () => settings.refetch(),
  });
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) {
    return (
      <Stack gap="md">
        <PageHeader title="Pay Out" back="/merchant/dashboard" />
        <Alert color="red" title="Error" role="alert">
          {serverMessage(settings.error) ?? "Could not load your merchant account."}
        </Alert>
      </Stack>
    );
  }
  const account = settings.data.settlementAccount;
  const submit = money.onSubmit(async (_parsed, typed) => {
    if (!account) return;
    const amount = typedNaira(typed.amount);
    await money.submit(
      typed.amount,
      (idempotencyKey, transactionPin) => payout.mutateAsync({ amount, idempotencyKey, transactionPin }),
      async (result) => {
        notify({ title: result.message, message: `${formatNaira(result.transaction.amount)} to ${account.accountName}` });
        money.form.reset();
        await navigate({ to: "/merchant/dashboard" });
      },
      {
        recipient: `${account.accountName}, ${account.bankName} ••••${account.accountNumber.slice(-4)}`,
        amount,
        fee: koboToNaira(payoutFeeKobo(nairaToKobo(amount))),
      },
    );
  });
  const amountText = money.form.getValues().amount;
  return (
    <Stack gap="md">
      <PageHeader title="Pay Out" back="/merchant/dashboard" />
      <Card>
        <Text size="sm">Merchant balance</Text>
        <Text fz={28} fw={800}>
          {formatNaira(settings.data.balance)}
        </Text>
      </Card>
      {account ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text>
              To your settlement account: {account.accountName}, {account.bankName} ••••{account.accountNumber.slice(-4)}
            </Text>
            <NairaAmountInput placeholder="5,000" {...money.form.getInputProps("amount")} />
            <Text size="sm" c="dimmed" aria-live="polite">
              Fee: {formatNaira(feeOf(amountText))}
            </Text>
            <BusyButton type="submit" busy={money.busy} busyLabel="Processing...">
              Pay Out
            </BusyButton>
          </Stack>
        </form>
      ) : (
        <Alert color="yellow" title="No settlement account">
          <Stack gap="xs">
            <Text size="sm">Add the bank account your merchant balance is paid to.</Text>
            <Button component={Link} to="/merchant/settings" variant="light">
              Go to Settings
            </Button>
          </Stack>
        </Alert>
      )}
      {money.dialog}
    </Stack>
  );
}
