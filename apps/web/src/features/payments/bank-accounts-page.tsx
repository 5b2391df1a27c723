import { MAX_BANK_ACCOUNTS } from "@kolo/domain";
import { ActionIcon, Alert, Badge, Button, Card, Group, Modal, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { IconBank, IconPlus, IconX } from "../../components/icons";
import { PageHeader } from "../../components/page-header";
import { serverMessage } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { BANK_ACCOUNTS_QUERY_OPTIONS } from "../../lib/query-options";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { AddBankAccountModal } from "./add-bank-account-modal";
import { NoBankAccounts } from "./bank-accounts-load-error";
import { GoodToKnow } from "../../components/good-to-know";

type BankAccount = RouterOutputs["bankAccounts"]["list"][number];

export function BankAccountsPage() {
  const accounts = trpc.bankAccounts.list.useQuery(undefined, BANK_ACCOUNTS_QUERY_OPTIONS);
  const [addOpened, addDialog] = useDisclosure(false);
  const [toDelete, setToDelete] = useState<BankAccount | null>(null);
  const full = (accounts.data?.length ?? 0) >= MAX_BANK_ACCOUNTS;

  return (
    <Stack gap="md">
      <PageHeader
        title="Bank Accounts"
        back="/dashboard"
        right={
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={addDialog.open} disabled={full || !accounts.data} style={{ flexShrink: 0 }}>
            Add New
          </Button>
        }
      />

      <Card component="section" aria-labelledby="saved-accounts-title" padding="md">
        <Text id="saved-accounts-title" component="h2" fw={700} fz="md" m={0} mb="sm">
          Saved accounts
        </Text>
        {accounts.isPending ? (
          <Stack gap="sm" role="status" aria-label="Loading bank accounts">
            <Skeleton h={56} />
            <Skeleton h={56} />
          </Stack>
        ) : accounts.isError ? (
          <Alert color="red" variant="light" title="Error" role="alert">
            <Text size="sm">{serverMessage(accounts.error) ?? "Could not load your bank accounts."}</Text>
            <Button variant="white" color="red" mt="xs" onClick={() => void accounts.refetch()} loading={accounts.isFetching}>
              Retry
            </Button>
          </Alert>
        ) : accounts.data.length === 0 ? (
          <NoBankAccounts
            action={
              <Button variant="light" onClick={addDialog.open}>
                Add Bank Account
              </Button>
            }
          />
        ) : (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }}>
            {accounts.data.map((account) => (
              <Group component="li" key={account.id} justify="space-between" wrap="nowrap" gap="xs" py={4}>
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <ThemeIcon variant="light" radius="xl" aria-hidden="true">
                    <IconBank size={18} />
                  </ThemeIcon>
                  <Stack gap={0} miw={0}>
                    <Text fw={600} size="sm" truncate>
                      {account.bankName}
                    </Text>
                    <Text size="sm">{account.accountNumber}</Text>
                    <Text size="xs" c="dimmed" truncate>
                      {account.accountName}
                    </Text>
                  </Stack>
                </Group>
                <Group gap={4} wrap="nowrap">
                  {account.isVerified ? (
                    <Badge variant="light" tt="none">
                      Verified
                    </Badge>
                  ) : null}
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="xl"
                    aria-label={`Delete ${account.bankName} ${account.accountNumber}`}
                    onClick={() => setToDelete(account)}
                  >
                    <IconX size={18} />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
        {full ? (
          <Text size="xs" c="dimmed" mt="sm">
            You can save at most {MAX_BANK_ACCOUNTS} bank accounts. Delete one to add another.
          </Text>
        ) : null}
      </Card>

      <GoodToKnow
        id="bank-notes-title"
        notes={[
          "Withdrawals and bank transfers go to these accounts only.",
          "The account name is confirmed with your bank before the account is saved.",
          "Verify an account in your own name on the Verification page to reach Level 2.",
          "An account with a withdrawal in progress cannot be deleted until it is done.",
        ]}
      />

      <AddBankAccountModal opened={addOpened} onClose={addDialog.close} />
      <DeleteDialog account={toDelete} onClose={() => setToDelete(null)} />
    </Stack>
  );
}

/** Delete with confirmation; the toast 'Bank Account Removed' or 'Error' with the server's reason. */
function DeleteDialog({ account, onClose }: { account: BankAccount | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const remove = trpc.bankAccounts.remove.useMutation();
  const [shown, setShown] = useState<BankAccount | null>(null);
  // Keep the text while the dialog closes.
  if (account && account !== shown) setShown(account);

  const confirm = async () => {
    if (!account || remove.isPending) return;
    try {
      const result = await remove.mutateAsync({ id: account.id });
      notify({ title: "Bank Account Removed", message: `${account.bankName} ${account.accountNumber}: ${result.message}.` });
      await utils.bankAccounts.list.invalidate();
      onClose();
    } catch (error) {
      notifyError("Error", serverMessage(error) ?? "Unable to remove the bank account. Please try again.");
    }
  };

  return (
    <Modal
      opened={account !== null}
      onClose={() => !remove.isPending && onClose()}
      title="Remove Bank Account"
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <Stack>
        <Text size="sm">
          Remove {shown?.bankName} {shown?.accountNumber} ({shown?.accountName}) from your saved accounts?
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <BusyButton color="red" busy={remove.isPending} busyLabel="Removing..." onClick={() => void confirm()}>
            Remove
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
