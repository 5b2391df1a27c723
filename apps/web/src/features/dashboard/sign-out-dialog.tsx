import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { BusyButton } from "../../components/busy-button";
import { useLogout } from "../../lib/queries";

/**
 * The header's Log out asks once (docs/product.md "Settings"): a tap by mistake on a phone does not
 * end the session. Confirming signs this device out (POST /api/auth/logout) and goes to /login.
 */
export function SignOutDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { logout, isPending } = useLogout();
  return (
    <Modal opened={opened} onClose={onClose} title="Log out?" centered closeButtonProps={{ "aria-label": "Close" }}>
      <Stack>
        <Text>You will need your e-mail and password to sign in again on this device.</Text>
        <Group justify="flex-end">
          <Button variant="default" size="md" onClick={onClose}>
            Cancel
          </Button>
          <BusyButton size="md" color="red" busy={isPending} busyLabel="Logging out..." onClick={() => void logout()}>
            Log out
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
