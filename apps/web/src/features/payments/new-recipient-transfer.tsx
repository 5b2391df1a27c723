import { BANKING_MESSAGES, accountNumberSchema, bankCodeSchema, bankTransferSchema, nairaInputText, narrationText } from "@kolo/domain";
import { Group, Radio, Stack, Text } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { z } from "zod";
import { NarrationInput, narrationDetails } from "../../components/form-inputs";
import { typedNaira, useMoneyForm } from "../../lib/money-form";
import { useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";
import { AccountResolutionFields, useAccountResolution } from "./account-resolution";
import { bankTransferSubmitOptions, notifyTransferSent, transferCovered } from "./bank-transfer";
import { PayoutAmountFields, TransferToBankSubmit, payoutFigures } from "./payout-form";

/**
 * The form's rules are the domain's (docs/product.md "Transfers to any bank account"): the bank
 * and the 10-digit number as the server takes them, the amount as POST /api/transfer/bank reads it
 * ('Minimum withdrawal amount is ₦100'), and the holder's name resolved before paying.
 */
const newRecipientSchema = z
  .object({
    bankCode: bankCodeSchema,
    accountNumber: accountNumberSchema,
    accountName: z.string(),
    amount: nairaInputText.pipe(bankTransferSchema.shape.amount),
    narration: narrationText,
  })
  .superRefine((values, context) => {
    if (accountNumberSchema.safeParse(values.accountNumber).success && values.accountName === "")
      context.addIssue({ code: "custom", path: ["accountName"], message: BANKING_MESSAGES.nameNotConfirmed });
  });

/**
 * /transfer/bank's 'New recipient' (docs/product.md "Transfers to any bank account"): saved and
 * recent beneficiaries first (picking one fills the form), then a bank and an account number whose
 * holder's name is resolved and shown before paying; amount, fee and total as for a saved account.
 * It goes through the review step and PIN; after a success the payment's screen (/done/{reference})
 * offers to save the recipient as a beneficiary, when it is not one yet, once the transfer has completed.
 */
export function NewRecipientTransfer({ enabled }: { enabled: boolean }) {
  const me = useMe();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const beneficiaries = trpc.beneficiaries.list.useQuery(undefined, { staleTime: 30_000 });
  const transfer = trpc.transfers.bank.useMutation();
  const latest = useRef({ totalKobo: 0n, feeKobo: 0n });
  // The recent beneficiaries come from the server's transfers, not from the event stream: read again after a transfer.
  const { form, onSubmit, busy, dialog, submit } = useMoneyForm(newRecipientSchema, {
    ...bankTransferSubmitOptions(latest, () => utils.beneficiaries.list.invalidate()),
    initialValues: { bankCode: "", accountNumber: "", accountName: "", amount: "", narration: "" },
    serverFieldErrors: true,
  });
  const figures = payoutFigures(form.values.amount, me.balance);
  const { feeKobo, totalKobo, insufficient } = figures;
  latest.current = figures;
  const { bankCode, accountNumber } = form.values;
  const resolution = useAccountResolution({ enabled: true, bankCode: bankCode || null, accountNumber });
  const { resolvedName } = resolution;
  // The resolved name is a field of the form: the schema requires it.
  useEffect(() => {
    if (form.values.accountName !== resolvedName) form.setFieldValue("accountName", resolvedName);
  }, [resolvedName, form]);

  const pick = (value: string) => {
    const [code = "", number = ""] = value.split(":");
    form.setValues({ bankCode: code, accountNumber: number });
    form.clearErrors();
  };

  const send = onSubmit(async (values, typed) => {
    const bank = resolution.bank;
    if (!enabled || !bank || !transferCovered(figures)) return;
    const recipient = { bankCode: bank.code, bankName: bank.name, accountNumber: values.accountNumber, accountName: values.accountName };
    await submit(
      `new:${bank.code}:${values.accountNumber}|${values.amount}|${values.narration ?? ""}`,
      (idempotencyKey, transactionPin) =>
        transfer.mutateAsync({
          bankCode: bank.code,
          accountNumber: values.accountNumber,
          amount: typedNaira(typed.amount),
          transferFee: figures.fee,
          narration: values.narration,
          idempotencyKey,
          transactionPin,
        }),
      async (result) => {
        notifyTransferSent(values.amount, feeKobo, recipient.accountName);
        // Saving the recipient is offered on the payment's screen once the transfer has completed.
        const known = beneficiaries.data?.some((b) => b.saved && b.bankCode === bank.code && b.accountNumber === values.accountNumber);
        await navigate({ to: "/done/$reference", params: { reference: result.transaction.reference }, search: known ? {} : { offer: "beneficiary" } });
      },
      {
        recipient: recipient.accountName,
        details: [{ label: "Bank", value: `${bank.name} ${values.accountNumber}` }, ...narrationDetails(values.narration)],
        amount: typedNaira(typed.amount),
        fee: figures.fee,
      },
    );
  });

  const listed = beneficiaries.data ?? [];
  const chosen = bankCode && accountNumber ? `${bankCode}:${accountNumber}` : "";
  return (
    <>
      {dialog}
      <form onSubmit={send} noValidate aria-label="Transfer to a new recipient">
        <Stack>
          {listed.length > 0 ? (
            <Radio.Group label="Beneficiaries" value={chosen} onChange={pick}>
              <Stack gap="xs" mt="xs">
                {listed.map((b) => (
                  <Radio.Card key={`${b.bankCode}:${b.accountNumber}`} value={`${b.bankCode}:${b.accountNumber}`} p="sm" radius="md">
                    <Group wrap="nowrap" gap="sm">
                      <Radio.Indicator />
                      <div>
                        <Text fw={600} size="sm">
                          {b.accountName}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {b.bankName} {b.accountNumber}
                          {b.saved ? "" : " · recent"}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                ))}
              </Stack>
            </Radio.Group>
          ) : null}
          <AccountResolutionFields
            resolution={resolution}
            bankCode={bankCode || null}
            setBankCode={(code) => form.setFieldValue("bankCode", code ?? "")}
            accountNumber={accountNumber}
            setAccountNumber={(number) => {
              form.setFieldValue("accountNumber", number);
              form.clearFieldError("accountName");
            }}
            errors={form.errors}
            whose="their"
          />
          <PayoutAmountFields amountInput={form.getInputProps("amount")} figures={figures} summaryLabel="Transfer summary" />
          <NarrationInput {...form.getInputProps("narration")} />
          <TransferToBankSubmit insufficient={insufficient} totalKobo={totalKobo} feeKobo={feeKobo} busy={busy} enabled={enabled} />
        </Stack>
      </form>
    </>
  );
}
