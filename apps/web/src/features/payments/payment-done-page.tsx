import { BENEFICIARY_MESSAGES, FRAUD_MESSAGES, formatNaira } from "@kolo/domain";
import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text } from "@mantine/core";
import { Link, getRouteApi, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { PageHeader } from "../../components/page-header";
import { errorCode, serverMessage } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { useShareReceipt } from "../receipts/share-receipt";
import { paymentStatusText } from "./payment-status";

const route = getRouteApi("/_authed/done/$reference");

const STATUS_COLOR: Record<string, string> = { completed: "kolo", pending: "yellow", processing: "blue", failed: "red", reversed: "orange" };

/**
 * /done/{reference} (docs/product.md "Payment endings"): the one screen every payment ends on,
 * after the spec's toast (P2P, bank transfer, airtime, data). It shows the amount, the recipient,
 * the status, live (the event stream refreshes the receipt and, for a payout, its withdrawal
 * status: lib/live.tsx), and the reference; 'Share Receipt' (the receipt's PNG through the share
 * sheet, else downloaded), 'View Receipt' and 'Done' (/dashboard). With `?offer=beneficiary` (a
 * bank transfer to an account not saved yet) it offers 'Save as beneficiary' once the transfer
 * has completed, never while it is processing. A payment held by fraud monitoring reads 'Under
 * review' (docs/product.md "Fraud controls").
 */
export function PaymentDonePage() {
  const { reference } = route.useParams();
  const { offer } = route.useSearch();
  const navigate = useNavigate();
  const receipt = trpc.receipts.get.useQuery({ reference }, { retry: (count, error) => errorCode(error) !== "NOT_FOUND" && count < 2 });
  const data = receipt.data;
  const isPayout = data?.type === "transfer";
  const payout = trpc.wallet.withdrawalStatus.useQuery({ reference }, { enabled: isPayout });
  const { share, sharing } = useShareReceipt(data);
  const status = (isPayout ? payout.data?.status : undefined) ?? data?.status;

  return (
    <Stack gap="md">
      <PageHeader title="Payment" />
      {receipt.isPending ? (
        <Card aria-busy="true" aria-label="Loading the payment">
          <Skeleton h={220} />
        </Card>
      ) : !data || !status ? (
        <Alert color="red" variant="light" role="alert" title="Unable to load the payment">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{serverMessage(receipt.error) ?? "Please try again."}</Text>
            <Group gap="xs">
              <Button size="sm" variant="white" color="red" onClick={() => void receipt.refetch()}>
                Retry
              </Button>
              <Button size="sm" variant="subtle" component={Link} to="/dashboard">
                Done
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <>
          <Card component="section" aria-labelledby="payment-done-title">
            <Stack gap="sm">
              <Group justify="space-between" wrap="wrap" align="flex-start">
                <div>
                  <Text id="payment-done-title" component="h2" size="sm" c="dimmed" m={0} fw={500}>
                    {data.title}
                  </Text>
                  <Text fz={30} fw={800} data-testid="payment-amount">
                    {formatNaira(data.amount)}
                  </Text>
                </div>
                <Badge color={STATUS_COLOR[status] ?? "gray"} variant="light" tt="none" size="lg">
                  {data.underReview ? FRAUD_MESSAGES.underReview : status.charAt(0).toUpperCase() + status.slice(1)}
                </Badge>
              </Group>
              <Stack gap={6} component="dl" m={0}>
                <Line label="To" value={data.to.account ? `${data.to.name} · ${data.to.account}` : data.to.name} testId="payment-recipient" />
                {data.narration ? <Line label="Narration" value={data.narration} testId="payment-narration" /> : null}
                {data.fee > 0 ? <Line label="Fee" value={formatNaira(data.fee)} /> : null}
                <Line
                  label="Status"
                  value={data.underReview ? FRAUD_MESSAGES.underReview : paymentStatusText(data.type, status, data.total)}
                  testId="payment-status"
                  live
                />
                <Line label="Reference" value={data.reference} testId="payment-reference" />
              </Stack>
            </Stack>
          </Card>
          {offer === "beneficiary" && isPayout && status === "completed" && payout.data ? (
            <SaveBeneficiary metadata={payout.data.transaction.metadata} />
          ) : null}
          <Stack gap="sm">
            <BusyButton busy={sharing} busyLabel="Preparing..." onClick={() => void share()}>
              Share Receipt
            </BusyButton>
            <Button variant="default" renderRoot={(props) => <Link {...props} to="/receipt/$reference" params={{ reference }} />}>
              View Receipt
            </Button>
            <Button variant="subtle" onClick={() => void navigate({ to: "/dashboard" })}>
              Done
            </Button>
          </Stack>
        </>
      )}
    </Stack>
  );
}

function Line({ label, value, testId, live = false }: { label: string; value: string; testId?: string; live?: boolean }) {
  return (
    <Group justify="space-between" gap="md" wrap="nowrap" align="flex-start">
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text
        component="dd"
        m={0}
        size="sm"
        fw={600}
        ta="right"
        style={{ overflowWrap: "anywhere" }}
        data-testid={testId}
        {...(live ? { "aria-live": "polite" as const } : {})}
      >
        {value}
      </Text>
    </Group>
  );
}

/**
 * 'Save {name} as a beneficiary?' after a completed bank transfer to an account not saved yet
 * (docs/product.md "Transfers to any bank account"): 'Save Beneficiary' saves it, 'Not now' hides it.
 */
function SaveBeneficiary({ metadata }: { metadata: Record<string, unknown> }) {
  const utils = trpc.useUtils();
  const save = trpc.beneficiaries.add.useMutation();
  const [closed, setClosed] = useState(false);
  const text = (key: string) => (typeof metadata[key] === "string" ? metadata[key] : "");
  const account = { bankCode: text("bankCode"), accountNumber: text("accountNumber"), accountName: text("accountName"), bankName: text("bankName") };
  if (closed || !account.bankCode || !account.accountNumber) return null;
  const saveIt = async () => {
    if (save.isPending) return;
    try {
      await save.mutateAsync({ bankCode: account.bankCode, accountNumber: account.accountNumber });
      notify({ title: BENEFICIARY_MESSAGES.saved, message: `${account.accountName} is in your beneficiaries.` });
      await utils.beneficiaries.list.invalidate();
      setClosed(true);
    } catch (error) {
      notifyError("Beneficiary not saved", serverMessage(error) ?? "Please try again.");
    }
  };
  return (
    <Card component="section" aria-labelledby="save-beneficiary-title">
      <Stack>
        <Text id="save-beneficiary-title" fw={700} component="h2" m={0} fz="lg">
          Save {account.accountName} as a beneficiary?
        </Text>
        <Text size="sm" c="dimmed">
          {account.bankName} {account.accountNumber}. Next time, pick them from your beneficiaries.
        </Text>
        <Group grow>
          <Button variant="default" onClick={() => setClosed(true)}>
            Not now
          </Button>
          <BusyButton busy={save.isPending} busyLabel="Saving..." onClick={() => void saveIt()}>
            Save Beneficiary
          </BusyButton>
        </Group>
      </Stack>
    </Card>
  );
}
