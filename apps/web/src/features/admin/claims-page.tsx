import { CLAIM_REASON_LABELS, CLAIM_STATUS_LABELS, formatDateTime, formatNaira } from "@kolo/domain";
import { Alert, Badge, Button, Group, Modal, NumberInput, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { notify } from "../../lib/notify";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { AdminTable } from "./admin-table";
import { adminErrorMessage } from "./shared";

type Claim = RouterOutputs["claims"]["adminList"]["claims"][number];

/**
 * /admin/claims (docs/product.md "Fraud claims"): every fraud claim, newest first, with its
 * deadlines; 'Open' shows the claim and the recipient's wallet, where an admin places a lien (up to
 * the claimed amount and the recipient's balance), then refunds the claimant from it or releases it.
 * A refund or release at or above the approval threshold waits for a second admin (/admin/approvals).
 */
export function AdminClaimsPage() {
  const claims = trpc.claims.adminList.useQuery();
  const [openId, setOpenId] = useState<number | null>(null);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Fraud Claims
      </Title>
      <Text size="sm" c="dimmed">
        Answer within 24 hours and decide within 14 working days of a report (CBN exposure draft on authorised-push-payment fraud).
      </Text>
      <AdminTable<Claim>
        label="Fraud claims"
        minWidth={1100}
        columns={[
          { header: "Reported" },
          { header: "Reference" },
          { header: "Claimant" },
          { header: "Reason" },
          { header: "Amount" },
          { header: "Status" },
          { header: "Decision by" },
          { header: "Action" },
        ]}
        rows={claims.data?.claims}
        rowKey={(claim) => claim.id}
        empty="No fraud claims"
        fetching={claims.isFetching}
        error={claims.isError ? { title: "Failed to load the claims", error: claims.error, onRetry: () => void claims.refetch() } : null}
        renderRow={(claim) => (
          <Table.Tr key={claim.id}>
            <Table.Td>{formatDateTime(claim.createdAt)}</Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace" style={{ wordBreak: "break-all" }}>
                {claim.reference}
              </Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{claim.userName}</Text>
              <Text size="xs" c="dimmed">
                {claim.userEmail}
              </Text>
            </Table.Td>
            <Table.Td>{CLAIM_REASON_LABELS[claim.reason]}</Table.Td>
            <Table.Td>{formatNaira(claim.amount)}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={claim.status === "open" ? "orange" : claim.status === "lien" ? "yellow" : "gray"}>
                {CLAIM_STATUS_LABELS[claim.status]}
              </Badge>
            </Table.Td>
            <Table.Td>{formatDateTime(claim.decisionBy)}</Table.Td>
            <Table.Td>
              <Button size="md" variant="light" onClick={() => setOpenId(claim.id)} aria-label={`Open the claim on ${claim.reference}`}>
                Open
              </Button>
            </Table.Td>
          </Table.Tr>
        )}
      />
      <Modal opened={openId !== null} onClose={() => setOpenId(null)} title="Fraud claim" size="lg" centered closeButtonProps={{ "aria-label": "Close" }}>
        {openId === null ? null : <ClaimDetail id={openId} />}
      </Modal>
    </Stack>
  );
}

function ClaimDetail({ id }: { id: number }) {
  const utils = trpc.useUtils();
  const detail = trpc.claims.adminById.useQuery({ id });
  const [amount, setAmount] = useState<string | number>("");
  const refresh = () => Promise.all([utils.claims.adminById.invalidate({ id }), utils.claims.adminList.invalidate()]);
  const lien = trpc.claims.lien.useMutation({
    onSuccess: async () => {
      notify({ title: "Lien placed", message: "The money is held on the recipient's wallet." });
      await refresh();
    },
  });
  const onEnded = async (answer: { pending: boolean; message?: string }, done: string) => {
    notify(answer.pending ? { title: "Awaiting Approval", message: answer.message ?? "" } : { title: done, message: "The claim's ticket is resolved." });
    await refresh();
  };
  const refund = trpc.claims.refund.useMutation({ onSuccess: (answer) => onEnded(answer, "Claimant refunded") });
  const release = trpc.claims.release.useMutation({ onSuccess: (answer) => onEnded(answer, "Lien released") });
  const failure = lien.error ?? refund.error ?? release.error;
  if (!detail.data) return <Text role="status">Loading...</Text>;
  const { claim, recipient } = detail.data;
  return (
    <Stack gap="sm">
      <Text size="sm">
        <strong>{claim.userName}</strong> ({claim.userEmail}) reported {claim.reference}: {CLAIM_REASON_LABELS[claim.reason]}
      </Text>
      <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
        {claim.details}
      </Text>
      <Text size="sm">
        Amount {formatNaira(claim.amount)} · Status <strong>{CLAIM_STATUS_LABELS[claim.status]}</strong>
        {claim.lienAmount > 0 ? ` · Lien ${formatNaira(claim.lienAmount)}` : ""}
      </Text>
      <Text size="sm">
        Answer by {formatDateTime(claim.answerBy)} · Decision by {formatDateTime(claim.decisionBy)}
      </Text>
      {recipient ? (
        <Text size="sm" data-testid="claim-recipient">
          Recipient {recipient.name} ({recipient.email}){recipient.wallet === "merchant" ? ", merchant wallet" : ""}: balance {formatNaira(recipient.balance)},
          held {formatNaira(recipient.held)}
        </Text>
      ) : (
        <Alert color="gray">The money left Kolo: no wallet to place a lien on.</Alert>
      )}
      {recipient && claim.status === "open" ? (
        <Stack
          component="form"
          gap="xs"
          onSubmit={(event) => {
            event.preventDefault();
            if (typeof amount === "number" && amount > 0) lien.mutate({ id, amount });
          }}
        >
          <NumberInput
            label="Lien amount (₦)"
            description={`At most ${formatNaira(Math.min(claim.amount, recipient.balance))}`}
            value={amount}
            onChange={setAmount}
            min={0}
            step={0.01}
            decimalScale={2}
            thousandSeparator=","
            hideControls
            size="md"
          />
          <Button type="submit" size="md" loading={lien.isPending} disabled={!(typeof amount === "number" && amount > 0)}>
            Place lien
          </Button>
        </Stack>
      ) : null}
      {claim.status === "lien" ? (
        <Group>
          <Button size="md" loading={refund.isPending} onClick={() => refund.mutate({ id })}>
            Refund claimant
          </Button>
          <Button size="md" variant="default" loading={release.isPending} onClick={() => release.mutate({ id })}>
            Release lien
          </Button>
        </Group>
      ) : null}
      {failure ? (
        <Text c="red.9" size="sm" role="alert">
          {adminErrorMessage(failure)}
        </Text>
      ) : null}
    </Stack>
  );
}
