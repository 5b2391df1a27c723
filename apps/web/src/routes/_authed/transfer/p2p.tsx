import { NairaAmountInput } from "../../../components/form-inputs";
import { FEATURE_DISABLED_MESSAGE, formatNaira, nairaInputText, p2pTransferSchema, parseNairaInput } from "@kolo/domain";
import { Alert, Card, List, Stack, Text, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useRef, useState } from "react";
import { optionalPositiveInt, optionalPositiveNumber } from "../../../lib/search";
import { BusyButton } from "../../../components/busy-button";
import { OfflineNotice } from "../../../components/offline-notice";
import { PageHeader } from "../../../components/page-header";
import { domainCode, serverMessage } from "../../../lib/errors";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { notify, notifyError } from "../../../lib/notify";
import { isOffline, notifyOffline } from "../../../lib/offline";
import { useFeatures, useMe } from "../../../lib/queries";
import { trpc } from "../../../lib/trpc";

/** A scanned P2P code arrives as /transfer?userId&amount (spec 01 §2 "/scan"); the amount prefills. */
const searchSchema = (search: Record<string, unknown>): { userId?: number; amount?: number } => ({
  userId: optionalPositiveInt(search.userId),
  amount: optionalPositiveNumber(search.amount),
});

export const Route = createFileRoute("/_authed/transfer/p2p")({
  validateSearch: searchSchema,
  component: P2pTransferPage,
});

/**
 * The form checks what the procedure checks (spec 02 §5 "User transfer"), less the key; the amount
 * is the field's text, read by the app's one amount rule (nairaInputText) before the wire's.
 */
const p2pFormSchema = p2pTransferSchema
  .omit({ idempotencyKey: true })
  .extend({ amount: nairaInputText.pipe(p2pTransferSchema.shape.amount) });

const FALLBACK_FAILURE = "Unable to complete transfer. Please check the recipient email and try again.";

/**
 * Send to another user by e-mail (spec 02 "/transfer/p2p", §5, §8). The idempotency key is made
 * once per submitted form: a retry of the same values reuses it, a change or a success makes a new one.
 */
function P2pTransferPage() {
  const me = useMe();
  const enabled = useFeatures()("feature_send_money");
  const { amount: prefill } = Route.useSearch();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const transfer = trpc.transfers.p2p.useMutation();
  const [recipientGuess, setRecipientGuess] = useState<string | null>(null);
  const attempt = useRef<{ key: string; signature: string } | null>(null);
  const inFlight = useRef(false);

  const form = useForm<{ recipientEmail: string; amount: string }>({
    mode: "controlled",
    initialValues: { recipientEmail: "", amount: prefill !== undefined ? String(prefill) : "" },
    validate: schemaResolver(p2pFormSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    if (inFlight.current || transfer.isPending || !enabled) return;
    const recipientEmail = values.recipientEmail.trim();
    const parsed = parseNairaInput(values.amount);
    if (!parsed.ok) return; // the resolver already put the reason under the field
    const amount = parsed.naira;
    if (me.balance < amount) {
      notifyError("Insufficient Balance", "Please top up your wallet to continue");
      return;
    }
    if (isOffline()) {
      notifyOffline();
      return;
    }
    const signature = `${recipientEmail.toLowerCase()}|${parsed.kobo}`;
    if (attempt.current?.signature !== signature) attempt.current = { key: newIdempotencyKey(), signature };
    inFlight.current = true;
    try {
      const result = await transfer.mutateAsync({ recipientEmail, amount, idempotencyKey: attempt.current.key });
      attempt.current = null;
      notify({ title: "Transfer Successful", message: `${formatNaira(result.transaction.amount)} sent to ${recipientEmail}` });
      await Promise.all([utils.auth.me.invalidate(), utils.transactions.list.invalidate()]);
      await navigate({ to: "/dashboard" });
    } catch (error) {
      if (!domainCode(error) && isOffline()) notifyOffline();
      else if (domainCode(error) === "INSUFFICIENT_BALANCE") notifyError("Insufficient Balance", "Please top up your wallet to continue");
      else notifyError("Transfer Failed", serverMessage(error) ?? FALLBACK_FAILURE);
    } finally {
      inFlight.current = false;
    }
  });

  const emailProps = form.getInputProps("recipientEmail");
  return (
    <Stack gap="md">
      <PageHeader title="Send to User" back="/transfer" />
      {enabled ? null : (
        <Alert color="gray" variant="light" id="p2p-disabled" title="Unavailable">
          {FEATURE_DISABLED_MESSAGE}
        </Alert>
      )}
      <Card padding="md" bg="kolo.0" withBorder={false}>
        <Text size="sm" c="dimmed">
          Available balance
        </Text>
        <Text fw={800} fz="xl" aria-live="polite">
          {formatNaira(me.balance)}
        </Text>
      </Card>
      <OfflineNotice />
      <Card>
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput
              label="Recipient email"
              type="email"
              inputMode="email"
              autoComplete="off"
              placeholder="friend@example.com"
              required
              {...emailProps}
              onBlur={(event) => {
                emailProps.onBlur?.(event);
                const value = event.currentTarget.value.trim();
                setRecipientGuess(value.includes("@") ? value.slice(0, value.indexOf("@")) : null);
              }}
              description={recipientGuess !== null ? `Recipient found: ${recipientGuess}` : undefined}
              inputWrapperOrder={["label", "input", "description", "error"]}
            />
            <NairaAmountInput
              placeholder="1,000"
              required
              {...form.getInputProps("amount")}
            />
            <List size="sm" c="dimmed" spacing={4}>
              <List.Item>Transfers to other Kolo users are instant and free.</List.Item>
              <List.Item>The recipient must have a Kolo account.</List.Item>
              <List.Item>Double-check the e-mail address before you send.</List.Item>
            </List>
            <BusyButton
              type="submit"
              size="md"
              fullWidth
              busy={transfer.isPending}
              busyLabel="Sending..."
              disabled={!enabled}
              aria-describedby={enabled ? undefined : "p2p-disabled"}
            >
              Send Money
            </BusyButton>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
