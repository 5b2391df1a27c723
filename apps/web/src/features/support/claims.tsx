import {
  CLAIM_DETAILS_MAX,
  CLAIM_MESSAGES,
  CLAIM_REASONS,
  CLAIM_REASON_LABELS,
  CLAIM_STATUS_LABELS,
  type ClaimReason,
  formatDateTime,
  formatNaira,
  withinClaimWindow,
} from "@kolo/domain";
import { Badge, Button, Card, Group, Modal, Radio, Stack, Text, Textarea, Title } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { serverMessage } from "../../lib/errors";
import { notify } from "../../lib/notify";
import { type RouterOutputs, trpc } from "../../lib/trpc";

type Receipt = RouterOutputs["receipts"]["get"];
type Claim = RouterOutputs["claims"]["mine"]["claims"][number];

/**
 * Whether the receipt offers 'Report a problem' (docs/product.md "Fraud claims"): the user's own
 * money out (not an admin debit), not failed or reversed, less than 72 hours old. The server
 * decides again on the report.
 */
export const reportable = (receipt: Pick<Receipt, "direction" | "type" | "status" | "createdAt">, now = new Date()): boolean =>
  receipt.direction === "debit" &&
  receipt.type !== "other" &&
  receipt.type !== "topup" &&
  !/failed|reversed/i.test(receipt.status) &&
  withinClaimWindow(new Date(receipt.createdAt), now);

/**
 * 'Report a problem' on a receipt: a dialog asking what happened (the three reasons) and the
 * details, sent to POST /api/transactions/{reference}/claims; on success the claim is shown in
 * /support with its deadlines.
 */
export function ReportProblem({ reference }: { reference: string }) {
  const [opened, dialog] = useDisclosure(false);
  const [reason, setReason] = useState<ClaimReason | null>(null);
  const [details, setDetails] = useState("");
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const report = trpc.claims.report.useMutation({
    onSuccess: async () => {
      notify({ title: CLAIM_MESSAGES.submitted, message: CLAIM_MESSAGES.submittedDescription });
      dialog.close();
      await Promise.all([utils.claims.mine.invalidate(), utils.supportTickets.invalidate()]);
      await navigate({ to: "/support" });
    },
  });
  const tooShort = details.trim().length < 10;
  return (
    <>
      <Button variant="subtle" color="red.9" onClick={dialog.open}>
        {CLAIM_MESSAGES.reportButton}
      </Button>
      <Modal opened={opened} onClose={dialog.close} title={CLAIM_MESSAGES.dialogTitle} closeButtonProps={{ "aria-label": "Close" }}>
        <Stack
          component="form"
          gap="sm"
          onSubmit={(event) => {
            event.preventDefault();
            if (!reason || tooShort || report.isPending) return;
            report.mutate({ reference, reason, details });
          }}
        >
          <Radio.Group label={CLAIM_MESSAGES.reasonLabel} value={reason} onChange={(value) => setReason(value as ClaimReason)} withAsterisk>
            <Stack gap="xs" mt="xs">
              {CLAIM_REASONS.map((value) => (
                <Radio.Card key={value} value={value} p="sm" radius="md" aria-label={CLAIM_REASON_LABELS[value]}>
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator aria-hidden="true" />
                    <Text size="sm">{CLAIM_REASON_LABELS[value]}</Text>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label={CLAIM_MESSAGES.detailsLabel}
            description="What happened, who contacted you, anything that helps us (at least 10 characters)"
            value={details}
            onChange={(event) => setDetails(event.currentTarget.value)}
            maxLength={CLAIM_DETAILS_MAX}
            required
            autosize
            minRows={3}
            size="md"
          />
          {report.isError ? (
            <Text c="red.9" size="sm" role="alert">
              {serverMessage(report.error) ?? "Something went wrong. Please try again."}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" size="md" onClick={dialog.close}>
              Cancel
            </Button>
            <Button type="submit" size="md" loading={report.isPending} disabled={!reason || tooShort}>
              {CLAIM_MESSAGES.submit}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** The user's fraud claims on /support, each with its deadlines; nothing when there are none. */
export function ClaimsSection() {
  const claims = trpc.claims.mine.useQuery();
  const list = claims.data?.claims ?? [];
  if (list.length === 0) return null;
  return (
    <Stack component="section" gap="sm" aria-labelledby="claims-title">
      <Title id="claims-title" order={2} size="h4">
        Reported payments
      </Title>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: "none" }} aria-label="Reported payments">
        {list.map((claim) => (
          <li key={claim.id}>
            <ClaimCard claim={claim} />
          </li>
        ))}
      </Stack>
    </Stack>
  );
}

function ClaimCard({ claim }: { claim: Claim }) {
  const titleId = `claim-${claim.id}-title`;
  return (
    <Card component="article" aria-labelledby={titleId} padding="md" data-testid="claim-card">
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title id={titleId} order={3} size="h5" style={{ overflowWrap: "anywhere" }}>
            {CLAIM_REASON_LABELS[claim.reason]}: {formatNaira(claim.amount)}
          </Title>
          <Badge variant="light" color={claim.status === "refunded" ? "green" : "orange"} style={{ flexShrink: 0 }}>
            {CLAIM_STATUS_LABELS[claim.status]}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {claim.reference} · Reported {formatDateTime(claim.createdAt)}
        </Text>
        <Text size="sm">
          {CLAIM_MESSAGES.answerBy}: <strong>{formatDateTime(claim.answerBy)}</strong>
        </Text>
        <Text size="sm">
          {CLAIM_MESSAGES.decisionBy}: <strong>{formatDateTime(claim.decisionBy)}</strong> (14 working days)
        </Text>
        {claim.lienAmount > 0 && claim.status === "lien" ? <Text size="sm">{formatNaira(claim.lienAmount)} is held on the recipient's wallet.</Text> : null}
        <Button
          renderRoot={(props) => <Link {...props} to="/support/$id" params={{ id: String(claim.ticketId) }} />}
          variant="light"
          size="sm"
          mih={44}
          aria-label={`View Ticket: ${claim.reference}`}
          style={{ alignSelf: "flex-start" }}
        >
          View Ticket
        </Button>
      </Stack>
    </Card>
  );
}
