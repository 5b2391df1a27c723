import {
  PAYOUT_MESSAGES,
  bankTransferSchema,
  formatKobo,
  nairaCodec,
  nairaInputText,
  narrationText,
  parseNairaInput,
  payoutFeeKobo,
  type withdrawSchema,
} from "@kolo/domain";
import { Alert } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import type { ReactNode } from "react";
import { z } from "zod";
import { SubmitButton } from "../../components/busy-button";
import { NairaAmountInput, narrationDetails } from "../../components/form-inputs";
import type { PaymentReview } from "../../components/payment-review-dialog";
import { type MoneySubmitOptions, useMoneyForm } from "../../lib/money-form";
import { useMe } from "../../lib/queries";
import { BankAccountPicker } from "./bank-account-picker";
import { PayoutSummary } from "./payout-summary";

/** The picker's value is the account id as text ('' or null: none chosen). */
const bankAccountField = z.string({ error: PAYOUT_MESSAGES.selectBankAccount }).transform(Number).pipe(bankTransferSchema.shape.bankAccountId);

type AmountSchema = (typeof withdrawSchema)["shape"]["amount"] | (typeof bankTransferSchema)["shape"]["amount"];

/**
 * The figures a payout form shows as the amount is typed (kobo): the amount, the fee (1%, min ₦50,
 * max ₦1,000: `payoutFeeKobo`), the total, and whether the balance (naira, auth.me) covers it; and
 * `fee` in naira (through the naira codec), as the review step shows it and the bank transfer sends it.
 */
export function payoutFigures(amountText: string, balance: number) {
  const parsed = parseNairaInput(amountText);
  const amountKobo = parsed.ok ? parsed.kobo : 0n;
  const feeKobo = amountKobo > 0n ? payoutFeeKobo(amountKobo) : 0n;
  const totalKobo = amountKobo + feeKobo;
  const insufficient = amountKobo > 0n && totalKobo > z.decode(nairaCodec, balance);
  return { parsed, amountKobo, feeKobo, totalKobo, insufficient, fee: z.encode(nairaCodec, feeKobo) };
}

/**
 * The form of a payout to a saved account (/withdraw, /transfer/bank): `useMoneyForm` with the
 * account and the amount validated by the domain's schema of that payout (its amount rule:
 * 'Minimum withdrawal amount is ₦100'), the server's field refusals under the fields, and the
 * figures of `payoutFigures`. The submit handler gets `{bankAccountId, amount}` (amount in kobo).
 */
export function usePayoutForm(amountSchema: AmountSchema, options: MoneySubmitOptions) {
  const me = useMe();
  // `narration`: the bank transfer's optional note (a withdrawal shows no such field and sends none).
  const moneyForm = useMoneyForm(z.object({ bankAccountId: bankAccountField, amount: nairaInputText.pipe(amountSchema), narration: narrationText }), {
    ...options,
    initialValues: { bankAccountId: null as string | null, amount: "", narration: "" },
    serverFieldErrors: true,
  });
  return { ...moneyForm, ...payoutFigures(moneyForm.form.values.amount, me.balance) };
}

/** The review step's lines for a payout to a saved account (naira: the amount as typed, the fee as shown). */
export function payoutReview(
  account: { bankName: string; accountNumber: string; accountName: string } | undefined,
  amount: number,
  fee: number,
  narration?: string,
): PaymentReview {
  return {
    recipient: account ? account.accountName : "Your bank account",
    details: [...(account ? [{ label: "Bank", value: `${account.bankName} ${account.accountNumber}` }] : []), ...narrationDetails(narration)],
    amount,
    fee,
  };
}

/** The account picker (when there are accounts to pick), the amount and the summary of a payout form. */
export function PayoutFields({
  payout,
  accounts,
  summaryLabel,
  amountDescription,
}: {
  payout: Pick<ReturnType<typeof usePayoutForm>, "form" | "parsed" | "amountKobo" | "feeKobo">;
  /** The saved accounts; null while they load or when there is none (the page shows why instead). */
  accounts: Parameters<typeof BankAccountPicker>[0]["accounts"] | null;
  summaryLabel: string;
  amountDescription?: ReactNode;
}) {
  const { form } = payout;
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
      <PayoutAmountFields amountInput={form.getInputProps("amount")} figures={payout} summaryLabel={summaryLabel} amountDescription={amountDescription} />
    </>
  );
}

/**
 * The amount of a payout (`amountInput`: the form's `getInputProps("amount")`) and, once above
 * zero, its summary (amount, fee, total: `figures` from payoutFigures, kobo).
 */
export function PayoutAmountFields({
  amountInput,
  figures,
  summaryLabel,
  amountDescription,
}: {
  amountInput: ReturnType<UseFormReturnType<{ amount: string }>["getInputProps"]>;
  figures: Pick<ReturnType<typeof payoutFigures>, "parsed" | "amountKobo" | "feeKobo">;
  summaryLabel: string;
  amountDescription?: ReactNode;
}) {
  const { parsed, amountKobo, feeKobo } = figures;
  const amountText = String(amountInput.value ?? "");
  return (
    <>
      <NairaAmountInput
        placeholder="5,000"
        required
        {...(amountDescription ? { description: amountDescription, inputWrapperOrder: ["label", "input", "description", "error"] as const } : {})}
        {...amountInput}
        // A text that is not an amount says so as it is typed; the amount's rules on submit.
        error={amountInput.error ?? (amountText.trim() !== "" && !parsed.ok ? parsed.error : undefined)}
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
