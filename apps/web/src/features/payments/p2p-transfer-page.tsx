import { getRouteApi } from "@tanstack/react-router";
import { NairaAmountInput, NarrationInput, narrationDetails } from "../../components/form-inputs";
import {
  FEATURE_DISABLED_MESSAGE,
  FRAUD_MESSAGES,
  MONEY_TOASTS,
  PAYMENT_LINK_MESSAGES,
  TRANSFER_MESSAGES,
  formatNaira,
  nairaInputText,
  narrationText,
  p2pTransferSchema,
  parseRecipient,
  recipientQuerySchema,
} from "@kolo/domain";
import { Alert, Button, Card, Group, List, Loader, Stack, Text, TextInput } from "@mantine/core";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { z } from "zod";
import { SubmitButton } from "../../components/busy-button";
import { BalanceHeader } from "../../components/balance-header";
import { PageHeader } from "../../components/page-header";
import { domainCode, serverMessage } from "../../lib/errors";
import { balanceCovers, typedNaira, useMoneyForm } from "../../lib/money-form";
import { notify } from "../../lib/notify";
import { useFeatures, useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";

const route = getRouteApi("/_authed/transfer/p2p");

/**
 * The form checks what the procedure checks (docs/product.md#qr-codes-and-p2p-transfers), less the key; the amount
 * is the field's text, read by the app's one amount rule (nairaInputText) before the wire's.
 */
const p2pByIdFormSchema = z.object({ recipient: z.string(), amount: nairaInputText.pipe(p2pTransferSchema.shape.amount), narration: narrationText });

/** The same with the recipient typed: an e-mail or a Nigerian phone number. */
const p2pFormSchema = p2pByIdFormSchema.extend({ recipient: recipientQuerySchema.shape.recipient });

const FALLBACK_FAILURE = "Unable to complete transfer. Please check the recipient email and try again.";

/**
 * Send to another user by e-mail (docs/product.md#qr-codes-and-p2p-transfers), or to the user a scanned P2P
 * code names (/transfer?userId&amount, docs/product.md#qr-codes-and-p2p-transfers): then the recipient's name comes from the
 * server (users.recipient), the amount is filled in, and one's own code is refused with 'Invalid
 * Transfer' / 'You cannot transfer money to yourself.' (docs/product.md#qr-codes-and-p2p-transfers).
 */
export function P2pTransferPage() {
  const { userId, amount } = route.useSearch();
  // A new code (or leaving it for the e-mail form) starts a fresh form.
  return <P2pTransferForm key={userId ?? "email"} recipientId={userId} prefill={amount} />;
}

/** The recipient named by a scanned code: its name from the server, or why it cannot be paid. */
function ScannedRecipient({ recipientId, onResolved }: { recipientId: number; onResolved: (name: string | null) => void }) {
  const me = useMe();
  const self = recipientId === me.id;
  const recipient = trpc.users.recipient.useQuery({ id: recipientId }, { enabled: !self, retry: false, staleTime: 60_000 });
  const name = recipient.data?.name ?? null;
  const { refetch } = recipient;
  useEffect(() => onResolved(self ? null : name), [self, name, onResolved]);
  const emailInstead = (
    <Button component={Link} to="/transfer/p2p" variant="light" size="xs">
      Send by e-mail instead
    </Button>
  );
  if (self || domainCode(recipient.error) === "RULE_VIOLATION") {
    return (
      <Alert color="red" title={PAYMENT_LINK_MESSAGES.invalidTransferTitle} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{PAYMENT_LINK_MESSAGES.toSelf}</Text>
          {emailInstead}
        </Stack>
      </Alert>
    );
  }
  if (recipient.isError) {
    const notFound = domainCode(recipient.error) === "RECIPIENT_NOT_FOUND";
    return (
      <Alert color="red" title={notFound ? "Recipient not found" : "Error"} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{notFound ? "This code does not belong to an active Kolo account." : "Could not look up the recipient."}</Text>
          <Group gap="xs">
            {notFound ? null : (
              <Button variant="light" size="xs" onClick={() => void refetch()}>
                Retry
              </Button>
            )}
            {emailInstead}
          </Group>
        </Stack>
      </Alert>
    );
  }
  return (
    <Card padding="md" aria-live="polite" aria-busy={recipient.isPending}>
      <Text size="sm" c="dimmed">
        Recipient
      </Text>
      {name !== null ? (
        <Text fw={700} fz="lg">
          {name}
        </Text>
      ) : (
        <Group gap="xs">
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm">Looking up the recipient...</Text>
        </Group>
      )}
    </Card>
  );
}

/** The form; sending goes through the money-form hook (lib/money-form.tsx). */
function P2pTransferForm({ recipientId, prefill }: { recipientId?: number; prefill?: number }) {
  const me = useMe();
  const enabled = useFeatures()("feature_send_money");
  const navigate = useNavigate();
  const transfer = trpc.transfers.p2p.useMutation();
  const utils = trpc.useUtils();
  // The recipient's name from the server for what was typed ('Send to {name}'), or why not.
  const [resolved, setResolved] = useState<{ text: string; name: string } | null>(null);
  const [scannedName, setScannedName] = useState<string | null>(null);
  const byId = recipientId !== undefined;
  const {
    form,
    onSubmit,
    submit: send,
    busy,
    dialog,
  } = useMoneyForm(byId ? p2pByIdFormSchema : p2pFormSchema, {
    initialValues: { recipient: "", amount: prefill !== undefined ? String(prefill) : "", narration: "" },
    failure: { title: MONEY_TOASTS.transferFailedTitle, message: FALLBACK_FAILURE, serverMessage: true },
    // By id, RULE_VIOLATION is one's own code.
    onCode: byId ? { RULE_VIOLATION: { title: PAYMENT_LINK_MESSAGES.invalidTransferTitle, message: PAYMENT_LINK_MESSAGES.toSelf } } : {},
  });

  const submit = onSubmit(async (values, typedValues) => {
    if (!enabled) return;
    if (byId && scannedName === null) return; // not resolved, or one's own code
    const typed = values.recipient.trim();
    const named = parseRecipient(typed);
    if (!byId && named === null) return; // the schema already put the reason under the field
    const amount = typedNaira(typedValues.amount);
    if (!balanceCovers(me.balance, amount)) return;
    const recipient = byId ? { recipientId } : named && "phone" in named ? { recipientPhone: named.phone } : { recipientEmail: typed };
    const narration = typedValues.narration;
    const signature = `${byId ? `id:${recipientId}` : JSON.stringify(named)}|${values.amount}|${narration ?? ""}`;
    await send(
      signature,
      (idempotencyKey, transactionPin) => transfer.mutateAsync({ ...recipient, amount, narration, idempotencyKey, transactionPin }),
      async (result) => {
        // Held by fraud monitoring (docs/product.md "Fraud controls"): nothing was sent yet.
        const held = result.message === FRAUD_MESSAGES.underReview;
        notify({
          title: held ? FRAUD_MESSAGES.underReview : MONEY_TOASTS.transferSuccessTitle,
          message: `${formatNaira(result.transaction.amount)} ${held ? "held for review before it goes" : "sent"} to ${byId ? scannedName : typed}`,
        });
        await navigate({ to: "/done/$reference", params: { reference: result.transaction.reference } });
      },
      {
        recipient: byId ? (scannedName ?? "") : resolved?.text === typed ? `${resolved.name} (${typed})` : typed,
        amount,
        fee: 0,
        details: narrationDetails(narration),
      },
    );
  });

  const recipientProps = form.getInputProps("recipient");
  // The phone keypad once the text reads as a phone number (a digit or '+' first), else the e-mail keyboard.
  const recipientKeyboard = /^\s*[+\d]/.test(String(form.values.recipient ?? "")) ? "tel" : "email";
  /** Asks the server who the typed e-mail or phone number names (docs/product.md#qr-codes-and-p2p-transfers). */
  const lookUp = async (text: string) => {
    if (parseRecipient(text) === null) return setResolved(null);
    try {
      const found = await utils.users.lookup.fetch({ recipient: text });
      if (form.getValues().recipient.trim() === text) setResolved({ text, name: found.name });
    } catch (error) {
      setResolved(null);
      if (domainCode(error)) form.setFieldError("recipient", serverMessage(error) ?? TRANSFER_MESSAGES.recipientNotFound);
    }
  };
  const sendTo = resolved !== null && resolved.text === form.values.recipient.trim() ? TRANSFER_MESSAGES.sendTo(resolved.name) : undefined;
  return (
    <Stack gap="md">
      <PageHeader title="Send to User" back="/transfer" />
      {dialog}
      {enabled ? null : (
        <Alert color="gray" variant="light" id="p2p-disabled" title="Unavailable">
          {FEATURE_DISABLED_MESSAGE}
        </Alert>
      )}
      <BalanceHeader />
      {recipientId !== undefined ? <ScannedRecipient recipientId={recipientId} onResolved={setScannedName} /> : null}
      <Card>
        <form onSubmit={submit} noValidate>
          <Stack>
            {byId ? null : (
              <TextInput
                label="Recipient email or phone number"
                type="text"
                inputMode={recipientKeyboard}
                autoComplete="off"
                placeholder="friend@example.com or 0801 234 5678"
                required
                {...recipientProps}
                onBlur={(event) => {
                  recipientProps.onBlur?.(event);
                  void lookUp(event.currentTarget.value.trim());
                }}
                description={sendTo}
                inputWrapperOrder={["label", "input", "description", "error"]}
              />
            )}
            <NairaAmountInput placeholder="1,000" required {...form.getInputProps("amount")} />
            <NarrationInput {...form.getInputProps("narration")} />
            {/* The button before the notes: at 360×740 a toast over the foot of the screen never covers it. */}
            <SubmitButton
              busy={busy}
              busyLabel="Sending..."
              disabled={!enabled || (byId && scannedName === null)}
              describedBy={enabled ? undefined : "p2p-disabled"}
            >
              Send Money
            </SubmitButton>
            <List size="sm" c="dimmed" spacing={4}>
              <List.Item>Transfers to other Kolo users are instant and free.</List.Item>
              <List.Item>The recipient must have a Kolo account.</List.Item>
              <List.Item>Check the name shown before you send.</List.Item>
            </List>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
