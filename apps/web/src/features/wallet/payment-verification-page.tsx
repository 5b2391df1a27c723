import { getRouteApi } from "@tanstack/react-router";
import { errorCode } from "../../lib/errors";
import { Button, Card, Loader, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { Link } from "@tanstack/react-router";
import { useCallback, useEffect, useRef, useState } from "react";
import { IconX } from "../../components/icons";
import { PaymentSuccessful } from "../../components/payment-successful";
import { notifyError } from "../../lib/notify";
import { streamIsLive } from "../../lib/live-state";
import { trpc } from "../../lib/trpc";
import { PENDING_PAYMENT_KEY } from "./add-money-modal";

const route = getRouteApi("/_authed/payment-verification");

/** A "pending" answer is asked again every 2 s, at most this many times in all. */
const MAX_ATTEMPTS = 10;
const RETRY_DELAY_MS = 2_000;

/**
 * `outcome` of a failure: `declined`, the gateway answered that the payment failed (declined,
 * abandoned), so nothing was charged; `unknown`, no final answer yet; `none`, no such payment.
 */
type Outcome = "declined" | "unknown" | "none";
type State = { status: "verifying" } | { status: "success"; amount: number; message: string } | { status: "failed"; message: string; outcome: Outcome };

const FAILED_MESSAGE = "Payment verification failed. Please contact support.";
/**
 * The plain line under the product's failure text (docs/decisions/web.md "Phone experience"):
 * whether money was taken. Declined: the gateway says the charge failed. Otherwise the outcome is
 * not known yet, and a payment the gateway later confirms is still credited
 * (docs/money-integrity.md "A paid top-up is never dropped").
 */
export const NO_MONEY_TAKEN = "Card declined. No money was taken.";
export const OUTCOME_UNKNOWN = "If money left your card, it reaches your wallet as soon as the payment is confirmed.";
const NO_REFERENCE_MESSAGE = "No payment reference found";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Top-up verification (docs/product.md#merchants-and-invoices). The reference comes from the query (reference or
 * trxref), else from local storage. wallet.verify runs once per reference (React StrictMode runs
 * effects twice in development), is asked again while the gateway says "pending", and on success
 * the pending reference is forgotten and the balance and transactions refreshed.
 */
export function PaymentVerificationPage() {
  const search = route.useSearch();
  const [reference] = useState(() => search.reference || search.trxref || localStorage.getItem(PENDING_PAYMENT_KEY) || undefined);
  const utils = trpc.useUtils();
  const verify = trpc.wallet.verify.useMutation();
  const [state, setState] = useState<State>(() => (reference ? { status: "verifying" } : { status: "failed", message: NO_REFERENCE_MESSAGE, outcome: "none" }));
  const alive = useRef(true);
  const startedFor = useRef<string | null>(null);
  const { mutateAsync } = verify;

  const run = useCallback(
    async (ref: string) => {
      setState({ status: "verifying" });
      let outcome: Outcome = "unknown";
      for (let attempt = 1; attempt <= MAX_ATTEMPTS && alive.current; attempt++) {
        try {
          const result = await mutateAsync({ reference: ref });
          if (!alive.current) return;
          if (result.status === "success") {
            localStorage.removeItem(PENDING_PAYMENT_KEY);
            setState({ status: "success", amount: result.amount, message: result.message });
            // The credit's balance and history come with the event stream; fetched here only while it is down.
            if (!streamIsLive()) void Promise.all([utils.auth.me.invalidate(), utils.transactions.list.invalidate()]);
            return;
          }
          if (result.status === "failed") {
            outcome = "declined";
            break;
          }
        } catch (error) {
          if (errorCode(error) === "NOT_FOUND") outcome = "none";
          break;
        }
        if (attempt < MAX_ATTEMPTS) await sleep(RETRY_DELAY_MS);
      }
      if (!alive.current) return;
      setState({ status: "failed", message: FAILED_MESSAGE, outcome });
      notifyError("Verification Failed", "Unable to verify your payment");
    },
    [mutateAsync, utils],
  );

  useEffect(() => {
    alive.current = true;
    if (reference && startedFor.current !== reference) {
      startedFor.current = reference;
      void run(reference);
    }
    return () => {
      alive.current = false;
    };
  }, [reference, run]);

  return (
    <Stack gap="md" py="xl">
      <Card padding="xl">
        <Stack align="center" gap="md" ta="center" aria-live="polite" aria-busy={state.status === "verifying"}>
          {state.status === "verifying" ? (
            <>
              <Loader size="lg" aria-hidden="true" />
              <Title order={1} size="h3">
                Verifying Payment
              </Title>
              <Text c="dimmed">Please wait while we confirm your payment...</Text>
            </>
          ) : state.status === "success" ? (
            <>
              <PaymentSuccessful amount={state.amount} />
              <Text c="dimmed">{state.message || "Your wallet has been credited."}</Text>
            </>
          ) : (
            <>
              <ThemeIcon size={64} radius="xl" color="red" aria-hidden="true">
                <IconX size={36} />
              </ThemeIcon>
              <Title order={1} size="h3">
                Payment Verification Failed
              </Title>
              <Text c="dimmed">{state.message}</Text>
              {state.outcome === "none" ? null : <Text fw={500}>{state.outcome === "declined" ? NO_MONEY_TAKEN : OUTCOME_UNKNOWN}</Text>}
            </>
          )}
        </Stack>
      </Card>
      {state.status !== "verifying" ? (
        // One button per row: side by side, "Return to Dashboard" did not fit a 360 px screen.
        <Stack gap="sm">
          {state.status === "failed" && reference ? (
            <Button onClick={() => void run(reference)} disabled={verify.isPending} fullWidth>
              Try Again
            </Button>
          ) : null}
          <Button component={Link} to="/dashboard" variant={state.status === "success" ? "filled" : "default"} fullWidth>
            Return to Dashboard
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
