import {
  PAYOUT_MESSAGES,
  bankTransferSchema,
  formatKobo,
  koboToNaira,
  nairaInputText,
  nairaToKobo,
  parseNairaInput,
  payoutFeeKobo,
  type withdrawSchema,
} from "@kolo/domain";
import { Alert } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import type { ReactNode } from "react";
import { z } from "zod";
import { SubmitButton } from "../../components/busy-button";
import { NairaAmountInput } from "../../components/form-inputs";
import type { PaymentReview } from "../../components/payment-review-dialog";
import { useMe } from "../../lib/queries";
import { BankAccountPicker } from "./bank-account-picker";
import { PayoutSummary } from "./payout-summary";

/** The picker's value is the account id as text ('' or null: none chosen). */
const bankAccountField = z.string({ error: PAYOUT_MESSAGES.selectBankAccount }).transform(Number).pipe(bankTransferSchema.shape.bankAccountId);

type AmountSchema = (typeof withdrawSchema)["shape"]["amount"] | (typeof bankTransferSchema)["shape"]["amount"];

/**
 * The form of a payout (/withdraw, /transfer/bank): a saved account and an amount, validated with
 * the domain's schema of that payout (its amount rule: 'Minimum withdrawal amount is ₦100'), and
 * the figures the page shows as the amount is typed: fee (1%, min ₦50, max ₦1,000:
 * `payoutFeeKobo`), total, and whether the balance covers it (kobo).
 */
export function usePayoutForm(amountSchema: AmountSchema) {
  const me = useMe();
  const form = useForm<{ bankAccountId: string | null; amount: string }>({
    mode: "controlled",
    initialValues: { bankAccountId: null, amount: "" },
    validate: schemaResolver(z.object({ bankAccountId: bankAccountField, amount: nairaInputText.pipe(amountSchema) }), { sync: true }),
  });
  const parsed = parseNairaInput(form.values.amount);
  const amountKobo = parsed.ok ? parsed.kobo : 0n;
  const feeKobo = amountKobo > 0n ? payoutFeeKobo(amountKobo) : 0n;
  const totalKobo = amountKobo + feeKobo;
  const insufficient = amountKobo > 0n && totalKobo > nairaToKobo(me.balance);
  return { form, parsed, amountKobo, feeKobo, totalKobo, insufficient };
}

/** The review step's lines for a payout to a saved account (kobo in, naira out). */
export function payoutReview(
  account: { bankName: string; accountNumber: string; accountName: string } | undefined,
  amountKobo: bigint,
  feeKobo: bigint,
): PaymentReview {
  return {
    recipient: account ? account.accountName : "Your bank account",
    details: account ? [{ label: "Bank", value: `${account.bankName} ${account.accountNumber}` }] : [],
    amount: koboToNaira(amountKobo),
    fee: koboToNaira(feeKobo),
  };
}

/** The account picker (when there are accounts to pick), the amount and the summary of a payout form. */
export function PayoutFields({
  payout,
  accounts,
  summaryLabel,
  amountDescription,
}: {
  payout: ReturnType<typeof usePayoutForm>;
  /** The saved accounts; null while they load or when there is none (the page shows why instead). */
  accounts: Parameters<typeof BankAccountPicker>[0]["accounts"] | null;
  summaryLabel: string;
  amountDescription?: ReactNode;
}) {
  const { form, parsed, amountKobo, feeKobo } = payout;
  const amountText = form.values.amount;
  return (
    <>
      {accounts ? (
        <BankAccountPicker
          accounts={accounts}
          label="Bank account"
          value={form.values.bankAccountId}
          onChange={(value) => form.setFieldValue("bankAccountId", value)}
          error={form.errors.bankAccountId}
        />
      ) : null}
      <NairaAmountInput
        placeholder="5,000"
        required
        {...(amountDescription ? { description: amountDescription, inputWrapperOrder: ["label", "input", "description", "error"] as const } : {})}
        {...form.getInputProps("amount")}
        // A text that is not an amount says so as it is typed; the amount's rules on submit.
        error={form.errors.amount ?? (amountText.trim() !== "" && !parsed.ok ? parsed.error : undefined)}
      />
      {amountKobo > 0n ? <PayoutSummary label={summaryLabel} amountKobo={amountKobo} feeKobo={feeKobo} /> : null}
    </>
  );
}

/** The end of a bank-transfer form: the insufficient-funds warning (kobo figures) and 'Transfer to Bank'. */
export function TransferToBankSubmit({
  insufficient,
  totalKobo,
  feeKobo,
  busy,
  enabled,
}: {
  insufficient: boolean;
  totalKobo: bigint;
  feeKobo: bigint;
  busy: boolean;
  enabled: boolean;
}) {
  return (
    <>
      {insufficient ? (
        <Alert color="red" variant="light" role="alert">
          Insufficient funds. You need {formatKobo(totalKobo)} (including {formatKobo(feeKobo)} fee).
        </Alert>
      ) : null}
      <SubmitButton busy={busy} disabled={!enabled} describedBy={enabled ? undefined : "bank-transfer-disabled"}>
        Transfer to Bank
      </SubmitButton>
    </>
  );
}
