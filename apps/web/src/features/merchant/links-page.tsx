import { LINK_MESSAGES, MERCHANT_MESSAGES, formatDateTime, formatNaira, parseNairaInput } from "@kolo/domain";
import { Alert, Badge, Button, Card, Group, Modal, SegmentedControl, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { useClipboard } from "@mantine/hooks";
import { Link } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { NairaAmountInput } from "../../components/form-inputs";
import { PageHeader } from "../../components/page-header";
import { PageLoader } from "../../components/page-loader";
import { PaymentQr } from "../../components/payment-qr";
import { domainCode, serverMessage } from "../../lib/errors";
import { notify, notifyError } from "../../lib/notify";
import { isOffline, notifyOffline } from "../../lib/offline";
import { type RouterOutputs, trpc } from "../../lib/trpc";

type LinkView = RouterOutputs["merchantLinks"]["list"][number];

const STATUS: Record<LinkView["status"], { label: string; color: string }> = {
  active: { label: "Active", color: "kolo" },
  inactive: { label: "Deactivated", color: "gray" },
  expired: { label: "Expired", color: "yellow" },
  full: { label: "Limit reached", color: "blue" },
};

/**
 * Payment links (docs/product.md "Payment links"): create a link (title, description, a fixed
 * amount or the payer's choice above a minimum, an optional limit of payments and expiry), list
 * the links with their totals, share, show the QR code and deactivate.
 */
export function PaymentLinksPage() {
  const merchant = trpc.merchants.me.useQuery(undefined, { staleTime: 60_000, retry: false });
  if (merchant.isPending) return <PageLoader />;
  if (merchant.isError && domainCode(merchant.error) === "NOT_FOUND") {
    return (
      <Stack gap="md">
        <PageHeader title="Payment Links" back="/merchant/dashboard" />
        <Card>
          <Stack gap="sm" align="flex-start">
            <Text>{MERCHANT_MESSAGES.noMerchant}</Text>
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
      <PageHeader title="Payment Links" back="/merchant/dashboard" />
      <LinkForm />
      <LinkList />
    </Stack>
  );
}

interface FormState {
  title: string;
  description: string;
  mode: "fixed" | "open";
  amount: string;
  minAmount: string;
  maxPayments: string;
  expiresAt: string;
}
const EMPTY: FormState = { title: "", description: "", mode: "fixed", amount: "", minAmount: "", maxPayments: "", expiresAt: "" };
type Errors = Partial<Record<keyof FormState, string>>;

/** The form's values as the request body, or the field errors (the server checks the same again). */
function toBody(values: FormState): { body?: Record<string, unknown>; errors: Errors } {
  const errors: Errors = {};
  const body: Record<string, unknown> = { title: values.title.trim(), description: values.description.trim() };
  if (body.title === "" || (body.title as string).length < 2) errors.title = LINK_MESSAGES.titleRequired;
  const field = values.mode === "fixed" ? "amount" : "minAmount";
  const text = values[field].trim();
  if (values.mode === "fixed" || text !== "") {
    const parsed = parseNairaInput(text);
    if (!parsed.ok) errors[field] = parsed.error;
    else if (!(parsed.naira > 0)) errors[field] = "Amount must be positive";
    else body[field] = parsed.naira;
  }
  if (values.maxPayments.trim() !== "") {
    const count = Number(values.maxPayments);
    if (!Number.isInteger(count) || count < 1) errors.maxPayments = "At least 1 payment";
    else body.maxPayments = count;
  }
  if (values.expiresAt !== "") {
    const date = new Date(values.expiresAt);
    if (Number.isNaN(date.getTime())) errors.expiresAt = "Please enter a valid date and time";
    else if (date.getTime() <= Date.now()) errors.expiresAt = LINK_MESSAGES.expiryPast;
    else body.expiresAt = date.toISOString();
  }
  return Object.keys(errors).length > 0 ? { errors } : { body, errors };
}

function LinkForm() {
  const utils = trpc.useUtils();
  const create = trpc.merchantLinks.create.useMutation();
  const inFlight = useRef(false);
  const [values, setValues] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof FormState) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async () => {
    if (inFlight.current) return;
    const { body, errors: found } = toBody(values);
    setErrors(found);
    if (!body) return;
    if (isOffline()) {
      notifyOffline();
      return;
    }
    inFlight.current = true;
    try {
      const link = await create.mutateAsync(body as Parameters<typeof create.mutateAsync>[0]);
      notify({ title: LINK_MESSAGES.created, message: `${link.title}: ${link.url}` });
      setValues(EMPTY);
      await utils.merchantLinks.list.invalidate();
    } catch (caught) {
      notifyError("Payment link not created", serverMessage(caught) ?? "Something went wrong. Please try again.");
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <Card component="section" aria-labelledby="new-link-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Title id="new-link-title" order={2} size="h5">
            New payment link
          </Title>
          <TextInput label="Title" required value={values.title} error={errors.title} onChange={(e) => set("title")(e.currentTarget.value)} />
          <Textarea label="Description" autosize minRows={2} value={values.description} onChange={(e) => set("description")(e.currentTarget.value)} />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="link-amount-mode">
              Amount
            </Text>
            <SegmentedControl
              aria-labelledby="link-amount-mode"
              fullWidth
              value={values.mode}
              onChange={(mode) => set("mode")(mode)}
              data={[
                { value: "fixed", label: "Fixed amount" },
                { value: "open", label: "Payer chooses" },
              ]}
            />
          </Stack>
          {values.mode === "fixed" ? (
            <NairaAmountInput required placeholder="5,000" value={values.amount} error={errors.amount} onChange={(e) => set("amount")(e.currentTarget.value)} />
          ) : (
            <NairaAmountInput
              label="Minimum amount (NGN)"
              placeholder="100"
              description="₦100 when left empty"
              value={values.minAmount}
              error={errors.minAmount}
              onChange={(e) => set("minAmount")(e.currentTarget.value)}
            />
          )}
          <TextInput
            label="Most payments (optional)"
            inputMode="numeric"
            autoComplete="off"
            value={values.maxPayments}
            error={errors.maxPayments}
            onChange={(e) => set("maxPayments")(e.currentTarget.value)}
          />
          <TextInput
            label="Expires (optional)"
            type="datetime-local"
            value={values.expiresAt}
            error={errors.expiresAt}
            onChange={(e) => set("expiresAt")(e.currentTarget.value)}
          />
          <BusyButton type="submit" fullWidth busy={create.isPending} busyLabel="Creating...">
            Create Link
          </BusyButton>
        </Stack>
      </form>
    </Card>
  );
}

function CopyLinkButton({ link }: { link: LinkView }) {
  const clipboard = useClipboard({ timeout: 3000 });
  return (
    <Button variant="subtle" h={44} px="xs" aria-label={`Copy the link of ${link.title}`} onClick={() => clipboard.copy(link.url)}>
      {clipboard.copied ? "Copied" : "Copy"}
    </Button>
  );
}

/** The merchant's links, newest first, with their totals and what can be done with each. */
function LinkList() {
  const links = trpc.merchantLinks.list.useQuery(undefined, { staleTime: 30_000 });
  const utils = trpc.useUtils();
  const update = trpc.merchantLinks.update.useMutation();
  const [shown, setShown] = useState<LinkView | null>(null);
  const [confirming, setConfirming] = useState<LinkView | null>(null);

  const deactivate = async () => {
    if (!confirming || update.isPending) return;
    try {
      await update.mutateAsync({ id: confirming.id, active: false });
      notify({ title: LINK_MESSAGES.deactivated, message: `${confirming.title} takes no more payments.` });
      await utils.merchantLinks.list.invalidate();
      setConfirming(null);
    } catch (caught) {
      notifyError("Link not deactivated", serverMessage(caught) ?? "Something went wrong. Please try again.");
    }
  };

  return (
    <Card component="section" aria-labelledby="links-title">
      <Title id="links-title" order={2} size="h5" mb="xs">
        Your payment links
      </Title>
      {links.isPending ? (
        <Text size="sm" c="dimmed" role="status">
          Loading links...
        </Text>
      ) : links.isError ? (
        <Alert color="red" role="alert" title="Error">
          Could not load your payment links.
        </Alert>
      ) : links.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payment links yet
        </Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: "none" }}>
          {links.data.map((link) => (
            <Stack component="li" key={link.id} gap={4} aria-label={link.title}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                  {link.title}
                </Text>
                <Badge color={STATUS[link.status].color} variant="light" style={{ flexShrink: 0 }}>
                  {STATUS[link.status].label}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {link.amount !== null ? formatNaira(link.amount) : `From ${formatNaira(link.minAmount ?? 0)}`}
                {link.maxPayments !== null ? ` · at most ${link.maxPayments} payments` : ""}
                {link.expiresAt ? ` · until ${formatDateTime(link.expiresAt)}` : ""}
              </Text>
              <Text size="sm" data-testid="link-totals">
                {link.paymentsCount} {link.paymentsCount === 1 ? "payment" : "payments"}, {formatNaira(link.total)}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {link.url}
              </Text>
              <Group gap="xs">
                <CopyLinkButton link={link} />
                <Button variant="subtle" h={44} px="xs" aria-label={`QR code of ${link.title}`} onClick={() => setShown(link)}>
                  QR
                </Button>
                {link.active ? (
                  <Button variant="subtle" color="red.9" h={44} px="xs" aria-label={`Deactivate ${link.title}`} onClick={() => setConfirming(link)}>
                    Deactivate
                  </Button>
                ) : null}
              </Group>
            </Stack>
          ))}
        </Stack>
      )}
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={shown?.title ?? ""} centered closeButtonProps={{ "aria-label": "Close" }}>
        {shown ? (
          <PaymentQr
            title={shown.title}
            linkFor={() => shown.url}
            fixedAmount={false}
            caption={shown.amount !== null ? `Scan to pay ${formatNaira(shown.amount)}` : "Scan to pay"}
          />
        ) : null}
      </Modal>
      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title="Deactivate link" centered closeButtonProps={{ "aria-label": "Close" }}>
        {confirming ? (
          <Stack>
            <Text>Deactivate {confirming.title}? Its page and QR code stop taking payments.</Text>
            <Group justify="flex-end">
              <Button variant="default" size="md" onClick={() => setConfirming(null)}>
                Keep It
              </Button>
              <Button color="red" size="md" loading={update.isPending} onClick={() => void deactivate()}>
                Deactivate
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Card>
  );
}
