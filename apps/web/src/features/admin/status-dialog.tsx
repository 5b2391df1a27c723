import { ADMIN_MESSAGES } from "@kolo/domain";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { BusyButton } from "../../components/busy-button";
import { notify, notifyError } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { adminErrorMessage } from "./shared";
import type { AdminUser } from "./shared";

/** Suspend/Activate confirmation (docs/product.md#admin-console); Activate also unlocks a locked account. */
export function StatusDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const mutation = trpc.admin.users.status.useMutation();
  const suspending = user?.status === "active";
  const title = suspending ? "Suspend User" : "Activate User";

  const confirm = async () => {
    if (!user || mutation.isPending) return;
    try {
      await mutation.mutateAsync({ userId: user.id, status: suspending ? "suspended" : "active" });
      notify({ title: ADMIN_MESSAGES.userStatusUpdated, message: `${user.name} is now ${suspending ? "suspended" : "active"}.` });
      await utils.admin.users.invalidate();
      onClose();
    } catch (caught) {
      notifyError("Failed to update user status", adminErrorMessage(caught));
    }
  };

  return (
    <Modal opened={user !== null} onClose={onClose} title={title} centered closeButtonProps={{ "aria-label": "Close" }}>
      {user ? (
        <Stack>
          <Text>
            {suspending
              ? `Are you sure you want to suspend ${user.name}? The user will not be able to access their account or make any transactions.`
              : user.status === "locked"
                ? `Are you sure you want to activate ${user.name}? The account is locked after failed sign-ins; activating unlocks it and resets the failed sign-in count.`
                : `Are you sure you want to activate ${user.name}? The user will be able to access their account and transact again.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={onClose}>
              Cancel
            </Button>
            <BusyButton size="md" color={suspending ? "red" : "kolo"} busy={mutation.isPending} busyLabel="Updating..." onClick={() => void confirm()}>
              {suspending ? "Suspend" : "Activate"}
            </BusyButton>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
