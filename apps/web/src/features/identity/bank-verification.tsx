import { Button, Skeleton, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { FeatureDisabledHint } from "../../components/feature-disabled";
import { domainCode, serverMessage } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { isOffline, notifyOffline } from "../../lib/offline";
import { BANK_ACCOUNTS_QUERY_OPTIONS, useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";
import { BankAccountPicker } from "../payments/bank-account-picker";
import { BankAccountsLoadError } from "../payments/bank-accounts-load-error";

interface BankVerificationProps {
  enabled: boolean;
  /** After a verified account (the page moves to Overview). */
  onVerified: () => void;
}

const FALLBACK_ERROR = "Unable to verify your bank account. Please try again.";

/**
 * Bank-account verification (docs/product.md#banking-and-withdrawals): the user picks one of the saved accounts
 * ('No Bank Account Selected' otherwise; a single saved account is selected already); its name must match the profile name. Refusals by code:
 * RULE_VIOLATION 'Bank Account Verification Failed' with the server's reason, NOT_FOUND or a
 * provider outage 'Account Verification Failed', a network failure 'Verification Error'.
 */
export function BankVerification({ enabled, onVerified }: BankVerificationProps) {
  const me = useMe();
  const utils = trpc.useUtils();
  const accounts = trpc.bankAccounts.list.useQuery(undefined, BANK_ACCOUNTS_QUERY_OPTIONS);
  const verify = trpc.verification.bankAccount.useMutation();
  const [picked, setSelected] = useState<string | null>(null);
  // A user with exactly one saved account has nothing to choose: it is selected for them.
  const selected = picked ?? (accounts.data?.length === 1 ? String(accounts.data[0]!.id) : null);
  const inFlight = useRef(false);

  const submit = async () => {
    if (inFlight.current || verify.isPending || !enabled) return;
    if (!selected) {
      notifyError("No Bank Account Selected", "Please select a bank account to verify.");
      return;
    }
    if (isOffline()) {
      notifyOffline();
      return;
    }
    inFlight.current = true;
    try {
      const result = await verify.mutateAsync({ bankAccountId: Number(selected) });
      notify({ title: "Bank Account Verified", message: result.message });
      await Promise.all([
        utils.verification.status.invalidate(),
        utils.verification.transactionLimit.invalidate(),
        utils.auth.me.invalidate(),
        utils.bankAccounts.list.invalidate(),
      ]);
      onVerified();
    } catch (error) {
      const code = domainCode(error);
      if (!code && isOffline()) notifyOffline();
      else if (code === "RULE_VIOLATION") notifyError("Bank Account Verification Failed", serverMessage(error) ?? FALLBACK_ERROR);
      else if (code) notifyError("Account Verification Failed", serverMessage(error) ?? FALLBACK_ERROR);
      else notifyError("Verification Error", FALLBACK_ERROR);
    } finally {
      inFlight.current = false;
    }
  };

  if (accounts.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading bank accounts">
        <Skeleton h={56} />
        <Skeleton h={56} />
      </Stack>
    );
  }
  if (accounts.isError) {
    return <BankAccountsLoadError accounts={accounts} />;
  }
  if (accounts.data.length === 0) {
    return (
      <Stack>
        <Text size="sm">Add the bank account in your name ({me.name}) first, then come back to verify it.</Text>
        <Button component={Link} to="/bank-accounts" variant="light">
          Add Bank Account
        </Button>
      </Stack>
    );
  }
  return (
    <Stack>
      <BankAccountPicker
        accounts={accounts.data}
        value={selected}
        onChange={setSelected}
        label="Choose the account to verify"
        description={`The account name must match your profile name (${me.name}).`}
      />
      <BusyButton
        size="md"
        fullWidth
        busy={verify.isPending}
        busyLabel="Verifying..."
        onClick={() => void submit()}
        disabled={!enabled}
        aria-describedby={enabled ? undefined : "bank-verification-disabled"}
      >
        Verify Bank Account
      </BusyButton>
      {enabled ? null : <FeatureDisabledHint id="bank-verification-disabled" />}
      <Button component={Link} to="/bank-accounts" variant="subtle">
        Manage bank accounts
      </Button>
    </Stack>
  );
}
