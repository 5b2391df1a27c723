import { getRouteApi } from "@tanstack/react-router";
import {
  FEATURE_DISABLED_MESSAGE,
  FRAUD_MESSAGES,
  LINK_MESSAGES,
  MERCHANT_MESSAGES,
  MONEY_TOASTS,
  formatDateTime,
  formatNaira,
  parseNairaInput,
} from "@kolo/domain";
import { Alert, Button, Card, Divider, Group, Stack, Text, Title } from "@mantine/core";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { NairaAmountInput } from "../../components/form-inputs";
import { IconShield } from "../../components/icons";
import { OfflineNotice } from "../../components/offline-notice";
import { PageLoader } from "../../components/page-loader";
import { PaymentSuccessful } from "../../components/payment-successful";
import { balanceCovers, useMoneySubmit } from "../../lib/money-form";
import { dismissToast, notify, notifyError } from "../../lib/notify";
import { useFeatures, useMe } from "../../lib/queries";
import { type RouterOutputs, trpc } from "../../lib/trpc";
import { useShareReceipt } from "../receipts/share-receipt";
import { paymentStatusText } from "./payment-status";

const route = getRouteApi("/_authed/payment-confirmation");

/** With no parameters at all: the demo merchant (id 1, 'Test Store' in the demo data) and ₦3,550 (docs/product.md#merchants-and-invoices). */
const DEMO_CONFIRMATION = { merchantId: 1, amount: 3550 } as const;

interface Receipt {
  reference: string;
  amount: number;
  merchantName: string;
  createdAt: Date;
  invoiceId?: number;
}

/**
 * Pay a merchant or an invoice (docs/product.md#merchants-and-invoices).
 * The merchant (or invoice) is loaded from the server; a load failure says so and goes to
 * /dashboard. Pay Now checks the amount, then the balance, then calls the payment with an
 * idempotency key made once per submitted amount; success shows the receipt.
 */
export function PaymentConfirmationPage() {
  const search = route.useSearch();
  const linkSlug = search.linkSlug;
  const noParams =
    search.merchantId === undefined &&
    search.invoiceToken === undefined &&
    linkSlug === undefined &&
    search.amount === undefined &&
    search.merchantName === undefined;
  const merchantId = noParams ? DEMO_CONFIRMATION.merchantId : search.merchantId;
  const presetAmount = noParams ? DEMO_CONFIRMATION.amount : search.amount;
  const invoiceToken = search.invoiceToken;
  const [receipt, setReceipt] = useState<Receipt | null>(null);

  const merchant = trpc.merchants.byId.useQuery(
    { id: merchantId ?? 0 },
    { enabled: invoiceToken === undefined && linkSlug === undefined && merchantId !== undefined, retry: false },
  );
  const link = trpc.links.bySlug.useQuery({ slug: linkSlug ?? "" }, { enabled: linkSlug !== undefined, retry: false });
  const invoice = trpc.invoices.byToken.useQuery({ token: invoiceToken ?? "" }, { enabled: invoiceToken !== undefined, retry: false });
  const navigate = useNavigate();

  const failed = linkSlug !== undefined ? link.isError : invoiceToken !== undefined ? invoice.isError : merchantId === undefined || merchant.isError;
  useEffect(() => {
    if (!failed) return;
    notifyError(
      "Error",
      linkSlug !== undefined ? LINK_MESSAGES.notFound : invoiceToken !== undefined ? MERCHANT_MESSAGES.invoiceNotFound : MERCHANT_MESSAGES.merchantNotFound,
    );
    void navigate({ to: "/dashboard", replace: true });
  }, [failed, invoiceToken, linkSlug, navigate]);

  if (receipt) return <PaymentReceipt receipt={receipt} />;
  if (failed) return null;
  if (linkSlug !== undefined) {
    if (!link.data) return <PageLoader />;
    const data = link.data;
    return (
      <ConfirmationForm
        merchantName={data.merchantName}
        subtitle={`Payment link · ${data.title}`}
        target={{ kind: "link", slug: linkSlug, title: data.title }}
        presetAmount={data.amount ?? undefined}
        suggestedAmount={data.minAmount ?? undefined}
        paid={false}
        closedReason={data.closedReason ?? undefined}
        onPaid={setReceipt}
      />
    );
  }
  if (invoiceToken !== undefined) {
    if (!invoice.data) return <PageLoader />;
    const data = invoice.data;
    return (
      <ConfirmationForm
        merchantName={data.merchantName}
        subtitle={data.overdue ? `Invoice Payment · ${MERCHANT_MESSAGES.invoiceOverdue}` : "Invoice Payment"}
        target={{ kind: "invoice", invoiceToken, invoiceId: data.id }}
        presetAmount={data.status === "paid" ? data.amount : data.allowPartialPayment ? undefined : data.amountDue}
        suggestedAmount={data.amountDue}
        paid={data.status === "paid"}
        paidLine={data.status === "paid" ? `Paid ${formatNaira(data.amountPaid)}${data.paidAt ? ` on ${formatDateTime(data.paidAt)}` : ""}` : undefined}
        closedReason={data.status === "cancelled" ? MERCHANT_MESSAGES.invoiceCancelled : undefined}
        onPaid={setReceipt}
      />
    );
  }
  if (!merchant.data) return <PageLoader />;
  return (
    <ConfirmationForm
      merchantName={merchant.data.name}
      subtitle={merchant.data.category}
      target={{ kind: "merchant", merchantId: merchant.data.id }}
      presetAmount={presetAmount}
      paid={false}
      onPaid={setReceipt}
    />
  );
}

/** A wallet payment's answer from links.pay (its card answer never comes for channel "wallet"). */
function walletPaymentOf(answer: RouterOutputs["links"]["pay"]) {
  if (!("transaction" in answer)) throw new Error("A wallet payment answered a card checkout");
  return answer;
}

interface ConfirmationFormProps {
  merchantName: string;
  /** The merchant's category, or 'Invoice Payment'. */
  subtitle: string;
  target:
    | { kind: "merchant"; merchantId: number }
    | { kind: "invoice"; invoiceToken: string; invoiceId: number }
    | { kind: "link"; slug: string; title: string };
  /** A fixed amount (naira); undefined shows the editable 'Enter Amount' field. */
  presetAmount?: number;
  /** What the editable field starts with (a partly payable invoice: what remains). */
  suggestedAmount?: number;
  paid: boolean;
  /** A paid invoice: 'Paid ₦7,500.00 on 26 Nov 2026, 2:30 pm' (Lagos), shown instead of 'You are paying'. */
  paidLine?: string;
  /** Why the invoice cannot be paid any more (cancelled by its merchant); undefined when it can. */
  closedReason?: string;
  onPaid: (receipt: Receipt) => void;
}

function ConfirmationForm({
  merchantName,
  subtitle,
  target,
  presetAmount,
  suggestedAmount,
  paid: alreadyPaid,
  paidLine,
  closedReason,
  onPaid,
}: ConfirmationFormProps) {
  const paid = alreadyPaid || closedReason !== undefined;
  const me = useMe();
  const enabled = useFeatures()("feature_scan_pay");
  const navigate = useNavigate();
  const payMerchant = trpc.payments.merchant.useMutation();
  const payInvoice = trpc.payments.invoiceByToken.useMutation();
  const payLink = trpc.links.pay.useMutation();
  const [amountText, setAmountText] = useState(suggestedAmount !== undefined ? String(suggestedAmount) : "");
  const [amountError, setAmountError] = useState<string | null>(null);
  const money = useMoneySubmit({ failure: { title: MONEY_TOASTS.paymentFailedTitle, message: MERCHANT_MESSAGES.paymentFailed } });
  const busy = money.busy;

  const parsed = presetAmount !== undefined ? { ok: true as const, naira: presetAmount } : parseNairaInput(amountText);
  const shown = parsed.ok ? parsed.naira : 0;

  const pay = async () => {
    if (busy || !enabled || paid) return;
    // Amount, then balance, then the call (docs/product.md "Merchants and invoices").
    const amount = presetAmount !== undefined ? presetAmount : parsed.ok ? parsed.naira : Number.NaN;
    if (!(amount > 0)) {
      setAmountError(parsed.ok ? MONEY_TOASTS.validAmount : parsed.error);
      notifyError(MONEY_TOASTS.invalidAmountTitle, MONEY_TOASTS.validAmount);
      return;
    }
    setAmountError(null);
    if (!balanceCovers(me.balance, amount)) return;
    await money.submit(
      String(amount),
      (idempotencyKey, transactionPin) =>
        target.kind === "merchant"
          ? payMerchant.mutateAsync({ merchantId: target.merchantId, amount, idempotencyKey, transactionPin })
          : target.kind === "link"
            ? payLink.mutateAsync({ slug: target.slug, channel: "wallet", amount, idempotencyKey, transactionPin }).then(walletPaymentOf)
            : payInvoice.mutateAsync({ token: target.invoiceToken, amount, idempotencyKey, transactionPin }),
      async (result) => {
        // Held by fraud monitoring (docs/product.md "Fraud controls"): nothing reached the merchant
        // yet; the payment's own screen reads 'Under review', as after a held P2P transfer.
        if (result.message === FRAUD_MESSAGES.underReview) {
          notify({ title: FRAUD_MESSAGES.underReview, message: `${formatNaira(result.transaction.amount)} held for review before it goes to ${merchantName}` });
          await navigate({ to: "/done/$reference", params: { reference: result.transaction.reference } });
          return;
        }
        notify({ title: MONEY_TOASTS.paymentSuccessTitle, message: `${formatNaira(result.transaction.amount)} paid to ${merchantName}` });
        onPaid({
          reference: result.transaction.reference,
          amount: result.transaction.amount,
          merchantName,
          createdAt: result.transaction.createdAt,
          ...(target.kind === "invoice" ? { invoiceId: target.invoiceId } : {}),
        });
      },
      {
        recipient: merchantName,
        details:
          target.kind === "invoice"
            ? [{ label: "Invoice", value: `#${target.invoiceId}` }]
            : target.kind === "link"
              ? [{ label: "Payment link", value: target.title }]
              : [],
        amount,
        fee: 0,
      },
    );
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        Confirm Payment
      </Title>
      {money.dialog}
      <OfflineNotice />
      <Card>
        <Stack gap="sm">
          <div>
            <Text fw={700} fz="lg">
              {merchantName}
            </Text>
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          </div>
          <Divider />
          {presetAmount === undefined ? (
            <NairaAmountInput
              label="Enter Amount"
              placeholder="0.00"
              required
              value={amountText}
              error={amountError}
              onChange={(event) => {
                setAmountText(event.currentTarget.value);
                setAmountError(null);
                dismissToast(MONEY_TOASTS.invalidAmountTitle);
              }}
            />
          ) : (
            <Group justify="space-between">
              <Text c="dimmed">Amount</Text>
              <Text fw={600}>{formatNaira(presetAmount)}</Text>
            </Group>
          )}
          <Group justify="space-between">
            <Text c="dimmed">Transaction fee</Text>
            <Text fw={600}>{formatNaira(0)}</Text>
          </Group>
          <Divider />
          {paidLine ? (
            <Text fw={700}>{paidLine}</Text>
          ) : (
            <Group justify="space-between">
              <Text fw={700}>You are paying</Text>
              <Text fw={800} fz="xl" aria-live="polite">
                {formatNaira(shown)}
              </Text>
            </Group>
          )}
        </Stack>
      </Card>
      {paid ? (
        <Alert color="gray" variant="light" title={target.kind === "link" ? "Payment link" : "Invoice Payment"}>
          {closedReason ?? MERCHANT_MESSAGES.invoiceAlreadyPaid}
        </Alert>
      ) : null}
      {enabled ? null : (
        <Alert color="gray" variant="light" id="pay-disabled" title="Unavailable">
          {FEATURE_DISABLED_MESSAGE}
        </Alert>
      )}
      <Stack gap="sm">
        <BusyButton
          size="md"
          fullWidth
          busy={busy}
          busyLabel="Processing..."
          disabled={!enabled || paid}
          aria-describedby={enabled ? undefined : "pay-disabled"}
          onClick={() => void pay()}
        >
          Pay Now
        </BusyButton>
        <Button variant="default" fullWidth onClick={() => void navigate({ to: "/dashboard" })}>
          Cancel
        </Button>
      </Stack>
      <Group gap={6} justify="center" c="dimmed">
        <IconShield size={16} aria-hidden="true" />
        <Text size="sm">Secure Payment</Text>
      </Group>
    </Stack>
  );
}

/**
 * The receipt after a payment (the spec's 'Payment Successful' screen): amount, merchant,
 * reference, status and time; 'Share Receipt' shares the receipt's image (docs/product.md
 * "Payment endings"), 'View Receipt' opens it, 'Return to Dashboard' ends.
 */
function PaymentReceipt({ receipt }: { receipt: Receipt }) {
  const navigate = useNavigate();
  // The receipt's image through the share sheet, else downloaded (features/receipts/share-receipt.ts).
  const receiptView = trpc.receipts.get.useQuery({ reference: receipt.reference }, { staleTime: 60_000 });
  const { share, sharing } = useShareReceipt(receiptView.data);

  return (
    <Stack gap="md" py="md">
      <Card padding="xl">
        <Stack align="center" gap="sm" ta="center">
          <PaymentSuccessful amount={receipt.amount} />
          <Text c="dimmed">Paid to {receipt.merchantName}</Text>
        </Stack>
        <Divider my="md" />
        <Stack gap={6} component="dl" m={0}>
          <ReceiptRow label="Reference" value={receipt.reference} />
          {receipt.invoiceId !== undefined ? <ReceiptRow label="Invoice" value={`#${receipt.invoiceId}`} /> : null}
          <ReceiptRow label="Transaction fee" value={formatNaira(0)} />
          <ReceiptRow
            label="Status"
            value={receiptView.data ? paymentStatusText(receiptView.data.type, receiptView.data.status, receiptView.data.total) : "Completed"}
          />
          <ReceiptRow label="Date" value={formatDateTime(receipt.createdAt)} />
        </Stack>
      </Card>
      <Stack gap="sm">
        <BusyButton fullWidth busy={sharing} busyLabel="Preparing..." disabled={!receiptView.data} onClick={() => void share()}>
          Share Receipt
        </BusyButton>
        <Button variant="default" fullWidth renderRoot={(props) => <Link {...props} to="/receipt/$reference" params={{ reference: receipt.reference }} />}>
          View Receipt
        </Button>
        <Button variant="default" fullWidth onClick={() => void navigate({ to: "/dashboard" })}>
          Return to Dashboard
        </Button>
      </Stack>
    </Stack>
  );
}

function ReceiptRow({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text component="dt" c="dimmed" size="sm">
        {label}
      </Text>
      {/* A reference is one long word: it may break anywhere rather than push the card wider. */}
      <Text component="dd" m={0} size="sm" fw={600} ta="right" style={{ overflowWrap: "anywhere" }}>
        {value}
      </Text>
    </Group>
  );
}
