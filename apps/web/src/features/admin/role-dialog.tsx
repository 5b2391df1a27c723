import { ADMIN_MESSAGES } from "@kolo/domain";
import { Button, Group, Modal, NativeSelect, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { notify, notifyError } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { adminErrorMessage } from "./shared";
import type { AdminUser } from "./shared";

const ROLE_LABELS = { personal: "Personal", merchant: "Merchant", admin: "Admin" } as const;

/**
 * Grant or revoke the admin role (PATCH /api/admin/users/{id}/role; docs/admin-security.md): a new
 * admin sets up the second factor at their next sign-in. Granting the admin role waits for a second
 * admin's approval ("Approvals"). The server refuses one's own role.
 */
export function RoleDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const mutation = trpc.admin.users.role.useMutation();
  const [role, setRole] = useState<keyof typeof ROLE_LABELS>("personal");
  useEffect(() => {
    if (user) setRole(user.role);
  }, [user]);

  const confirm = async () => {
    if (!user || mutation.isPending) return;
    try {
      const answer = await mutation.mutateAsync({ userId: user.id, role });
      // Granting the admin role waits for a second admin (docs/admin-security.md "Approvals").
      if (answer.pending) notify({ title: "Awaiting Approval", message: answer.message });
      else notify({ title: ADMIN_MESSAGES.roleUpdated, message: `${user.name} is now ${ROLE_LABELS[role].toLowerCase()}.` });
      await utils.admin.users.invalidate();
      onClose();
    } catch (caught) {
      notifyError("Failed to update role", adminErrorMessage(caught));
    }
  };

  return (
    <Modal opened={user !== null} onClose={onClose} title="Change Role" centered closeButtonProps={{ "aria-label": "Close" }}>
      {user ? (
        <Stack>
          <NativeSelect
            label={`Role of ${user.name}`}
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as keyof typeof ROLE_LABELS)}
            data={Object.entries(ROLE_LABELS).map(([value, label]) => ({ value, label }))}
            size="md"
          />
          {role === "admin" && user.role !== "admin" ? (
            <Text size="sm">
              An admin can credit any wallet, so another admin must approve this. {user.name} will set up a second factor at their next sign-in.
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={onClose}>
              Cancel
            </Button>
            <BusyButton size="md" busy={mutation.isPending} busyLabel="Updating..." disabled={role === user.role} onClick={() => void confirm()}>
              Save Role
            </BusyButton>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
