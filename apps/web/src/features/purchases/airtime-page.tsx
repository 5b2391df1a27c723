import { PURCHASE_MESSAGES, QUICK_AIRTIME_AMOUNTS, airtimePurchaseSchema, findNetwork, formatNaira, nairaInputText } from "@kolo/domain";
import { Button, SimpleGrid } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { NairaAmountInput } from "../../components/form-inputs";
import { typedNaira } from "../../lib/money-form";
import { trpc } from "../../lib/trpc";
import { PhoneAndNetworkFields } from "./purchase-fields";
import { PurchaseScreen, purchaseKind, usePurchaseForm } from "./purchase-form";

const AIRTIME = purchaseKind("Buy Airtime", "feature_airtime", "Airtime purchase", {
  failed: PURCHASE_MESSAGES.airtimeFailed,
  pendingTitle: PURCHASE_MESSAGES.airtimePendingTitle,
  successTitle: PURCHASE_MESSAGES.airtimeSuccessTitle,
});

/** The procedure's own rules (POST /api/airtime); the amount is the field's text, read as naira. */
const airtimeFormSchema = airtimePurchaseSchema
  .pick({ network: true, phoneNumber: true })
  .extend({ amount: nairaInputText.pipe(airtimePurchaseSchema.shape.amount) });

/**
 * Buy Airtime (docs/product.md#airtime-and-data): network, phone (recent numbers, Verify Phone
 * Number), amount with the quick amounts. 202 pending shows 'Airtime Purchase Pending' with the
 * server's warning; both outcomes end on the payment's screen (/done/{reference}). The idempotency key is made once per
 * submitted form, so a retry of the same purchase reuses its VTpass request_id and never buys twice.
 */
export function AirtimePage() {
  const navigate = useNavigate();
  const send = trpc.purchases.airtime.useMutation();
  const purchase = usePurchaseForm(AIRTIME, airtimeFormSchema, { network: "", phoneNumber: "", amount: "" });
  const { form } = purchase;

  const submit = purchase.onSubmit(({ network, phoneNumber, amount: kobo }, typed) => {
    const amount = typedNaira(typed.amount);
    return purchase.buy({
      signature: `${network}|${phoneNumber}|${kobo}`,
      amount,
      send: (idempotencyKey, transactionPin) => send.mutateAsync({ network, phoneNumber, amount, idempotencyKey, transactionPin }),
      success: (result) => `${formatNaira(result.transaction.amount)} airtime sent to ${phoneNumber}`,
      review: {
        recipient: phoneNumber,
        details: [
          { label: "Network", value: findNetwork(network)?.name ?? network },
          { label: "Service", value: "Airtime" },
        ],
      },
      then: (result) => navigate({ to: "/done/$reference", params: { reference: result.transaction.reference } }),
    });
  });

  return (
    <PurchaseScreen kind={AIRTIME} purchase={purchase} onSubmit={submit}>
      <PhoneAndNetworkFields
        phoneNumber={form.values.phoneNumber}
        network={form.values.network}
        errors={form.errors}
        setPhoneNumber={(phone) => form.setFieldValue("phoneNumber", phone)}
        setNetwork={(network) => form.setFieldValue("network", network)}
        validatePhone={() => form.validateField("phoneNumber")}
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
    </PurchaseScreen>
  );
}
