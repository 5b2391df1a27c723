import {
  ELECTRICITY_MESSAGES,
  METER_TYPES,
  type MeterType,
  PURCHASE_MESSAGES,
  electricityMinimumMessage,
  electricityPurchaseSchema,
  findDisco,
  formatNaira,
  nairaInputText,
} from "@kolo/domain";
import { Alert, Button, Card, NativeSelect, Stack, Text, TextInput, Title } from "@mantine/core";
import { useClipboard } from "@mantine/hooks";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { NairaAmountInput } from "../../components/form-inputs";
import { PageHeader } from "../../components/page-header";
import { serverMessage } from "../../lib/errors";
import { typedNaira } from "../../lib/money-form";
import { notifyError } from "../../lib/notify";
import { useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";
import { LoadedSelect, VerifiedNumberField } from "./purchase-fields";
import { PurchaseScreen, purchaseKind, usePurchaseForm } from "./purchase-form";

const METER_TYPE_LABELS: Record<MeterType, string> = { prepaid: "Prepaid", postpaid: "Postpaid" };

const ELECTRICITY = purchaseKind("Buy Electricity", "feature_electricity", "Electricity purchase", ELECTRICITY_MESSAGES);

/** The disco field's texts (its options come from purchases.discos). */
const DISCO_FIELD = {
  label: "Electricity company",
  loading: "Loading companies...",
  placeholder: "Select your electricity company",
  failed: ELECTRICITY_MESSAGES.discosFailed,
};

/** The procedure's own rules (POST /api/electricity); the meter's own minimum is checked after it is verified. */
const electricityFormSchema = electricityPurchaseSchema
  .pick({ disco: true, meterType: true, meterNumber: true, phone: true })
  .extend({ amount: nairaInputText.pipe(electricityPurchaseSchema.shape.amount) });
type FormValues = { disco: string; meterType: MeterType; meterNumber: string; amount: string; phone: string };

interface VerifiedMeter {
  /** disco|type|number the answer is for: a change to any of them asks again. */
  key: string;
  customerName: string;
  address: string;
  meterNumber: string;
  /** Naira. */
  minimumAmount: number;
}

interface Bought {
  status: "success" | "pending";
  /** Naira. */
  amount: number;
  reference: string;
  token: string | null;
  units: string | null;
  meterNumber: string;
  discoName: string;
}

const meterKey = (values: Pick<FormValues, "disco" | "meterType" | "meterNumber">) =>
  `${values.disco}|${values.meterType}|${values.meterNumber.replace(/[\s-]/g, "")}`;

/**
 * Buy Electricity (docs/product.md "Electricity"): disco (all twelve), meter type, meter number
 * verified with the disco before paying (the holder's name and address are shown), amount from
 * ₦1,000 or the meter's minimum, phone (the profile's, changeable). Then the review step and the
 * PIN. A delivered prepaid purchase shows its token large with Copy Token, and the units; pending
 * shows the purchase warning. The token stays on the receipt. One idempotency key per submitted form.
 */
export function ElectricityPage() {
  const me = useMe();
  const send = trpc.purchases.electricity.useMutation();
  const verify = trpc.purchases.verifyMeter.useMutation();
  const discos = trpc.purchases.discos.useQuery(undefined, { staleTime: 60 * 60_000 });
  const initialValues: FormValues = { disco: "", meterType: "prepaid", meterNumber: "", amount: "", phone: me.phone ?? "" };
  const purchase = usePurchaseForm(ELECTRICITY, electricityFormSchema, initialValues);
  const { form, enabled } = purchase;
  const [verified, setVerified] = useState<VerifiedMeter | null>(null);
  const [bought, setBought] = useState<Bought | null>(null);
  const current = verified && verified.key === meterKey(form.values) ? verified : null;

  /** Asks the disco who holds the meter; the answer (or its refusal) shows under the meter field. */
  const runVerify = async (): Promise<VerifiedMeter | null> => {
    // Only the meter's own fields: the amount and phone may still be empty.
    const invalid = (["disco", "meterType", "meterNumber"] as const).map((field) => form.validateField(field).hasError);
    if (invalid.some(Boolean)) return null;
    const values = form.values;
    try {
      const answer = await verify.mutateAsync({ disco: values.disco, meterType: values.meterType, meterNumber: values.meterNumber });
      const next = { key: meterKey(values), ...answer };
      setVerified(next);
      return next;
    } catch (error) {
      setVerified(null);
      form.setFieldError("meterNumber", serverMessage(error) ?? ELECTRICITY_MESSAGES.verifyUnavailable);
      return null;
    }
  };

  const submit = purchase.onSubmit(async (values, typed) => {
    const disco = findDisco(values.disco);
    if (!enabled || !disco) return;
    const meter = current ?? (await runVerify());
    if (!meter) return;
    const amount = typedNaira(typed.amount);
    if (amount < meter.minimumAmount) {
      form.setFieldError("amount", electricityMinimumMessage(formatNaira(meter.minimumAmount)));
      return;
    }
    const { meterType, phone } = values;
    const request = { disco: disco.id, meterType, meterNumber: meter.meterNumber, amount, phone };
    await purchase.buy({
      signature: `${meter.key}|${values.amount}|${phone}`,
      amount,
      send: (idempotencyKey, transactionPin) => send.mutateAsync({ ...request, idempotencyKey, transactionPin }),
      success: (result) => `${formatNaira(result.transaction.amount)} of electricity for meter ${meter.meterNumber}`,
      review: {
        recipient: meter.customerName,
        details: [
          { label: "Company", value: `${disco.name} (${disco.shortName})` },
          { label: "Meter", value: `${METER_TYPE_LABELS[meterType]} ${meter.meterNumber}` },
          ...(meter.address ? [{ label: "Address", value: meter.address }] : []),
        ],
      },
      then: (result) => {
        const metadata = result.transaction.metadata as { token?: string; units?: string };
        setBought({
          status: result.status === "pending" ? "pending" : "success",
          amount: result.transaction.amount,
          reference: result.transaction.reference,
          token: metadata.token ?? null,
          units: metadata.units ?? null,
          meterNumber: meter.meterNumber,
          discoName: disco.name,
        });
      },
    });
  });

  if (bought) {
    return (
      <Stack gap="md">
        <PageHeader title="Buy Electricity" back="/pay" />
        <PurchaseResult
          bought={bought}
          onAgain={() => {
            setBought(null);
            form.setFieldValue("amount", "");
          }}
        />
      </Stack>
    );
  }

  const discoField = (
    <LoadedSelect
      {...DISCO_FIELD}
      list={discos}
      options={(discos.data ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.shortName})` }))}
      input={form.getInputProps("disco")}
    />
  );

  return (
    <PurchaseScreen kind={ELECTRICITY} purchase={purchase} onSubmit={submit}>
      {discoField}
      <NativeSelect
        label="Meter type"
        required
        {...form.getInputProps("meterType")}
        data={METER_TYPES.map((type) => ({ value: type, label: METER_TYPE_LABELS[type] }))}
      />
      <VerifiedNumberField
        label="Meter number"
        placeholder="11 to 13 digits"
        input={form.getInputProps("meterNumber")}
        verifyLabel="Verify Meter"
        hint="The company confirms the meter before you pay."
        verified={Boolean(current)}
        loading={verify.isPending}
        disabled={!enabled}
        onVerify={() => void runVerify()}
      >
        {current ? (
          <Alert color="kolo" variant="light" title={current.customerName}>
            <Text size="sm">{current.address || "No address on record"}</Text>
            <Text size="xs" mt={4}>
              Minimum purchase {formatNaira(current.minimumAmount)}
            </Text>
          </Alert>
        ) : null}
      </VerifiedNumberField>
      <NairaAmountInput placeholder="2000" required {...form.getInputProps("amount")} />
      <TextInput
        label="Phone number"
        description="For the token by SMS from your electricity company"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="08012345678"
        required
        {...form.getInputProps("phone")}
      />
    </PurchaseScreen>
  );
}

/** After the purchase: the amount, the token large and copyable with the units (prepaid), or the pending warning; the receipt keeps both. */
function PurchaseResult({ bought, onAgain }: { bought: Bought; onAgain: () => void }) {
  const clipboard = useClipboard({ timeout: 2_000 });
  useEffect(() => {
    if (clipboard.error) notifyError("Copy failed", "Select the token and copy it.");
  }, [clipboard.error]);
  const pending = bought.status === "pending";
  return (
    <Card role="status" aria-labelledby="electricity-result-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="electricity-result-title">
          {pending ? ELECTRICITY_MESSAGES.pendingTitle : ELECTRICITY_MESSAGES.successTitle}
        </Title>
        <Text fz={26} fw={800} data-testid="electricity-amount">
          {formatNaira(bought.amount)}
        </Text>
        <Text size="sm" c="dimmed">
          {bought.discoName} · meter {bought.meterNumber}
        </Text>
        {pending ? (
          <Alert color="yellow" variant="light">
            {PURCHASE_MESSAGES.pendingWarning} The token will be on the receipt once the company delivers it.
          </Alert>
        ) : bought.token ? (
          <Stack gap={4}>
            <Text size="sm" c="dimmed" id="electricity-token-label">
              Token
            </Text>
            <Text
              fz={26}
              fw={800}
              ff="monospace"
              aria-labelledby="electricity-token-label"
              style={{ overflowWrap: "anywhere", letterSpacing: "0.02em" }}
              data-testid="electricity-token"
            >
              {bought.token}
            </Text>
            {bought.units ? (
              <Text size="md" fw={600}>
                {bought.units}
              </Text>
            ) : null}
            <Button variant="light" onClick={() => clipboard.copy(bought.token)} aria-label="Copy token">
              {clipboard.copied ? "Copied" : "Copy Token"}
            </Button>
          </Stack>
        ) : (
          <Text size="sm">Your payment is complete. The company credits your account; no token is needed for a postpaid meter.</Text>
        )}
        <Button renderRoot={(props) => <Link {...props} to="/receipt/$reference" params={{ reference: bought.reference }} />} variant="filled">
          View Receipt
        </Button>
        <Button variant="subtle" onClick={onAgain}>
          Buy Again
        </Button>
      </Stack>
    </Card>
  );
}
