import { MERCHANT_MESSAGES, createInvoiceSchema, formatNaira, nairaInputText, parseNairaInput, parsePaymentLink } from "@kolo/domain";
import { Alert, Badge, Box, Button, Card, Checkbox, Group, Modal, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useClipboard } from "@mantine/hooks";
import { Link, useNavigate } from "@tanstack/react-router";
import QRCode from "qrcode";
import { useEffect, useRef, useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { NairaAmountInput } from "../../components/form-inputs";
import { PageHeader } from "../../components/page-header";
import { PageLoader } from "../../components/page-loader";
import { PaymentQr } from "../../components/payment-qr";
import { domainCode, serverMessage } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { isOffline, notifyOffline } from "../../lib/offline";
import { type RouterOutputs, trpc } from "../../lib/trpc";

type InvoiceView = RouterOutputs["invoices"]["create"];

/** The form checks what the server checks (docs/product.md#merchants-and-invoices); the amount is the field's text. */
const invoiceFormSchema = createInvoiceSchema.omit({ merchantId: true }).extend({ amount: nairaInputText.pipe(createInvoiceSchema.shape.amount) });

interface InvoiceFormValues {
  customerName: string;
  customerEmail: string;
  amount: string;
  description: string;
  dueDate: string;
  allowPartialPayment: boolean;
  sendReminder: boolean;
  generatePaymentLink: boolean;
}

/**
 * The three flags of docs/product.md#merchants-and-invoices: off, but for 'Generate payment link',
 * ticked in this form (an invoice is nearly always sent as a link; the API's default stays off).
 */
const PAYMENT_OPTIONS = [
  ["allowPartialPayment", "Allow partial payment"],
  ["sendReminder", "Send payment reminder"],
  ["generatePaymentLink", "Generate payment link"],
] as const;

const STATUS_LABELS: Record<InvoiceView["status"], { label: string; color: string }> = {
  unpaid: { label: "Unpaid", color: "yellow" },
  partially_paid: { label: "Partially Paid", color: "blue" },
  paid: { label: "Paid", color: "kolo" },
  cancelled: { label: "Cancelled", color: "gray" },
};

/**
 * Create invoice (docs/product.md#merchants-and-invoices; docs/decisions.md): the
 * Invoice Details and Payment Options sections, Create Invoice and Cancel; the created invoice
 * with its payment link QR when asked for; the merchant's invoices with their status.
 */
export function CreateInvoicePage() {
  const merchant = trpc.merchants.me.useQuery(undefined, { staleTime: 60_000, retry: false });
  const [created, setCreated] = useState<InvoiceView | null>(null);
  if (merchant.isPending) return <PageLoader />;
  if (merchant.isError && domainCode(merchant.error) === "NOT_FOUND") {
    return (
      <Stack gap="md">
        <PageHeader title="Create Invoice" back="/merchant/dashboard" />
        <Card>
          <Stack gap="sm" align="flex-start">
            <Text>{MERCHANT_MESSAGES.merchantRequiredForInvoice}</Text>
            <Button component={Link} to="/merchant/dashboard">
              Create Merchant Account
            </Button>
          </Stack>
        </Card>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <PageHeader title="Create Invoice" back="/merchant/dashboard" />
      {created ? <CreatedInvoice invoice={created} onAnother={() => setCreated(null)} /> : <InvoiceForm onCreated={setCreated} />}
      <InvoiceList />
    </Stack>
  );
}

function InvoiceForm({ onCreated }: { onCreated: (invoice: InvoiceView) => void }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const create = trpc.invoices.create.useMutation();
  const inFlight = useRef(false);
  const form = useForm<InvoiceFormValues>({
    mode: "controlled",
    initialValues: {
      customerName: "",
      customerEmail: "",
      amount: "",
      description: "",
      dueDate: "",
      allowPartialPayment: false,
      sendReminder: false,
      generatePaymentLink: true,
    },
    validate: schemaResolver(invoiceFormSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    if (inFlight.current || create.isPending) return;
    const parsed = parseNairaInput(values.amount);
    if (!parsed.ok) return;
    if (isOffline()) {
      notifyOffline();
      return;
    }
    inFlight.current = true;
    try {
      const invoice = await create.mutateAsync({ ...values, amount: parsed.naira });
      notify({ title: MERCHANT_MESSAGES.invoiceCreated, message: MERCHANT_MESSAGES.invoiceCreatedDescription });
      form.reset();
      void utils.invoices.list.invalidate();
      onCreated(invoice);
    } catch {
      notifyError("Error", MERCHANT_MESSAGES.invoiceCreateFailed);
    } finally {
      inFlight.current = false;
    }
  });

  return (
    <Card>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Stack gap="sm" component="fieldset" m={0} p={0} style={{ border: 0 }}>
            <Title order={2} size="h5" component="legend">
              Invoice Details
            </Title>
            <TextInput label="Customer name" required autoComplete="off" {...form.getInputProps("customerName")} />
            <TextInput label="Customer email (optional)" type="email" inputMode="email" autoComplete="off" {...form.getInputProps("customerEmail")} />
            <NairaAmountInput placeholder="1,000" required {...form.getInputProps("amount")} />
            <Textarea label="Description" autosize minRows={2} {...form.getInputProps("description")} />
            <TextInput label="Due date" type="date" {...form.getInputProps("dueDate")} />
          </Stack>
          <Stack gap="sm" component="fieldset" m={0} p={0} style={{ border: 0 }}>
            <Title order={2} size="h5" component="legend">
              Payment Options
            </Title>
            {PAYMENT_OPTIONS.map(([field, label]) => (
              // A whole-row checkbox: a 44 px touch target (the bare box is 20 px).
              <Checkbox.Card key={field} checked={form.values[field]} onChange={(checked) => form.setFieldValue(field, checked)} radius="md" p="sm" mih={44}>
                <Group wrap="nowrap" gap="sm">
                  <Checkbox.Indicator />
                  <Text size="sm">{label}</Text>
                </Group>
              </Checkbox.Card>
            ))}
          </Stack>
          <Stack gap="sm">
            <BusyButton type="submit" fullWidth busy={create.isPending} busyLabel="Creating...">
              Create Invoice
            </BusyButton>
            <Button variant="default" fullWidth onClick={() => void navigate({ to: "/merchant/dashboard" })}>
              Cancel
            </Button>
          </Stack>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * The web address of an invoice's payment page (/invoice/pay/{token}, opened in any browser;
 * sign-in first), from its QR's payment link; undefined for a link that is not an invoice's.
 */
function invoiceWebLink(paymentLink: string): string | undefined {
  const payload = parsePaymentLink(paymentLink);
  return payload?.type === "invoice" ? `${window.location.origin}/invoice/pay/${payload.invoiceToken}` : undefined;
}

/**
 * Share of an invoice not paid yet: its payment page (/invoice/pay/{token}) through the phone's
 * share sheet (WhatsApp, SMS…), else copied to the clipboard ('Link copied').
 */
function ShareInvoiceButton({ invoice }: { invoice: InvoiceView }) {
  const clipboard = useClipboard({ timeout: 3000 });
  const share = async () => {
    const url = `${window.location.origin}/invoice/pay/${invoice.token}`;
    const text = `Invoice #${invoice.id} from ${invoice.merchantName}: ${formatNaira(invoice.amountDue)} to pay`;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: `Invoice #${invoice.id}`, text, url });
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === "AbortError") return; // closed by the user
      }
    }
    clipboard.copy(url);
    notify({ title: "Link copied", message: `The payment link of invoice #${invoice.id} is on your clipboard.` });
  };
  return (
    <Button variant="subtle" h={44} px="xs" aria-label={`Share invoice #${invoice.id}`} onClick={() => void share()}>
      {clipboard.copied ? "Copied" : "Share"}
    </Button>
  );
}

/** The invoice's payment link to send (a chat, an e-mail) with Copy Link; 'Link copied' once copied. */
function InvoiceLinkField({ paymentLink }: { paymentLink: string }) {
  const clipboard = useClipboard({ timeout: 3000 });
  const link = invoiceWebLink(paymentLink);
  if (!link) return null;
  return (
    <Stack gap={6} w="100%" ta="left">
      <TextInput label="Payment link" value={link} readOnly onFocus={(event) => event.currentTarget.select()} />
      <Button variant="light" onClick={() => clipboard.copy(link)}>
        {clipboard.copied ? "Link copied" : "Copy Link"}
      </Button>
      <Text size="xs" c={clipboard.error ? "red.9" : "dimmed"} aria-live="polite">
        {clipboard.error ? "Could not copy: select the link above and copy it." : clipboard.copied ? "The payment link is on your clipboard." : null}
      </Text>
    </Stack>
  );
}

function CreatedInvoice({ invoice, onAnother }: { invoice: InvoiceView; onAnother: () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (canvas.current && invoice.paymentLink) void QRCode.toCanvas(canvas.current, invoice.paymentLink, { width: 200, margin: 1 }).catch(() => undefined);
  }, [invoice.paymentLink]);
  return (
    <Card component="section" aria-labelledby="created-invoice-title">
      <Stack gap="sm" align="center" ta="center">
        <Title id="created-invoice-title" order={2} size="h4">
          Invoice #{invoice.id}
        </Title>
        <Text>
          {invoice.customerName}: {formatNaira(invoice.amount)}
        </Text>
        {invoice.paymentLink ? (
          <>
            <canvas ref={canvas} width={200} height={200} role="img" aria-label={`Payment QR code for invoice #${invoice.id}`} />
            <Text size="sm" c="dimmed">
              Scan to pay {formatNaira(invoice.amount)}
            </Text>
            <InvoiceLinkField paymentLink={invoice.paymentLink} />
          </>
        ) : null}
        <Button variant="light" onClick={onAnother}>
          Create Another Invoice
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * The merchant's invoices with their status (docs/product.md#merchants-and-invoices). An invoice
 * made with 'Generate payment link' that is not paid yet offers its payment QR again (with
 * download and share), so the merchant can send it after leaving the page.
 */
function InvoiceList() {
  const invoices = trpc.invoices.list.useQuery(undefined, { staleTime: 30_000 });
  const utils = trpc.useUtils();
  const cancel = trpc.invoices.cancel.useMutation();
  const [shown, setShown] = useState<InvoiceView | null>(null);
  const [confirming, setConfirming] = useState<InvoiceView | null>(null);
  const cancelInvoice = async () => {
    if (!confirming || cancel.isPending) return;
    try {
      const result = await cancel.mutateAsync({ id: confirming.id });
      notify({ title: result.message, message: `Invoice #${confirming.id} can no longer be paid.` });
      await utils.invoices.list.invalidate();
      setConfirming(null);
    } catch (caught) {
      notifyError("Invoice not cancelled", serverMessage(caught) ?? "Something went wrong. Please try again.");
    }
  };
  return (
    <Card component="section" aria-labelledby="invoices-title">
      <Title id="invoices-title" order={2} size="h5" mb="xs">
        Your Invoices
      </Title>
      {invoices.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          Loading invoices...
        </Text>
      ) : invoices.isError ? (
        <Alert color="red" role="alert" title="Error">
          Could not load your invoices.
        </Alert>
      ) : invoices.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No invoices yet
        </Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: "none" }}>
          {invoices.data.map((invoice) => (
            // The status and the actions go under the name when both do not fit on one line (360 px).
            <Group component="li" key={invoice.id} justify="space-between" gap="xs">
              <div style={{ flex: "1 1 160px", minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  #{invoice.id} {invoice.customerName}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatNaira(invoice.amount)}
                  {invoice.amountPaid > 0 && invoice.status !== "paid" ? `, ${formatNaira(invoice.amountDue)} due` : ""}
                </Text>
              </div>
              <Group gap="xs">
                <Badge color={STATUS_LABELS[invoice.status].color} variant="light">
                  {STATUS_LABELS[invoice.status].label}
                </Badge>
                {invoice.overdue ? (
                  <Badge color="red.9" variant="light">
                    {MERCHANT_MESSAGES.invoiceOverdue}
                  </Badge>
                ) : null}
                {invoice.status === "unpaid" ? (
                  <Button variant="subtle" color="red.9" h={44} px="xs" aria-label={`Cancel invoice #${invoice.id}`} onClick={() => setConfirming(invoice)}>
                    Cancel
                  </Button>
                ) : null}
                {invoice.paymentLink && invoice.status !== "paid" && invoice.status !== "cancelled" ? (
                  <Button variant="subtle" h={44} px="xs" aria-label={`Payment QR of invoice #${invoice.id}`} onClick={() => setShown(invoice)}>
                    QR
                  </Button>
                ) : null}
                {invoice.status !== "paid" && invoice.status !== "cancelled" ? <ShareInvoiceButton invoice={invoice} /> : null}
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={shown ? `Invoice #${shown.id}` : ""} centered>
        {shown?.paymentLink ? (
          <PaymentQr
            title={`Invoice #${shown.id}`}
            linkFor={() => shown.paymentLink ?? ""}
            fixedAmount={false}
            caption={`Scan to pay ${formatNaira(shown.amountDue)}`}
          />
        ) : null}
        {shown?.paymentLink ? (
          <Box mt="md">
            <InvoiceLinkField paymentLink={shown.paymentLink} />
          </Box>
        ) : null}
      </Modal>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Cancel Invoice" centered closeButtonProps={{ "aria-label": "Close" }}>
        {confirming ? (
          <Stack>
            <Text>
              Cancel invoice #{confirming.id} for {confirming.customerName} ({formatNaira(confirming.amount)})? Its payment link and QR code stop working.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" size="md" onClick={() => setConfirming(null)}>
                Keep It
              </Button>
              <Button color="red" size="md" loading={cancel.isPending} onClick={() => void cancelInvoice()}>
                Cancel Invoice
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Card>
  );
}
