import { NairaAmountInput } from "../../components/form-inputs";
import {
  PURCHASE_MESSAGES,
  QUICK_AIRTIME_AMOUNTS,
  airtimePurchaseSchema,
  formatNaira,
  nairaInputText,
  parseNairaInput,
  purchasePhoneSchema,
} from "@kolo/domain";
import { Button, Card, SimpleGrid, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { useRef } from "react";
import { z } from "zod";
import { BusyButton } from "../../components/busy-button";
import { OfflineNotice } from "../../components/offline-notice";
import { PageHeader } from "../../components/page-header";
import { domainCode, serverMessage } from "../../lib/errors";
import { newIdempotencyKey } from "../../lib/idempotency";
import { notify, notifyError } from "../../lib/notify";
import { isOffline, notifyOffline } from "../../lib/offline";
import { useFeatures, useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";
import { NetworkField, PhoneField, PurchaseDisabledAlert } from "./-components/purchase-fields";

export const Route = createFileRoute("/_authed/airtime")({
  component: AirtimePage,
});

/** The form checks what the procedure checks (spec 02 §5 "Airtime"); the amount is the field's text. */
const airtimeFormSchema = z.object({
  network: z.string().min(1, { error: PURCHASE_MESSAGES.network }),
  phoneNumber: purchasePhoneSchema,
  amount: nairaInputText.pipe(airtimePurchaseSchema.shape.amount),
});

/**
 * Buy Airtime (spec 02 "/airtime", §4, §5, §8, §9): network, phone (recent numbers, Verify Phone
 * Number), amount with the quick amounts. 202 pending shows 'Airtime Purchase Pending' with the
 * server's warning; both outcomes go to /dashboard. The idempotency key is made once per
 * submitted form, so a retry of the same purchase reuses its VTpass request_id and never buys twice.
 */
function AirtimePage() {
  const me = useMe();
  const enabled = useFeatures()("feature_airtime");
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const buy = trpc.purchases.airtime.useMutation();
  const attempt = useRef<{ key: string; signature: string } | null>(null);
  const inFlight = useRef(false);

  const form = useForm<{ network: string; phoneNumber: string; amount: string }>({
    mode: "controlled",
    initialValues: { network: "", phoneNumber: "", amount: "" },
    validate: schemaResolver(airtimeFormSchema, { sync: true }),
  });

  const submit = form.onSubmit(async (values) => {
    if (inFlight.current || buy.isPending || !enabled) return;
    const parsed = parseNairaInput(values.amount);
    if (!parsed.ok) return;
    if (me.balance < parsed.naira) {
      notifyError(PURCHASE_MESSAGES.insufficientTitle, PURCHASE_MESSAGES.insufficient);
      return;
    }
    if (isOffline()) {
      notifyOffline();
      return;
    }
    const phoneNumber = values.phoneNumber.replace(/[\s-]/g, "");
    const signature = `${values.network}|${phoneNumber}|${parsed.kobo}`;
    if (attempt.current?.signature !== signature) attempt.current = { key: newIdempotencyKey(), signature };
    inFlight.current = true;
    try {
      const result = await buy.mutateAsync({ network: values.network as never, phoneNumber, amount: parsed.naira, idempotencyKey: attempt.current.key });
      attempt.current = null;
      if (result.status === "pending")
        notify({ title: PURCHASE_MESSAGES.airtimePendingTitle, message: result.warning ?? PURCHASE_MESSAGES.pendingWarning, color: "yellow" });
      else notify({ title: PURCHASE_MESSAGES.airtimeSuccessTitle, message: `${formatNaira(result.transaction.amount)} airtime sent to ${phoneNumber}` });
      await Promise.all([utils.auth.me.invalidate(), utils.transactions.list.invalidate(), utils.purchases.recentNumbers.invalidate()]);
      await navigate({ to: "/dashboard" });
    } catch (error) {
      const code = domainCode(error);
      if (!code && isOffline()) notifyOffline();
      else if (code === "INSUFFICIENT_BALANCE") notifyError(PURCHASE_MESSAGES.insufficientTitle, PURCHASE_MESSAGES.insufficient);
      else if (code === "VALIDATION" || code === "DAILY_LIMIT_EXCEEDED" || code === "FEATURE_DISABLED")
        notifyError(PURCHASE_MESSAGES.failedTitle, serverMessage(error) ?? PURCHASE_MESSAGES.airtimeFailed);
      else notifyError(PURCHASE_MESSAGES.failedTitle, PURCHASE_MESSAGES.airtimeFailed);
      if (code === "PURCHASE_FAILED") {
        attempt.current = null; // refunded: a new try is a new purchase
        void utils.auth.me.invalidate();
      }
    } finally {
      inFlight.current = false;
    }
  });

  return (
    <Stack gap="md">
      <PageHeader title="Buy Airtime" back="/pay" />
      {enabled ? null : <PurchaseDisabledAlert id="airtime-disabled" what="Airtime purchase" />}
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
            <NetworkField value={form.values.network} onChange={(network) => form.setFieldValue("network", network)} error={form.errors.network} />
            <PhoneField
              value={form.values.phoneNumber}
              network={form.values.network}
              onChange={(phone) => form.setFieldValue("phoneNumber", phone)}
              onPickRecent={(phone, network) => {
                form.setFieldValue("phoneNumber", phone);
                if (network) form.setFieldValue("network", network);
              }}
              onBlur={() => form.validateField("phoneNumber")}
              error={form.errors.phoneNumber}
            />
            <NairaAmountInput placeholder="500" required {...form.getInputProps("amount")} />
            <SimpleGrid cols={4} spacing={6} role="group" aria-label="Quick amounts">
              {QUICK_AIRTIME_AMOUNTS.map((amount) => (
                <Button
                  key={amount}
                  size="xs"
                  px={4}
                  variant={form.values.amount === String(amount) ? "filled" : "light"}
                  onClick={() => form.setFieldValue("amount", String(amount))}
                  aria-pressed={form.values.amount === String(amount)}
                >
                  {`₦${amount.toLocaleString("en-NG")}`}
                </Button>
              ))}
            </SimpleGrid>
            <BusyButton
              type="submit"
              size="md"
              fullWidth
              busy={buy.isPending}
              busyLabel="Processing..."
              disabled={!enabled}
              aria-describedby={enabled ? undefined : "airtime-disabled"}
            >
              Buy Airtime
            </BusyButton>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
