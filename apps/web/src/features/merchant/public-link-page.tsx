import { LINK_MESSAGES, emailSchema, formatNaira, parseNairaInput } from "@kolo/domain";
import { Alert, Box, Button, Card, Center, Divider, Group, Loader, Stack, Text, TextInput, ThemeIcon, Title } from "@mantine/core";
import { Link, getRouteApi } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { BusyButton } from "../../components/busy-button";
import { NairaAmountInput } from "../../components/form-inputs";
import { IconCheck, IconWallet } from "../../components/icons";

const route = getRouteApi("/l/$slug");

/** GET /api/links/{slug}: what any payer sees. */
interface PublicLink {
  slug: string;
  merchantName: string;
  title: string;
  description: string;
  amount: number | null;
  minAmount: number | null;
  status: "active" | "inactive" | "expired" | "full";
  closedReason: string | null;
}

interface PaymentStatus {
  status: "success" | "pending" | "failed";
  reference: string;
  amount: number;
  merchantName: string;
  title: string;
}

const NOT_FOUND = LINK_MESSAGES.notFound;
/** How often, and how many times, the page asks again about a card payment still pending after the checkout. */
const POLL_MS = 2_000;
const POLLS = 15;

async function readJson<T>(response: Response): Promise<T & { message?: string }> {
  return (await response.json().catch(() => ({}))) as T & { message?: string };
}

/**
 * /l/{slug} (docs/product.md "Payment links"): a merchant's payment link, signed in or not. It
 * shows the merchant's name, the title and the amount (or an amount field with the minimum); a
 * guest pays by card at the gateway's checkout with a name and an e-mail; 'Pay from Kolo wallet'
 * opens the signed-in payment (review step and PIN; sign-in first). Back from the checkout
 * (?reference=), it asks the server to verify the payment and shows the outcome. Plain fetch: the
 * page loads no tRPC client.
 */
export function PublicLinkPage() {
  const { slug } = route.useParams();
  const { reference } = route.useSearch();
  const [link, setLink] = useState<{ kind: "loading" } | { kind: "found"; link: PublicLink } | { kind: "none"; message: string }>({ kind: "loading" });

  useEffect(() => {
    let live = true;
    fetch(`/api/links/${encodeURIComponent(slug)}`, { credentials: "omit" })
      .then(async (response) => {
        const body = await readJson<PublicLink>(response);
        if (live) setLink(response.ok ? { kind: "found", link: body } : { kind: "none", message: NOT_FOUND });
      })
      .catch(() => live && setLink({ kind: "none", message: "Unable to load this payment link. Please try again." }));
    return () => {
      live = false;
    };
  }, [slug]);

  return (
    <Box maw={480} mx="auto" p="md" component="main">
      <Stack gap="md">
        <Center>
          <ThemeIcon size={48} radius="xl" color="kolo" aria-hidden="true">
            <IconWallet />
          </ThemeIcon>
        </Center>
        {link.kind === "loading" ? (
          <Center role="status" aria-label="Loading the payment link">
            <Loader />
          </Center>
        ) : link.kind === "none" ? (
          <Alert color="red" variant="light" role="alert" title="Payment link">
            {link.message}
          </Alert>
        ) : reference ? (
          <CardPaymentOutcome slug={slug} reference={reference} />
        ) : (
          <LinkDetails link={link.link} />
        )}
        <Text size="xs" c="dimmed" ta="center">
          Payments are made to the merchant named above through Kolo.
        </Text>
      </Stack>
    </Box>
  );
}

function LinkDetails({ link }: { link: PublicLink }) {
  const [amountText, setAmountText] = useState(link.minAmount !== null ? String(link.minAmount) : "");
  const [amountError, setAmountError] = useState<string | null>(null);
  const open = link.closedReason === null;

  /** The amount to pay in naira (the link's own when fixed), or undefined after showing the field's error. */
  const chosenAmount = (): number | undefined => {
    if (link.amount !== null) return link.amount;
    const parsed = parseNairaInput(amountText);
    if (!parsed.ok) {
      setAmountError(parsed.error);
      return undefined;
    }
    if (link.minAmount !== null && parsed.naira < link.minAmount) {
      setAmountError(`${LINK_MESSAGES.belowMinimum} (${formatNaira(link.minAmount)})`);
      return undefined;
    }
    setAmountError(null);
    return parsed.naira;
  };

  return (
    <Stack gap="md">
      <Card component="section" aria-labelledby="link-title">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {link.merchantName}
          </Text>
          <Title id="link-title" order={1} size="h3">
            {link.title}
          </Title>
          {link.description ? <Text size="sm">{link.description}</Text> : null}
          <Divider />
          {link.amount !== null ? (
            <Group justify="space-between">
              <Text c="dimmed">Amount</Text>
              <Text fw={800} fz="xl">
                {formatNaira(link.amount)}
              </Text>
            </Group>
          ) : open ? (
            <NairaAmountInput
              label="Amount (NGN)"
              description={`At least ${formatNaira(link.minAmount ?? 0)}`}
              required
              value={amountText}
              error={amountError}
              onChange={(event) => {
                setAmountText(event.currentTarget.value);
                setAmountError(null);
              }}
            />
          ) : null}
        </Stack>
      </Card>
      {open ? (
        <>
          <CardPayForm slug={link.slug} chosenAmount={chosenAmount} />
          <Button variant="default" size="md" fullWidth renderRoot={(props) => <Link {...props} to="/link/pay/$slug" params={{ slug: link.slug }} />}>
            Pay from Kolo wallet
          </Button>
        </>
      ) : (
        <Alert color="gray" variant="light" title="Payment link" role="status">
          {link.closedReason}
        </Alert>
      )}
    </Stack>
  );
}

/** Name and e-mail, then the gateway's checkout (POST /api/links/{slug}/pay {channel: "card"}). */
function CardPayForm({ slug, chosenAmount }: { slug: string; chosenAmount: () => number | undefined }) {
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<{ name?: string; email?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const pay = async () => {
    if (busy) return;
    const found: typeof errors = {};
    if (name.trim().length < 2) found.name = LINK_MESSAGES.nameRequired;
    const parsedEmail = emailSchema.safeParse(email);
    if (!parsedEmail.success) found.email = parsedEmail.error.issues[0]?.message ?? "Please enter a valid email address";
    const amount = chosenAmount();
    setErrors(found);
    if (found.name || found.email || amount === undefined) return;
    setBusy(true);
    try {
      const response = await fetch(`/api/links/${encodeURIComponent(slug)}/pay`, {
        method: "POST",
        credentials: "omit",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ channel: "card", name: name.trim(), email: parsedEmail.data, amount }),
      });
      const body = await readJson<{ authorizationUrl: string }>(response);
      if (!response.ok || !body.authorizationUrl) {
        setErrors({ form: body.message ?? "Unable to start the card payment. Please try again." });
        setBusy(false);
        return;
      }
      window.location.assign(body.authorizationUrl);
    } catch {
      setErrors({ form: "Unable to start the card payment. Please try again." });
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="card-pay-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void pay();
        }}
      >
        <Stack gap="sm">
          <Title id="card-pay-title" order={2} size="h5">
            Pay by card
          </Title>
          <Text size="sm" c="dimmed">
            No Kolo account needed. Your receipt goes to your e-mail.
          </Text>
          <TextInput label="Your name" required autoComplete="name" value={name} error={errors.name} onChange={(e) => setName(e.currentTarget.value)} />
          <TextInput
            label="Your e-mail"
            type="email"
            inputMode="email"
            required
            autoComplete="email"
            value={email}
            error={errors.email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          {errors.form ? (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          ) : null}
          <BusyButton type="submit" size="md" fullWidth busy={busy} busyLabel="Opening checkout...">
            Pay by card
          </BusyButton>
        </Stack>
      </form>
    </Card>
  );
}

/** Back from the checkout: GET /api/links/{slug}/payments/{reference}, asked again while pending. */
function CardPaymentOutcome({ slug, reference }: { slug: string; reference: string }) {
  const [state, setState] = useState<PaymentStatus | { status: "checking" } | { status: "unknown" }>({ status: "checking" });
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (left: number) => {
      try {
        const response = await fetch(`/api/links/${encodeURIComponent(slug)}/payments/${encodeURIComponent(reference)}`, { credentials: "omit" });
        const body = await readJson<PaymentStatus>(response);
        if (!live) return;
        if (!response.ok) return setState({ status: "unknown" });
        setState(body);
        if (body.status === "pending" && left > 0) timer = setTimeout(() => void ask(left - 1), POLL_MS);
      } catch {
        if (live) setState({ status: "unknown" });
      }
    };
    void ask(POLLS);
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [slug, reference]);

  if (state.status === "checking") {
    return (
      <Center role="status" aria-label="Checking your payment">
        <Loader />
      </Center>
    );
  }
  if (state.status === "unknown") {
    return (
      <Alert color="red" variant="light" role="alert" title="Payment">
        No payment found for this reference
      </Alert>
    );
  }
  if (state.status === "success") {
    return (
      <Card component="section" aria-labelledby="paid-title">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={48} radius="xl" color="kolo" aria-hidden="true">
            <IconCheck />
          </ThemeIcon>
          <Title id="paid-title" order={1} size="h3">
            Payment received
          </Title>
          <Text>
            {formatNaira(state.amount)} paid to {state.merchantName} for {state.title}.
          </Text>
          <Text size="sm" c="dimmed">
            A receipt was sent to your e-mail. Reference: <span style={{ overflowWrap: "anywhere" }}>{state.reference}</span>
          </Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Alert color={state.status === "pending" ? "yellow" : "red"} variant="light" role="status" title="Payment">
      {state.status === "pending" ? "Your payment is being confirmed. This page updates by itself." : "The payment did not go through. You can try again."}
      <Box mt="sm">
        <Button variant="light" renderRoot={(props) => <Link {...props} to="/l/$slug" params={{ slug }} search={{}} />}>
          Back to the payment link
        </Button>
      </Box>
    </Alert>
  );
}
