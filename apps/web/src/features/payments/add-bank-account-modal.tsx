import { BANKING_MESSAGES } from "@kolo/domain";
import { Button, Group, Modal, Stack } from "@mantine/core";
import { type FormEvent, useRef, useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { OfflineNotice } from "../../components/offline-notice";
import { domainCode, fieldErrors, serverMessage } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { isOffline, notifyOffline } from "../../lib/offline";
import { useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";
import { AccountResolutionFields, useAccountResolution } from "./account-resolution";

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
  const add = trpc.bankAccounts.add.useMutation();
  const [bankCode, setBankCode] = useState<string | null>(null);
  const [accountNumber, setAccountNumber] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const inFlight = useRef(false);
  const resolution = useAccountResolution({ enabled: opened, bankCode, accountNumber });
  const { bank, resolvedName } = resolution;

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

  return (
    <Modal opened={opened} onClose={close} title="Add Bank Account" centered closeButtonProps={{ "aria-label": "Close" }}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          <OfflineNotice />
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
