import { PURCHASE_MESSAGES, dataPurchaseSchema, findNetwork, formatNaira } from "@kolo/domain";
import { NativeSelect, Text } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { trpc } from "../../lib/trpc";
import { LoadedSelect, PhoneAndNetworkFields } from "./purchase-fields";
import { PurchaseScreen, purchaseKind, usePurchaseForm } from "./purchase-form";

const DATA = purchaseKind(
  "Buy Data Bundle",
  "feature_data",
  "Data plan purchase",
  { failed: PURCHASE_MESSAGES.dataFailed, pendingTitle: PURCHASE_MESSAGES.dataPendingTitle, successTitle: PURCHASE_MESSAGES.dataSuccessTitle },
  "Buy Data",
);

/** The plan field's texts (its options come from purchases.dataPlans). */
const PLAN_FIELD = { label: "Data plan", loading: "Loading plans...", placeholder: "Select a data plan", failed: PURCHASE_MESSAGES.plansFailed };

/** The procedure's own rules (POST /api/data): phone 11+ characters, network and plan required. */
const dataFormSchema = dataPurchaseSchema.pick({ network: true, phoneNumber: true, variationCode: true });

/**
 * Buy Data Bundle (docs/product.md#airtime-and-data): network -> its plans (prices from the provider;
 * the server charges its own price, never this page's), phone with recent numbers and Verify
 * Phone Number. 202 pending shows 'Data Purchase Pending' with the server's warning; both
 * outcomes go to /dashboard. One idempotency key per submitted form (the retry key).
 */
export function DataPage() {
  const navigate = useNavigate();
  const send = trpc.purchases.data.useMutation();
  const purchase = usePurchaseForm(DATA, dataFormSchema, { network: "", phoneNumber: "", variationCode: "" });
  const { form } = purchase;
  const network = form.values.network;
  const plans = trpc.purchases.dataPlans.useQuery({ networkId: network }, { enabled: network !== "", staleTime: 5 * 60_000, retry: 1 });
  const plan = plans.data?.variations.find((v) => v.variation_code === form.values.variationCode);

  const chooseNetwork = (next: string) => {
    if (next === form.values.network) return;
    form.setFieldValue("network", next);
    form.setFieldValue("variationCode", "");
  };

  const submit = purchase.onSubmit(async (values) => {
    if (!plan) return;
    const { network, phoneNumber, variationCode } = values;
    await purchase.buy({
      signature: `${network}|${phoneNumber}|${variationCode}`,
      amount: Number(plan.variation_amount),
      send: (idempotencyKey, transactionPin) => send.mutateAsync({ network, phoneNumber, variationCode, idempotencyKey, transactionPin }),
      success: () => `${plan.name} sent to ${phoneNumber}`,
      review: {
        recipient: phoneNumber,
        details: [
          { label: "Network", value: findNetwork(network)?.name ?? network },
          { label: "Plan", value: plan.name },
        ],
      },
      then: (result) => navigate({ to: "/done/$reference", params: { reference: result.transaction.reference } }),
    });
  });

  const plansField =
    network === "" ? (
      <NativeSelect label="Data plan" required disabled data={[{ value: "", label: "Select a network first" }]} error={form.errors.variationCode} />
    ) : (
      <LoadedSelect
        {...PLAN_FIELD}
        list={plans}
        options={(plans.data?.variations ?? []).map((v) => ({ value: v.variation_code, label: `${v.name} - ${formatNaira(Number(v.variation_amount))}` }))}
        input={form.getInputProps("variationCode")}
      />
    );

  return (
    <PurchaseScreen kind={DATA} purchase={purchase} onSubmit={submit}>
      <PhoneAndNetworkFields
        phoneNumber={form.values.phoneNumber}
        network={network}
        errors={form.errors}
        setPhoneNumber={(phone) => form.setFieldValue("phoneNumber", phone)}
        setNetwork={chooseNetwork}
        validatePhone={() => form.validateField("phoneNumber")}
      />
      {plansField}
      {plan ? (
        <Text size="sm" aria-live="polite">
          You pay <strong>{formatNaira(Number(plan.variation_amount))}</strong>
        </Text>
      ) : null}
    </PurchaseScreen>
  );
}
