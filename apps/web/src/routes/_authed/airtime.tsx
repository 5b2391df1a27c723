import { NairaAmountInput } from "../../components/form-inputs";
import {
  NETWORK_IDS,
  PURCHASE_MESSAGES,
  QUICK_AIRTIME_AMOUNTS,
  airtimePurchaseSchema,
  formatNaira,
  nairaInputText,
  parseNairaInput,
  purchasePhoneSchema,
  findNetwork,
} from "@kolo/domain";
import { Button, Card, SimpleGrid, Stack } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import { SubmitButton } from "../../components/busy-button";
import { BalanceHeader } from "../../components/balance-header";
import { PageHeader } from "../../components/page-header";
import { balanceCovers } from "../../lib/money-form";
import { useFeatures, useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";
import {
  NetworkField,
  PhoneField,
  PurchaseDisabledAlert,
  notifyPurchase,
  useNetworkDetection,
  usePurchaseSubmit,
} from "../../features/purchases/purchase-fields";

export const Route = createFileRoute("/_authed/airtime")({
  component: AirtimePage,
});

/** The form checks what the procedure checks (docs/product.md#airtime-and-data); the amount is the field's text. */
const airtimeFormSchema = z.object({
  network: z.string().min(1, { error: PURCHASE_MESSAGES.network }),
  phoneNumber: purchasePhoneSchema,
  amount: nairaInputText.pipe(airtimePurchaseSchema.shape.amount),
});

/**
 * Buy Airtime (docs/product.md#airtime-and-data): network, phone (recent numbers, Verify Phone
 * Number), amount with the quick amounts. 202 pending shows 'Airtime Purchase Pending' with the
 * server's warning; both outcomes go to /dashboard. The idempotency key is made once per
 * submitted form, so a retry of the same purchase reuses its VTpass request_id and never buys twice.
 */
function AirtimePage() {
  const me = useMe();
  const enabled = useFeatures()("feature_airtime");
  const navigate = useNavigate();
  const buy = trpc.purchases.airtime.useMutation();
  const money = usePurchaseSubmit(PURCHASE_MESSAGES.airtimeFailed);

  const form = useForm<{ network: string; phoneNumber: string; amount: string }>({
    mode: "controlled",
    initialValues: { network: "", phoneNumber: "", amount: "" },
    validate: schemaResolver(airtimeFormSchema, { sync: true }),
  });

  const detection = useNetworkDetection((network) => form.setFieldValue("network", network));

  const submit = form.onSubmit(async (values) => {
    if (money.busy || !enabled) return;
    const parsed = parseNairaInput(values.amount);
    const network = NETWORK_IDS.find((id) => id === values.network);
    if (!parsed.ok || !network) return; // the resolver already put the reason under the field
    if (!balanceCovers(me.balance, parsed.naira)) return;
    const phoneNumber = values.phoneNumber.replace(/[\s-]/g, "");
    await money.submit(
      `${network}|${phoneNumber}|${parsed.kobo}`,
      (idempotencyKey, transactionPin) => buy.mutateAsync({ network, phoneNumber, amount: parsed.naira, idempotencyKey, transactionPin }),
      async (result) => {
        const titles = { pending: PURCHASE_MESSAGES.airtimePendingTitle, success: PURCHASE_MESSAGES.airtimeSuccessTitle };
        notifyPurchase(result, titles, `${formatNaira(result.transaction.amount)} airtime sent to ${phoneNumber}`);
        await navigate({ to: "/dashboard" });
      },
      {
        recipient: phoneNumber,
        details: [
          { label: "Network", value: findNetwork(network)?.name ?? network },
          { label: "Service", value: "Airtime" },
        ],
        amount: parsed.naira,
        fee: 0,
      },
    );
  });

  return (
    <Stack gap="md">
      <PageHeader title="Buy Airtime" back="/pay" />
      {money.dialog}
      {enabled ? null : <PurchaseDisabledAlert id="airtime-disabled" what="Airtime purchase" />}
      <BalanceHeader />
      <Card>
        <form onSubmit={submit} noValidate>
          <Stack>
            <PhoneField
              value={form.values.phoneNumber}
              network={form.values.network}
              onChange={(phone) => {
                form.setFieldValue("phoneNumber", phone);
                detection.onPhoneChange(phone);
              }}
              onPickRecent={(phone, network) => {
                form.setFieldValue("phoneNumber", phone);
                if (network) form.setFieldValue("network", network);
              }}
              onBlur={() => form.validateField("phoneNumber")}
              error={form.errors.phoneNumber}
            />
            <NetworkField
              value={form.values.network}
              onChange={detection.onNetworkPick}
              detected={detection.isDetected(form.values.network)}
              error={form.errors.network}
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
            <SubmitButton busy={money.busy} disabled={!enabled} describedBy={enabled ? undefined : "airtime-disabled"}>
              Buy Airtime
            </SubmitButton>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
