import { MERCHANT_MESSAGES, MONEY_TOASTS, formatNaira, nairaInputText, refundSchema } from "@kolo/domain";
import { Box, Button, Card, Group, Modal, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { z } from "zod";
import { BusyButton } from "../../components/busy-button";
import { NairaAmountInput } from "../../components/form-inputs";
import { typedNaira, useMoneyForm } from "../../lib/money-form";
import { notify } from "../../lib/notify";
import { trpc } from "../../lib/trpc";
import { TransactionRow } from "../history/transaction-row";

/** Payments a merchant can refund: money in by QR, invoice or card (not withdrawals, not refunds). */
const REFUNDABLE = new Set(["qr", "invoice", "card", undefined]);
/** How many of the latest payments the dashboard lists with a Refund button. */
const LISTED = 10;

interface Payment {
  id: number;
  reference: string;
  amount: number;
  status: string;
  description: string;
  metadata: Record<string, unknown>;
}

/**
 * The merchant's latest payments with a Refund button each (docs/product.md "Refunds"): the dialog
 * takes an amount (any part of the payment: the server refuses more than what is left) and a reason,
 * then the review step and the owner's PIN.
 */
export function MerchantPayments({ userId }: { userId: number }) {
  const transactions = trpc.merchants.transactions.useQuery(undefined, { staleTime: 30_000 });
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const payments = (transactions.data ?? [])
    .filter((t) => t.status === "completed" && REFUNDABLE.has((t.metadata as { channel?: string }).channel))
    .slice(0, LISTED);
  if (payments.length === 0) return null;
  return (
    <Card component="section" aria-labelledby="merchant-payments-title" padding="md">
      <Title id="merchant-payments-title" order={2} size="h5" mb="xs">
        Payments
      </Title>
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: "none" }}>
        {payments.map((payment) => (
          <Box key={payment.id}>
            <TransactionRow transaction={payment} userId={userId} />
            <Group justify="flex-end" pb="xs">
              <Button size="xs" variant="light" onClick={() => setRefunding(payment as unknown as Payment)} aria-label={`Refund ${payment.reference}`}>
                Refund
              </Button>
            </Group>
          </Box>
        ))}
      </Stack>
      <RefundDialog payment={refunding} onClose={() => setRefunding(null)} />
    </Card>
  );
}

const refundFormSchema = z.object({
  amount: nairaInputText.pipe(refundSchema.shape.amount),
  reason: refundSchema.shape.reason,
});

/** Refund part or all of `payment`: amount (naira) and reason, then review and PIN. */
function RefundDialog({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const refund = trpc.merchants.refund.useMutation();
  const money = useMoneyForm(refundFormSchema, {
    initialValues: { amount: "", reason: "" },
    failure: { title: MONEY_TOASTS.errorTitle, message: "Unable to complete the refund. Please try again.", serverMessage: true },
    serverFieldErrors: true,
  });
  const { form } = money;
  const close = () => {
    if (money.busy) return;
    form.reset();
    money.reset();
    onClose();
  };
  const submit = money.onSubmit(async ({ amount, reason }, typed) => {
    if (!payment) return;
    const payer = typeof payment.metadata.payerName === "string" ? payment.metadata.payerName : "the payer";
    await money.submit(
      `${payment.reference}:${amount}:${reason}`,
      (idempotencyKey, transactionPin) =>
        refund.mutateAsync({ reference: payment.reference, amount: typedNaira(typed.amount), reason, idempotencyKey, transactionPin }),
      (result) => {
        notify({ title: result.transaction.status === "completed" ? MERCHANT_MESSAGES.refundSuccess : "Refund sent", message: result.message });
        form.reset();
        onClose();
      },
      { recipient: `Refund to ${payer}`, amount: typedNaira(typed.amount), fee: 0, details: [{ label: "Reason", value: reason }] },
    );
  });
  return (
    <>
      <Modal opened={payment !== null} onClose={close} title="Refund Payment" centered closeButtonProps={{ "aria-label": "Close" }}>
        {payment ? (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Text size="sm">
                {payment.description}: {formatNaira(payment.amount)}. Refund all of it or a part.
              </Text>
              <NairaAmountInput placeholder={String(payment.amount)} {...form.getInputProps("amount")} data-autofocus />
              <TextInput label="Reason" maxLength={200} {...form.getInputProps("reason")} />
              <Group justify="flex-end" gap="sm">
                <Button variant="default" onClick={close} disabled={money.busy}>
                  Cancel
                </Button>
                <BusyButton type="submit" busy={money.busy} busyLabel="Processing...">
                  Refund
                </BusyButton>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Modal>
      {money.dialog}
    </>
  );
}
