import { formatDateTime, formatNaira } from "@kolo/domain";
import { Badge, Box, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { notify, notifyError } from "../../../lib/notify";
import { useMe } from "../../../lib/queries";
import { type RouterOutputs, trpc } from "../../../lib/trpc";
import { LoadError, adminErrorMessage } from "../shared";
import { PENDING_SHOWN } from "./limits";

type Approval = RouterOutputs["admin"]["approvals"]["list"]["items"][number];
type Decision = "approve" | "reject";

/** The approvals queue's kinds as the card names them. */
const KIND_LABELS: Record<string, string> = {
  adjustment: "Adjustment",
  setting: "Money setting",
  role: "Admin role",
  review_credit: "Review credit",
  forced_move: "Forced move",
};

/**
 * Approvals (docs/admin-security.md "Approvals"): every privileged act one admin asked for waits
 * here (large adjustments, money settings, admin grants, large review credits and forced moves)
 * until an admin other than its requester and its subject approves (it is carried out then) or
 * rejects it, after confirming once. The server refuses anyone else, and an admin of less than 24 hours.
 */
export function PendingApprovals() {
  const me = useMe();
  const utils = trpc.useUtils();
  const list = trpc.admin.approvals.list.useQuery({ status: "pending", page: 1, limit: PENDING_SHOWN });
  const threshold = trpc.admin.adjustments.list.useQuery({ status: "pending" });
  const approve = trpc.admin.approvals.approve.useMutation();
  const reject = trpc.admin.approvals.reject.useMutation();
  const [busyId, setBusyId] = useState<number | null>(null);
  // Approve and Reject ask once before anything is sent (the confirmation names the request).
  const [asking, setAsking] = useState<{ item: Approval; decision: Decision } | null>(null);
  if (list.isError) return <LoadError title="Failed to load pending approvals" error={list.error} onRetry={() => void list.refetch()} />;
  const decide = async (id: number, decision: Decision) => {
    if (busyId !== null) return;
    setBusyId(id);
    try {
      const result = decision === "approve" ? await approve.mutateAsync({ id }) : await reject.mutateAsync({ id });
      notify({ title: decision === "approve" ? "Approved" : "Rejected", message: result.message });
      setAsking(null);
      await utils.admin.invalidate();
    } catch (caught) {
      notifyError("Not decided", adminErrorMessage(caught));
    } finally {
      setBusyId(null);
    }
  };
  const items = list.data?.items;
  return (
    <Card component="section" aria-labelledby="approvals-title">
      <Title id="approvals-title" order={2} size="h4">
        Awaiting Approval
      </Title>
      <Text size="sm" c="dimmed" mt={4}>
        {threshold.data
          ? `A second admin approves credits of ${formatNaira(threshold.data.threshold)} or more (one admin's to one user over 24 hours), money settings and new admins.`
          : " "}
      </Text>
      {items === undefined ? (
        <Skeleton h={40} mt="sm" />
      ) : items.length === 0 ? (
        <Text size="sm" mt="sm">
          Nothing is waiting
        </Text>
      ) : (
        <Stack component="ul" gap="sm" mt="sm" p={0} style={{ listStyle: "none" }}>
          {items.map((a) => (
            <Group component="li" key={a.id} justify="space-between" wrap="wrap" gap="xs">
              <Box>
                <Group gap="xs">
                  <Badge variant="light" color="gray">
                    {KIND_LABELS[a.kind] ?? a.kind}
                  </Badge>
                  <Text size="sm" fw={600}>
                    {a.summary}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {a.subjectName ? `${a.subjectName} · ` : ""}by {a.requestedByName ?? `admin ${a.requestedBy}`} · {formatDateTime(a.createdAt)}
                </Text>
              </Box>
              {a.requestedBy === me.id || a.subjectUserId === me.id ? (
                <Text size="xs" c="dimmed">
                  Another admin must approve it
                </Text>
              ) : (
                <Group gap="xs">
                  <Button size="md" disabled={busyId !== null} onClick={() => setAsking({ item: a, decision: "approve" })}>
                    Approve
                  </Button>
                  <Button size="md" variant="default" disabled={busyId !== null} onClick={() => setAsking({ item: a, decision: "reject" })}>
                    Reject
                  </Button>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking?.decision === "reject" ? "Reject this request?" : "Approve this request?"}
        centered
        closeButtonProps={{ "aria-label": "Close" }}
      >
        {asking ? (
          <Stack>
            <Text>
              {KIND_LABELS[asking.item.kind] ?? asking.item.kind}: {asking.item.summary}
              {asking.item.amount === null ? "" : ` (${formatNaira(asking.item.amount)})`}, asked by{" "}
              {asking.item.requestedByName ?? `admin ${asking.item.requestedBy}`}.
            </Text>
            <Text size="sm">{asking.decision === "approve" ? "Approving carries it out now." : "Rejecting closes it; nothing is carried out."}</Text>
            <Group justify="flex-end">
              <Button variant="default" size="md" onClick={() => setAsking(null)}>
                Cancel
              </Button>
              <Button
                size="md"
                color={asking.decision === "approve" ? "kolo" : "red"}
                loading={busyId !== null}
                onClick={() => void decide(asking.item.id, asking.decision)}
              >
                {asking.decision === "approve" ? "Approve" : "Reject"}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Card>
  );
}
