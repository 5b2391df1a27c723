import { type Network, PURCHASE_MESSAGES, maskPhone } from "@kolo/domain";
import type { PurchaseKind, PurchaseOrder } from "./kind";

/** Airtime (docs/product.md#airtime-and-data): a whole-naira amount for a phone on a network. */
export const airtimeKind: PurchaseKind = {
  type: "airtime",
  texts: { failed: PURCHASE_MESSAGES.airtimeFailed, pendingTitle: PURCHASE_MESSAGES.airtimePendingTitle, successTitle: PURCHASE_MESSAGES.airtimeSuccessTitle },
  receipt: (metadata) => ({
    title: "Airtime",
    to: { name: metadata.network?.toUpperCase() ?? "Phone", account: metadata.phoneNumber ? maskPhone(metadata.phoneNumber) : null },
    lines: [],
  }),
};

/** The order for `amountKobo` of `network` airtime on `phoneNumber` (checked by airtimePurchaseSchema). */
export function airtimeOrder(network: Network, phoneNumber: string, amountKobo: bigint): PurchaseOrder {
  return {
    type: "airtime",
    serviceId: network.airtimeServiceId,
    amountKobo,
    description: `${network.name} airtime for ${phoneNumber}`,
    metadata: { phoneNumber, network: network.name },
    pay: { phone: phoneNumber, amountKobo },
    sameWhen: ["phoneNumber"],
    sameAmount: true,
  };
}
