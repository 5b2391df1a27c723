import { ADMIN_MESSAGES, formatNaira } from "@kolo/domain";
import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { newIdempotencyKey } from "../../lib/idempotency";
import { notify, notifyError } from "../../lib/notify";
import { isOffline, notifyOffline } from "../../lib/offline";
import { trpc } from "../../lib/trpc";
import { adminErrorMessage } from "./shared";
import type { AdminUser } from "./shared";

/**
 * The four-eyes rule as the dialog states it (docs/admin-security.md "Four eyes on large
 * adjustments"): the sum counted is this admin's adjustments to this user over 24 hours.
 */
const approvalRule = (kind: "credit" | "debit", threshold: number) =>
  `${kind === "credit" ? "Credits" : "Debits"} that bring yours to this user to ${formatNaira(threshold)} or more within 24 hours wait for a second admin.`;

/**
 * Credit/Debit (docs/product.md#admin-console): amount > 0 (step 0.01), optional description, the
 * current balance; beside them the approval threshold, and a notice when the amount alone reaches it.
 */
export function WalletDialog({ dialog, onClose }: { dialog: { kind: "credit" | "debit"; user: AdminUser } | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const mutation = trpc.admin.users.wallet.useMutation();
  const [amount, setAmount] = useState<string | number>("");
  const [description, setDescription] = useState("");
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const opened = dialog !== null;

  useEffect(() => {
    if (!opened) return;
    setAmount("");
    setDescription("");
    setError(null);
    key.current = newIdempotencyKey();
  }, [opened]);

  const kind = dialog?.kind ?? "credit";
  const title = kind === "credit" ? "Credit Wallet" : "Debit Wallet";
  // The four-eyes threshold in naira (GET /api/admin/adjustments answers it with the queue).
  const threshold = trpc.admin.adjustments.list.useQuery({ status: "pending" }, { enabled: opened }).data?.threshold;
  const typed = typeof amount === "number" ? amount : Number.parseFloat(amount);
  const waits = threshold !== undefined && Number.isFinite(typed) && typed >= threshold;

  const submit = async () => {
    if (!dialog || mutation.isPending) return;
    const value = typeof amount === "number" ? amount : Number.parseFloat(amount);
    if (!Number.isFinite(value) || value <= 0) {
      setError(ADMIN_MESSAGES.amountPositive);
      return;
    }
    if (isOffline()) {
      notifyOffline();
      return;
    }
    try {
      const result = await mutation.mutateAsync({ userId: dialog.user.id, amount: value, description, type: kind, idempotencyKey: key.current });
      // At or above the approval threshold nothing moves yet: another admin approves it on the dashboard.
      if (result.pending) notify({ title: "Awaiting Approval", message: result.message });
      else
        notify({
          title: ADMIN_MESSAGES.walletUpdated,
          message: `${formatNaira(value)} ${kind === "credit" ? "credited to" : "debited from"} ${dialog.user.name}.`,
        });
      await Promise.all([utils.admin.users.invalidate(), utils.admin.stats.invalidate(), utils.admin.adjustments.invalidate()]);
      onClose();
    } catch (caught) {
      notifyError("Failed to update wallet", adminErrorMessage(caught));
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ "aria-label": "Close" }}>
      {dialog ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack>
            <Text size="sm">
              {dialog.user.name} · {dialog.user.email}
            </Text>
            <Text size="sm">
              Current balance: <strong>{formatNaira(dialog.user.balance)}</strong>
            </Text>
            <NumberInput
              label="Amount (₦)"
              value={amount}
              onChange={(value) => {
                setAmount(value);
                setError(null);
              }}
              min={0}
              step={0.01}
              decimalScale={2}
              thousandSeparator=","
              hideControls
              error={error}
              description={threshold === undefined ? undefined : approvalRule(kind, threshold)}
              data-autofocus
              size="md"
            />
            {waits ? (
              <Alert color="yellow" role="status" title="Needs a second admin">
                {`This ${kind} will wait for another admin's approval; no money moves until then.`}
              </Alert>
            ) : null}
            <TextInput
              label="Description"
              placeholder={kind === "credit" ? ADMIN_MESSAGES.defaultCredit : ADMIN_MESSAGES.defaultDebit}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              maxLength={200}
              size="md"
            />
            <Group justify="flex-end">
              <Button variant="default" size="md" onClick={onClose}>
                Cancel
              </Button>
              <BusyButton type="submit" size="md" color={kind === "credit" ? undefined : "orange"} busy={mutation.isPending} busyLabel="Processing...">
                {title}
              </BusyButton>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
