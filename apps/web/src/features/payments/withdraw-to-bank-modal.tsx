import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { Link } from "@tanstack/react-router";

/**
 * The dashboard's 'Withdraw to Bank' dialog (docs/product.md#banking-and-withdrawals): Withdraw opens it when the
 * user has no saved bank account, and it offers 'Add Bank Account' (to /bank-accounts); with an
 * account, Withdraw goes straight to /withdraw (docs/decisions.md "Identity and banking screens").
 */
export function WithdrawToBankModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Withdraw to Bank" centered closeButtonProps={{ "aria-label": "Close" }}>
      <Stack>
        <Text size="sm">You have no saved bank account yet. Add the account you want to withdraw to; its name is confirmed with your bank.</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button component={Link} to="/bank-accounts" data-autofocus>
            Add Bank Account
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
