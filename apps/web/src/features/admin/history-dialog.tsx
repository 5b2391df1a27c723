import { formatDateTime, formatNaira } from "@kolo/domain";
import { Box, Modal, Text } from "@mantine/core";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { AdminTable } from "./admin-table";
import { StatusBadge } from "./shared";
import { typeLabel } from "./type-label";
import type { AdminUser } from "./shared";

/** History (docs/product.md#admin-console): the user's transactions with date, type, amount, status and details. */
export function HistoryDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const history = trpc.admin.users.transactions.useQuery({ userId: user?.id ?? 0 }, { enabled: user !== null });
  return (
    <Modal
      opened={user !== null}
      onClose={onClose}
      title={user ? `Transaction History: ${user.name}` : "Transaction History"}
      size="xl"
      centered
      closeButtonProps={{ "aria-label": "Close" }}
    >
      <AdminTable
        bare
        label="Transactions"
        minWidth={640}
        verticalSpacing="xs"
        columns={[
          { header: "Date", cell: (tx) => formatDateTime(tx.createdAt) },
          { header: "Type", cell: (tx) => typeLabel(tx.type) },
          { header: "Amount", cell: (tx) => formatNaira(tx.amount) },
          { header: "Status", cell: (tx) => <StatusBadge status={tx.status} /> },
          { header: "Details", cell: (tx) => <Details tx={tx} /> },
        ]}
        rows={history.data}
        rowKey={(tx) => tx.id}
        empty="No transactions found"
        skeletonRows={2}
        error={history.isError ? { title: "Failed to fetch transactions", error: history.error, onRetry: () => void history.refetch() } : null}
      />
    </Modal>
  );
}

type HistoryTransaction = RouterOutputs["admin"]["users"]["transactions"][number];

/** The description, then the phone, network, bank and the account's last four digits when the transaction has them. */
function Details({ tx }: { tx: HistoryTransaction }) {
  return (
    <Box>
      <Text size="sm">{tx.description}</Text>
      {tx.metadata.phoneNumber ? (
        <Text size="xs" c="dimmed">
          Phone: {tx.metadata.phoneNumber}
        </Text>
      ) : null}
      {tx.metadata.network ? (
        <Text size="xs" c="dimmed">
          Network: {tx.metadata.network}
        </Text>
      ) : null}
      {tx.metadata.bankName ? (
        <Text size="xs" c="dimmed">
          Bank: {tx.metadata.bankName}
        </Text>
      ) : null}
      {tx.metadata.accountNumber ? (
        <Text size="xs" c="dimmed">
          Account: ****{tx.metadata.accountNumber.slice(-4)}
        </Text>
      ) : null}
    </Box>
  );
}
