import { BANKING_MESSAGES } from "@kolo/domain";
import { Button, Group, Loader, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { BusyButton } from "../../../components/busy-button";
import { OfflineNotice } from "../../../components/offline-notice";
import { domainCode, fieldErrors, serverMessage } from "../../../lib/errors";
import { notify, notifyError } from "../../../lib/notify";
import { isOffline, notifyOffline } from "../../../lib/offline";
import { BANKS_QUERY_OPTIONS, useMe } from "../../../lib/queries";
import { trpc } from "../../../lib/trpc";

interface AddBankAccountModalProps {
  opened: boolean;
  onClose: () => void;
}

const ACCOUNT_NUMBER = /^\d{10}$/;

/**
 * The Add New dialog of /bank-accounts (docs/product.md#banking-and-withdrawals): a bank, a 10-digit
 * number, and the account name, read-only, filled by GET banks/resolve once both are set; 'Add
 * Account' stays disabled until a name is resolved. The server resolves the name again and
 * refuses duplicates and an 11th account; its reasons show under the spec's title 'Error'.
 */
export function AddBankAccountModal({ opened, onClose }: AddBankAccountModalProps) {
  const me = useMe();
  const utils = trpc.useUtils();
  const banks = trpc.banks.list.useQuery(undefined, { ...BANKS_QUERY_OPTIONS, enabled: opened });
  const add = trpc.bankAccounts.add.useMutation();
  const [bankCode, setBankCode] = useState<string | null>(null);
  const [accountNumber, setAccountNumber] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const inFlight = useRef(false);
  // Resolved once the number is complete (one call per number and bank; answers are cached).
  const complete = ACCOUNT_NUMBER.test(accountNumber);
  const resolve = trpc.banks.resolve.useQuery(
    { accountNumber, bankCode: bankCode ?? "" },
    { enabled: opened && complete && bankCode !== null, retry: false, staleTime: 5 * 60_000 },
  );
  const resolvedName = complete && bankCode && resolve.data ? resolve.data.accountName : "";
  const bank = banks.data?.find((b) => b.code === bankCode);
  const resolving = complete && bankCode !== null && resolve.isFetching;

  const close = () => {
    if (add.isPending) return;
    setBankCode(null);
    setAccountNumber("");
    setErrors({});
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current || add.isPending) return;
    const found: Record<string, string> = {};
    if (!bank) found.bankCode = BANKING_MESSAGES.selectBank;
    if (!ACCOUNT_NUMBER.test(accountNumber)) found.accountNumber = BANKING_MESSAGES.accountNumber;
    if (!resolvedName) found.accountName = BANKING_MESSAGES.accountName;
    setErrors(found);
    if (Object.keys(found).length > 0 || !bank) return;
    if (isOffline()) {
      notifyOffline();
      return;
    }
    inFlight.current = true;
    try {
      const saved = await add.mutateAsync({ userId: me.id, bankName: bank.name, bankCode: bank.code, accountNumber, accountName: resolvedName });
      notify({ title: "Bank Account Added", message: `${saved.bankName} ${saved.accountNumber} (${saved.accountName}) was saved.` });
      await utils.bankAccounts.list.invalidate();
      inFlight.current = false;
      close();
    } catch (error) {
      if (!domainCode(error) && isOffline()) notifyOffline();
      else {
        setErrors(fieldErrors(error));
        notifyError("Error", serverMessage(error) ?? "Unable to add the bank account. Please try again.");
      }
    } finally {
      inFlight.current = false;
    }
  };

  const resolveError =
    complete && bankCode && resolve.isError ? (serverMessage(resolve.error) ?? "Could not resolve account name. Please try again.") : undefined;

  return (
    <Modal opened={opened} onClose={close} title="Add Bank Account" centered closeButtonProps={{ "aria-label": "Close" }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <OfflineNotice />
          <Select
            label="Bank"
            placeholder={banks.isPending ? "Loading banks..." : "Select a bank"}
            data={(banks.data ?? []).map((b) => ({ value: b.code, label: b.name }))}
            value={bankCode}
            onChange={(value) => {
              setBankCode(value);
              setErrors((current) => ({ ...current, bankCode: "" }));
            }}
            searchable
            nothingFoundMessage="No bank found"
            required
            error={errors.bankCode || (banks.isError ? (serverMessage(banks.error) ?? "Could not load the bank list.") : undefined)}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Account number"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            placeholder="0123456789"
            required
            value={accountNumber}
            onChange={(event) => {
              setAccountNumber(event.currentTarget.value.replace(/\D/g, "").slice(0, 10));
              setErrors((current) => ({ ...current, accountNumber: "" }));
            }}
            error={errors.accountNumber || resolveError}
          />
          <TextInput
            label="Account name"
            readOnly
            value={resolvedName}
            placeholder={resolving ? "Resolving account name..." : "Filled in automatically"}
            rightSection={resolving ? <Loader size={16} aria-hidden="true" /> : null}
            error={errors.accountName || undefined}
          />
          <Text size="xs" c="dimmed" aria-live="polite">
            {resolving
              ? "Resolving account name..."
              : resolvedName
                ? "Account name confirmed by your bank."
                : "The name comes from your bank once the 10-digit number and the bank are set."}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={add.isPending}>
              Cancel
            </Button>
            <BusyButton type="submit" busy={add.isPending} busyLabel="Adding..." disabled={!resolvedName}>
              Add Account
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
