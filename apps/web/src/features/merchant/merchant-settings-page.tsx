import { MERCHANT_MESSAGES, MONEY_TOASTS, formatNaira, parseNairaInput } from "@kolo/domain";
import { Alert, Button, Card, Stack, Switch, Text, TextInput, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { NairaAmountInput } from "../../components/form-inputs";
import { PageHeader } from "../../components/page-header";
import { PageLoader } from "../../components/page-loader";
import { fieldErrors, serverMessage } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { AccountResolutionFields, useAccountResolution } from "../payments/account-resolution";

type Settings = {
  businessName: string;
  settlementAccount: { bankCode: string; bankName: string; accountNumber: string; accountName: string } | null;
  settlementFloat: number;
  autoSettle: boolean;
  balance: number;
};

/**
 * /merchant/settings (docs/product.md "Settlement"): the business name; the settlement bank account
 * (resolved by the bank; the server checks the name against the owner's BVN); the float kept on the
 * merchant balance and the daily automatic settlement at 17:00 Lagos time of what is above it.
 */
export function MerchantSettingsPage() {
  const settings = trpc.merchants.settings.useQuery(undefined, { retry: false });
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) {
    return (
      <Stack gap="md">
        <PageHeader title="Merchant Settings" back="/merchant/dashboard" />
        <Alert color="red" title="Error" role="alert">
          {serverMessage(settings.error) ?? "Could not load your merchant settings."}
        </Alert>
      </Stack>
    );
  }
  return <SettingsForm settings={settings.data} />;
}

function SettingsForm({ settings }: { settings: Settings }) {
  const utils = trpc.useUtils();
  const update = trpc.merchants.updateSettings.useMutation();
  const [businessName, setBusinessName] = useState(settings.businessName);
  const [floatText, setFloatText] = useState(String(settings.settlementFloat));
  const [autoSettle, setAutoSettle] = useState(settings.autoSettle);
  const [changingAccount, setChangingAccount] = useState(settings.settlementAccount === null);
  const [bankCode, setBankCode] = useState<string | null>(null);
  const [accountNumber, setAccountNumber] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const resolution = useAccountResolution({ enabled: changingAccount, bankCode, accountNumber });

  const save = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const float = parseNairaInput(floatText === "" ? "0" : floatText);
    if (!float.ok) {
      setErrors({ settlementFloat: float.error });
      return;
    }
    const account = changingAccount && bankCode && accountNumber ? { bankCode, accountNumber } : undefined;
    if (changingAccount && (bankCode || accountNumber) && !account) {
      setErrors({ accountNumber: "Please select a bank and enter the 10-digit account number" });
      return;
    }
    setErrors({});
    try {
      const saved = await update.mutateAsync({ businessName, settlementFloat: float.naira, autoSettle, ...(account ? { settlementAccount: account } : {}) });
      utils.merchants.settings.setData(undefined, saved);
      await utils.merchants.me.invalidate();
      if (account) setChangingAccount(false);
      notify({
        title: MERCHANT_MESSAGES.settingsSaved,
        message: saved.settlementAccount ? `Settlement account: ${saved.settlementAccount.accountName}` : "Your settings are saved",
      });
    } catch (error) {
      const fields = fieldErrors(error);
      const message = serverMessage(error) ?? "Could not save your settings. Please try again.";
      setErrors({ ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key === "settlementAccount" ? "accountNumber" : key, String(value)])) });
      notifyError(MONEY_TOASTS.errorTitle, message);
    }
  };

  return (
    <Stack gap="md">
      <PageHeader title="Merchant Settings" back="/merchant/dashboard" />
      <form onSubmit={(event) => void save(event)} noValidate>
        <Stack gap="md">
          <Card component="section" aria-labelledby="business-title">
            <Stack gap="sm">
              <Title id="business-title" order={2} size="h5">
                Business
              </Title>
              <TextInput
                label="Business name"
                value={businessName}
                onChange={(e) => setBusinessName(e.currentTarget.value)}
                maxLength={100}
                error={errors.businessName}
                required
              />
            </Stack>
          </Card>
          <Card component="section" aria-labelledby="settlement-title">
            <Stack gap="sm">
              <Title id="settlement-title" order={2} size="h5">
                Settlement account
              </Title>
              {settings.settlementAccount && !changingAccount ? (
                <>
                  <Text>
                    {settings.settlementAccount.accountName}, {settings.settlementAccount.bankName} ••••{settings.settlementAccount.accountNumber.slice(-4)}
                  </Text>
                  <Button variant="light" onClick={() => setChangingAccount(true)}>
                    Change settlement account
                  </Button>
                </>
              ) : (
                <>
                  <Text size="sm" c="dimmed">
                    The account holder's name must match the name on your BVN.
                  </Text>
                  <AccountResolutionFields
                    resolution={resolution}
                    bankCode={bankCode}
                    setBankCode={setBankCode}
                    accountNumber={accountNumber}
                    setAccountNumber={setAccountNumber}
                    errors={errors}
                    setErrors={setErrors}
                    whose="your"
                  />
                </>
              )}
            </Stack>
          </Card>
          <Card component="section" aria-labelledby="auto-title">
            <Stack gap="sm">
              <Title id="auto-title" order={2} size="h5">
                Automatic settlement
              </Title>
              <Text size="sm" c="dimmed">
                Every day at 17:00 (Lagos time) the balance above your float is paid to your settlement account. Fee 1% (₦50 to ₦1,000).
              </Text>
              <NairaAmountInput
                label="Float to keep (NGN)"
                value={floatText}
                onChange={(e: React.ChangeEvent<HTMLInputElement>) => setFloatText(e.currentTarget.value)}
                error={errors.settlementFloat}
              />
              <Switch
                size="md"
                styles={{ body: { minHeight: 44 } }}
                label="Settle automatically every day"
                checked={autoSettle}
                onChange={(e) => setAutoSettle(e.currentTarget.checked)}
                error={errors.autoSettle}
              />
              <Text size="sm">Merchant balance: {formatNaira(settings.balance)}</Text>
            </Stack>
          </Card>
          <BusyButton type="submit" busy={update.isPending} busyLabel="Saving...">
            Save Settings
          </BusyButton>
          <Button component={Link} to="/merchant/withdraw" variant="default">
            Pay out now
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
