import { formatDateTime, formatNaira } from "@kolo/domain";
import { Box, Modal, Skeleton, Stack, Table, Text } from "@mantine/core";
import { trpc } from "../../lib/trpc";
import { LoadError, ScrollTable, StatusBadge, TYPE_LABELS } from "./shared";
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
      {history.isError ? (
        <LoadError title="Failed to fetch transactions" error={history.error} onRetry={() => void history.refetch()} />
      ) : !history.data ? (
        <Stack gap="xs" role="status" aria-label="Loading">
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : history.data.length === 0 ? (
        <Text c="dimmed">No transactions found</Text>
      ) : (
        <ScrollTable label="Transactions" minWidth={640}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Details</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((tx) => (
                <Table.Tr key={tx.id}>
                  <Table.Td>{formatDateTime(tx.createdAt)}</Table.Td>
                  <Table.Td>{TYPE_LABELS[tx.type] ?? tx.type}</Table.Td>
                  <Table.Td>{formatNaira(tx.amount)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={tx.status} />
                  </Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Modal>
  );
}
