import {
  CABLE_MESSAGES,
  CABLE_PROVIDERS,
  cableProviderSchema,
  checkSmartcardLength,
  findCableProvider,
  formatNaira,
  purchasePhoneSchema,
  smartcardNumberSchema,
} from "@kolo/domain";
import { Alert, Box, Group, NativeSelect, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { z } from "zod";
import { serverMessage } from "../../lib/errors";
import { useMe } from "../../lib/queries";
import { trpc } from "../../lib/trpc";
import { LoadedSelect, VerifiedNumberField } from "./purchase-fields";
import { type PurchaseKind, PurchaseScreen, usePurchaseForm } from "./purchase-form";

const CABLE: PurchaseKind = {
  title: "Cable TV",
  feature: "feature_cable",
  disabledWhat: "Cable TV subscription",
  submitLabel: "Pay Subscription",
  failed: CABLE_MESSAGES.failed,
  titles: { pending: CABLE_MESSAGES.pendingTitle, success: CABLE_MESSAGES.successTitle },
};

/**
 * The procedure's own field rules (POST /api/cable); the amount is not typed: it is the verified
 * renewal amount or the chosen bouquet's price, which the server checks again.
 */
const cableFormSchema = z
  .object({
    provider: cableProviderSchema,
    smartcardNumber: smartcardNumberSchema,
    choice: z.enum(["renew", "change"]),
    bouquetCode: z.string(),
    phone: purchasePhoneSchema,
  })
  .superRefine(checkSmartcardLength)
  .superRefine((value, ctx) => {
    if (value.choice === "change" && !value.bouquetCode) ctx.addIssue({ code: "custom", path: ["bouquetCode"], message: CABLE_MESSAGES.bouquet });
  });
type FormValues = { provider: string; smartcardNumber: string; choice: "renew" | "change"; bouquetCode: string; phone: string };

interface VerifiedCard {
  /** provider|number the answer is for: a change to either asks again. */
  key: string;
  smartcardNumber: string;
  customerName: string;
  status: string | null;
  currentBouquet: string | null;
  dueDate: string | null;
  /** Naira; null when the provider states none (StarTimes). */
  renewalAmount: number | null;
}

const cardKey = (values: Pick<FormValues, "provider" | "smartcardNumber">) => `${values.provider}|${values.smartcardNumber.replace(/[\s-]/g, "")}`;

/** '2026-11-29' as '29 Nov 2026'; any other text as given. */
const dueDateText = (date: string) => {
  const parsed = /^\d{4}-\d{2}-\d{2}/.test(date) ? new Date(`${date.slice(0, 10)}T00:00:00Z`) : null;
  return parsed && !Number.isNaN(parsed.getTime())
    ? parsed.toLocaleDateString("en-NG", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })
    : date;
};

/**
 * Cable TV (docs/product.md "Cable TV"): provider (DStv, GOtv, StarTimes), smartcard verified with
 * the provider (name, current bouquet, due date, renewal amount shown), then renew at the renewal
 * amount or change to a bouquet at its price, the phone, the review step and the PIN; both outcomes
 * end on the payment's screen (/done/{reference}), after the pending or success toast. StarTimes states no renewal amount: a bouquet is always chosen.
 */
export function CablePage() {
  const me = useMe();
  const navigate = useNavigate();
  const send = trpc.cable.subscribe.useMutation();
  const verify = trpc.cable.verify.useMutation();
  const initialValues: FormValues = { provider: "", smartcardNumber: "", choice: "renew", bouquetCode: "", phone: me.phone ?? "" };
  const purchase = usePurchaseForm(CABLE, cableFormSchema, initialValues);
  const { form, enabled } = purchase;
  const provider = findCableProvider(form.values.provider);
  const bouquets = trpc.cable.bouquets.useQuery({ provider: provider?.id ?? "dstv" }, { enabled: provider !== undefined && enabled, staleTime: 60 * 60_000 });
  const [verified, setVerified] = useState<VerifiedCard | null>(null);
  const current = verified && verified.key === cardKey(form.values) ? verified : null;
  const canRenew = current?.renewalAmount != null;
  const choice = canRenew ? form.values.choice : "change";
  const bouquet = (bouquets.data ?? []).find((b) => b.code === form.values.bouquetCode);
  const amount = choice === "renew" ? (current?.renewalAmount ?? null) : (bouquet?.amount ?? null);

  /** Asks the provider who holds the card; the answer (or its refusal) shows under the smartcard field. */
  const runVerify = async (): Promise<VerifiedCard | null> => {
    const invalid = (["provider", "smartcardNumber"] as const).map((field) => form.validateField(field).hasError);
    if (invalid.some(Boolean)) return null;
    const values = form.values;
    const chosen = cableProviderSchema.parse(values.provider);
    try {
      const answer = await verify.mutateAsync({ provider: chosen, smartcardNumber: values.smartcardNumber });
      const next: VerifiedCard = { key: cardKey(values), ...answer };
      setVerified(next);
      if (next.renewalAmount === null) form.setFieldValue("choice", "change");
      return next;
    } catch (error) {
      setVerified(null);
      form.setFieldError("smartcardNumber", serverMessage(error) ?? CABLE_MESSAGES.verifyUnavailable);
      return null;
    }
  };

  const submit = purchase.onSubmit(async (values) => {
    if (!enabled || !provider) return;
    const card = current ?? (await runVerify());
    if (!card) return;
    const renew = values.choice === "renew" && card.renewalAmount !== null;
    const chosen = renew ? undefined : bouquet;
    if (!renew && !chosen) {
      form.setFieldError("bouquetCode", CABLE_MESSAGES.bouquet);
      return;
    }
    const price = renew ? card.renewalAmount! : chosen!.amount;
    const bouquetName = renew ? (card.currentBouquet ?? "Current bouquet") : chosen!.name;
    const request = {
      provider: provider.id,
      smartcardNumber: card.smartcardNumber,
      ...(chosen ? { bouquetCode: chosen.code } : {}),
      amount: price,
      phone: values.phone,
    };
    await purchase.buy({
      signature: `${card.key}|${chosen?.code ?? "renew"}|${price}|${values.phone}`,
      amount: price,
      send: (idempotencyKey, transactionPin) => send.mutateAsync({ ...request, idempotencyKey, transactionPin }),
      success: () => `${provider.name} ${bouquetName} for smartcard ${card.smartcardNumber}`,
      review: {
        recipient: card.customerName,
        details: [
          { label: "Provider", value: provider.name },
          { label: "Smartcard", value: card.smartcardNumber },
          { label: renew ? "Renew" : "Change to", value: bouquetName },
        ],
      },
      then: (result) => navigate({ to: "/done/$reference", params: { reference: result.transaction.reference } }),
    });
  });

  return (
    <PurchaseScreen kind={CABLE} purchase={purchase} onSubmit={submit}>
      <NativeSelect
        label="Cable TV provider"
        required
        {...form.getInputProps("provider")}
        onChange={(event) => {
          form.setFieldValue("provider", event.currentTarget.value);
          form.setFieldValue("bouquetCode", "");
        }}
        data={[{ value: "", label: "Select your provider" }, ...CABLE_PROVIDERS.map((p) => ({ value: p.id, label: p.name }))]}
      />
      <VerifiedNumberField
        label="Smartcard number"
        placeholder={provider?.id === "startimes" ? "10 or 11 digits" : "10 digits"}
        input={form.getInputProps("smartcardNumber")}
        verifyLabel="Verify Smartcard"
        hint="The provider confirms the card before you pay."
        verified={Boolean(current)}
        loading={verify.isPending}
        disabled={!enabled}
        onVerify={() => void runVerify()}
      >
        {current ? (
          <Box component="section" aria-label="Smartcard details">
            <Alert color="kolo" variant="light" title={current.customerName}>
              <Stack gap={2}>
                {current.currentBouquet ? <Text size="sm">Current bouquet: {current.currentBouquet}</Text> : null}
                {current.dueDate ? <Text size="sm">Due date: {dueDateText(current.dueDate)}</Text> : null}
                {current.renewalAmount !== null ? (
                  <Text size="sm">Renewal amount: {formatNaira(current.renewalAmount)}</Text>
                ) : (
                  <Text size="sm">Choose a bouquet to pay for.</Text>
                )}
              </Stack>
            </Alert>
          </Box>
        ) : null}
      </VerifiedNumberField>
      {current && canRenew ? (
        <Radio.Group label="What to pay" required {...form.getInputProps("choice")}>
          <Stack gap={6} mt={6}>
            {(
              [
                ["renew", `Renew ${current.currentBouquet ?? "current bouquet"}`],
                ["change", "Change bouquet"],
              ] as const
            ).map(([value, label]) => (
              <Radio.Card key={value} value={value} radius="md" p="sm" className="kolo-choice-card" style={{ minHeight: 48 }}>
                <Group gap="sm" wrap="nowrap">
                  <Radio.Indicator aria-hidden="true" />
                  <Text size="sm">{label}</Text>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      ) : null}
      {current && choice === "change" ? (
        <LoadedSelect
          label="Bouquet"
          list={bouquets}
          options={(bouquets.data ?? []).map((b) => ({ value: b.code, label: `${b.name} - ${formatNaira(b.amount)}` }))}
          loading="Loading bouquets..."
          placeholder="Select a bouquet"
          failed={CABLE_MESSAGES.bouquetsFailed}
          input={form.getInputProps("bouquetCode")}
        />
      ) : null}
      {current && amount !== null ? (
        <Text size="sm" fw={600} data-testid="cable-amount">
          Amount: {formatNaira(amount)}
        </Text>
      ) : null}
      <TextInput
        label="Phone number"
        description="For the provider's confirmation by SMS"
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
