import { Group, Radio, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { RouterOutputs } from "../../lib/trpc";

type BankAccount = RouterOutputs["bankAccounts"]["list"][number];

interface BankAccountPickerProps {
  accounts: BankAccount[];
  value: string | null;
  onChange: (value: string) => void;
  label: string;
  description?: string;
  error?: ReactNode;
}

/**
 * One of the saved bank accounts as radio cards, each shown as bank name, account number and
 * account name (docs/product.md#banking-and-withdrawals); the value is the account id as a string.
 */
export function BankAccountPicker({ accounts, value, onChange, label, description, error }: BankAccountPickerProps) {
  return (
    <Radio.Group value={value} onChange={onChange} label={label} description={description} error={error} required>
      <Stack gap="xs" mt="xs">
        {accounts.map((account) => (
          <Radio.Card
            key={account.id}
            value={String(account.id)}
            p="sm"
            radius="md"
            aria-label={`${account.bankName} ${account.accountNumber} ${account.accountName}`}
          >
            <Group wrap="nowrap" gap="sm" align="flex-start">
              <Radio.Indicator aria-hidden="true" mt={2} />
              <Stack gap={0} miw={0}>
                <Text fw={600} size="sm">
                  {account.bankName}
                </Text>
                <Text size="sm">
                  {account.accountNumber} · {account.accountName}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
