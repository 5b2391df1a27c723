import { BENEFICIARY_MESSAGES, PAYOUT_MESSAGES, formatKobo, koboToNaira, nairaToKobo, parseNairaInput, payoutFeeKobo } from "@kolo/domain";
import { Button, Card, Group, Radio, Stack, Text } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { NairaAmountInput } from "../../components/form-inputs";
import { fieldErrors, serverMessage } from "../../lib/errors";
import { useMoneySubmit } from "../../lib/money-form";
import { notify, notifyError } from "../../lib/notify";
import { useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";
import { AccountResolutionFields, useAccountResolution } from "./account-resolution";
import { TransferToBankSubmit } from "./payout-form";
import { PayoutSummary } from "./payout-summary";

const MIN_KOBO = 10_000n;

/**
 * /transfer/bank's 'New recipient' (docs/product.md "Transfers to any bank account"): saved and
 * recent beneficiaries first (picking one fills the form), then a bank and an account number whose
 * holder's name is resolved and shown before paying; amount, fee and total as for a saved account.
 * It goes through the review step and PIN; after a success it offers to save the recipient as a
 * beneficiary when it is not one yet.
 */
export function NewRecipientTransfer({ enabled }: { enabled: boolean }) {
  const me = useMe();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const beneficiaries = trpc.beneficiaries.list.useQuery(undefined, { staleTime: 30_000 });
  const transfer = trpc.transfers.bank.useMutation();
  const save = trpc.beneficiaries.add.useMutation();
  const [bankCode, setBankCode] = useState<string | null>(null);
  const [accountNumber, setAccountNumber] = useState("");
  const [amount, setAmount] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [paid, setPaid] = useState<{ bankCode: string; accountNumber: string; accountName: string; bankName: string } | null>(null);
  const resolution = useAccountResolution({ enabled: true, bankCode, accountNumber });
  const parsed = parseNairaInput(amount);
  const amountKobo = parsed.ok ? parsed.kobo : 0n;
  const feeKobo = amountKobo > 0n ? payoutFeeKobo(amountKobo) : 0n;
  const insufficient = amountKobo > 0n && amountKobo + feeKobo > nairaToKobo(me.balance);
  const money = useMoneySubmit({
    failure: { title: PAYOUT_MESSAGES.transferFailedTitle, message: PAYOUT_MESSAGES.transferFailed, serverMessage: true },
    onCode: {
      VALIDATION: (error) => {
        setErrors(fieldErrors(error));
        notifyError(PAYOUT_MESSAGES.transferFailedTitle, serverMessage(error) ?? PAYOUT_MESSAGES.transferFailed);
      },
    },
    refresh: () => utils.beneficiaries.list.invalidate(),
  });

  const pick = (value: string) => {
    const [code = "", number = ""] = value.split(":");
    setBankCode(code);
    setAccountNumber(number);
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (money.busy || !enabled) return;
    const found: Record<string, string> = {};
    if (!resolution.bank) found.bankCode = "Please select a bank";
    if (!resolution.complete) found.accountNumber = "Account number must be 10 digits";
    else if (!resolution.resolvedName) found.accountName = "The account name is not confirmed yet";
    if (!parsed.ok) found.amount = parsed.error;
    else if (amountKobo < MIN_KOBO) found.amount = PAYOUT_MESSAGES.minimumWithdrawal;
    setErrors(found);
    const bank = resolution.bank;
    if (Object.keys(found).length > 0 || !bank) return;
    if (insufficient) {
      notifyError(PAYOUT_MESSAGES.insufficientBalanceTitle, PAYOUT_MESSAGES.insufficientBalanceTransfer(amountKobo + feeKobo, feeKobo));
      return;
    }
    const recipient = { bankCode: bank.code, bankName: bank.name, accountNumber, accountName: resolution.resolvedName };
    await money.submit(
      `new:${bank.code}:${accountNumber}|${amountKobo}`,
      (idempotencyKey, transactionPin) =>
        transfer.mutateAsync({
          bankCode: bank.code,
          accountNumber,
          amount: koboToNaira(amountKobo),
          transferFee: koboToNaira(feeKobo),
          idempotencyKey,
          transactionPin,
        }),
      async () => {
        notify({
          title: PAYOUT_MESSAGES.transferSuccessTitle,
          message: `${formatKobo(amountKobo)} sent to ${recipient.accountName} (fee ${formatKobo(feeKobo)}).`,
        });
        const known = beneficiaries.data?.some((b) => b.saved && b.bankCode === bank.code && b.accountNumber === accountNumber);
        if (known) await navigate({ to: "/dashboard" });
        else setPaid(recipient);
      },
      {
        recipient: recipient.accountName,
        details: [{ label: "Bank", value: `${bank.name} ${accountNumber}` }],
        amount: koboToNaira(amountKobo),
        fee: koboToNaira(feeKobo),
      },
    );
  };

  if (paid) {
    const saveIt = async () => {
      if (save.isPending) return;
      try {
        await save.mutateAsync({ bankCode: paid.bankCode, accountNumber: paid.accountNumber });
        notify({ title: BENEFICIARY_MESSAGES.saved, message: `${paid.accountName} is in your beneficiaries.` });
        await utils.beneficiaries.list.invalidate();
        await navigate({ to: "/dashboard" });
      } catch (error) {
        notifyError("Beneficiary not saved", serverMessage(error) ?? "Please try again.");
      }
    };
    return (
      <Card component="section" aria-labelledby="save-beneficiary-title">
        <Stack>
          <Text id="save-beneficiary-title" fw={700} component="h2" m={0} fz="lg">
            Save {paid.accountName} as a beneficiary?
          </Text>
          <Text size="sm" c="dimmed">
            {paid.bankName} {paid.accountNumber}. Next time, pick them from your beneficiaries.
          </Text>
          <Group grow>
            <Button variant="default" onClick={() => void navigate({ to: "/dashboard" })}>
              Not now
            </Button>
            <BusyButton busy={save.isPending} busyLabel="Saving..." onClick={() => void saveIt()}>
              Save Beneficiary
            </BusyButton>
          </Group>
        </Stack>
      </Card>
    );
  }

  const listed = beneficiaries.data ?? [];
  const chosen = bankCode && accountNumber ? `${bankCode}:${accountNumber}` : "";
  return (
    <>
      {money.dialog}
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="Transfer to a new recipient">
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
            bankCode={bankCode}
            setBankCode={setBankCode}
            accountNumber={accountNumber}
            setAccountNumber={setAccountNumber}
            errors={errors}
            setErrors={setErrors}
            whose="their"
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
          <TransferToBankSubmit insufficient={insufficient} totalKobo={amountKobo + feeKobo} feeKobo={feeKobo} busy={money.busy} enabled={enabled} />
        </Stack>
      </form>
    </>
  );
}
