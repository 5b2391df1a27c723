import { type Network, PURCHASE_MESSAGES, maskPhone } from "@kolo/domain";
import type { DataVariation } from "@kolo/providers";
import type { PurchaseKind, PurchaseOrder } from "./kind";

/** Data (docs/product.md#airtime-and-data): a network's plan, at the provider's price. */
export const dataKind: PurchaseKind = {
  type: "data",
  texts: { failed: PURCHASE_MESSAGES.dataFailed, pendingTitle: PURCHASE_MESSAGES.dataPendingTitle, successTitle: PURCHASE_MESSAGES.dataSuccessTitle },
  receipt: (metadata) => ({
    title: "Data bundle",
    to: {
      name: [metadata.network?.toUpperCase(), metadata.planName].filter(Boolean).join(" ") || "Phone",
      account: metadata.phoneNumber ? maskPhone(metadata.phoneNumber) : null,
    },
    lines: [],
  }),
};

/** The order for `plan` (from the provider's own list, never the client's price) on `phoneNumber`. */
export function dataOrder(network: Network, phoneNumber: string, plan: DataVariation): PurchaseOrder {
  return {
    type: "data",
    serviceId: network.dataServiceId,
    amountKobo: plan.amountKobo,
    description: `${plan.name} for ${phoneNumber}`,
    metadata: { phoneNumber, network: network.name, variationCode: plan.variationCode, planName: plan.name },
    pay: { phone: phoneNumber, billersCode: phoneNumber, variationCode: plan.variationCode },
    sameWhen: ["phoneNumber", "variationCode"],
    sameAmount: false,
  };
}
