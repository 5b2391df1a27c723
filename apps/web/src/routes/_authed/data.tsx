import { NETWORK_IDS, PURCHASE_MESSAGES, formatNaira, purchasePhoneSchema, findNetwork } from "@kolo/domain";
import { Card, NativeSelect, Stack, Text } from "@mantine/core";
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
  ListLoadFailed,
  NetworkField,
  PhoneField,
  PurchaseDisabledAlert,
  notifyPurchase,
  useNetworkDetection,
  usePurchaseSubmit,
} from "../../features/purchases/purchase-fields";

export const Route = createFileRoute("/_authed/data")({
  component: DataPage,
});

/** docs/product.md#airtime-and-data: phone 11+ characters, network and plan required. */
const dataFormSchema = z.object({
  network: z.string().min(1, { error: PURCHASE_MESSAGES.network }),
  phoneNumber: purchasePhoneSchema,
  variationCode: z.string().min(1, { error: PURCHASE_MESSAGES.plan }),
});

/**
 * Buy Data Bundle (docs/product.md#airtime-and-data): network -> its plans (prices from the provider;
 * the server charges its own price, never this page's), phone with recent numbers and Verify
 * Phone Number. 202 pending shows 'Data Purchase Pending' with the server's warning; both
 * outcomes go to /dashboard. One idempotency key per submitted form (the retry key).
 */
function DataPage() {
  const me = useMe();
  const enabled = useFeatures()("feature_data");
  const navigate = useNavigate();
  const buy = trpc.purchases.data.useMutation();
  const money = usePurchaseSubmit(PURCHASE_MESSAGES.dataFailed);

  const form = useForm<{ network: string; phoneNumber: string; variationCode: string }>({
    mode: "controlled",
    initialValues: { network: "", phoneNumber: "", variationCode: "" },
    validate: schemaResolver(dataFormSchema, { sync: true }),
  });
  const network = form.values.network;
  const plans = trpc.purchases.dataPlans.useQuery({ networkId: network }, { enabled: network !== "", staleTime: 5 * 60_000, retry: 1 });
  const plan = plans.data?.variations.find((v) => v.variation_code === form.values.variationCode);

  const chooseNetwork = (next: string) => {
    if (next === form.values.network) return;
    form.setFieldValue("network", next);
    form.setFieldValue("variationCode", "");
  };

  const detection = useNetworkDetection(chooseNetwork);

  const submit = form.onSubmit(async (values) => {
    const network = NETWORK_IDS.find((id) => id === values.network);
    if (money.busy || !enabled || !plan || !network) return;
    if (!balanceCovers(me.balance, Number(plan.variation_amount))) return;
    const phoneNumber = values.phoneNumber.replace(/[\s-]/g, "");
    const variationCode = values.variationCode;
    await money.submit(
      `${network}|${phoneNumber}|${variationCode}`,
      (idempotencyKey, transactionPin) => buy.mutateAsync({ network, phoneNumber, variationCode, idempotencyKey, transactionPin }),
      async (result) => {
        notifyPurchase(
          result,
          { pending: PURCHASE_MESSAGES.dataPendingTitle, success: PURCHASE_MESSAGES.dataSuccessTitle },
          `${plan.name} sent to ${phoneNumber}`,
        );
        await navigate({ to: "/dashboard" });
      },
      {
        recipient: phoneNumber,
        details: [
          { label: "Network", value: findNetwork(network)?.name ?? network },
          { label: "Plan", value: plan.name },
        ],
        amount: Number(plan.variation_amount),
        fee: 0,
      },
    );
  });

  const plansField =
    network === "" ? (
      <NativeSelect label="Data plan" required disabled data={[{ value: "", label: "Select a network first" }]} error={form.errors.variationCode} />
    ) : plans.isError && !plans.data ? (
      <ListLoadFailed title="Data plan" message={PURCHASE_MESSAGES.plansFailed} onRetry={() => void plans.refetch()} />
    ) : (
      <NativeSelect
        label="Data plan"
        required
        disabled={plans.isPending}
        aria-busy={plans.isPending}
        {...form.getInputProps("variationCode")}
        data={[
          { value: "", label: plans.isPending ? "Loading plans..." : "Select a data plan" },
          ...(plans.data?.variations ?? []).map((v) => ({ value: v.variation_code, label: `${v.name} - ${formatNaira(Number(v.variation_amount))}` })),
        ]}
      />
    );

  return (
    <Stack gap="md">
      <PageHeader title="Buy Data Bundle" back="/pay" />
      {money.dialog}
      {enabled ? null : <PurchaseDisabledAlert id="data-disabled" what="Data plan purchase" />}
      <BalanceHeader />
      <Card>
        <form onSubmit={submit} noValidate>
          <Stack>
            <PhoneField
              value={form.values.phoneNumber}
              network={network}
              onChange={(phone) => {
                form.setFieldValue("phoneNumber", phone);
                detection.onPhoneChange(phone);
              }}
              onPickRecent={(phone, picked) => {
                form.setFieldValue("phoneNumber", phone);
                if (picked) chooseNetwork(picked);
              }}
              onBlur={() => form.validateField("phoneNumber")}
              error={form.errors.phoneNumber}
            />
            <NetworkField value={network} onChange={detection.onNetworkPick} detected={detection.isDetected(network)} error={form.errors.network} />
            {plansField}
            {plan ? (
              <Text size="sm" aria-live="polite">
                You pay <strong>{formatNaira(Number(plan.variation_amount))}</strong>
              </Text>
            ) : null}
            <SubmitButton busy={money.busy} disabled={!enabled} describedBy={enabled ? undefined : "data-disabled"}>
              Buy Data
            </SubmitButton>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
