import {
  type Disco,
  DomainError,
  ELECTRICITY_MESSAGES,
  ELECTRICITY_MIN_KOBO,
  type MeterType,
  electricityMinimumMessage,
  formatKobo,
  maskPhone,
} from "@kolo/domain";
import { PaymentGatewayError, type PurchaseProvider, type VerifiedMeter } from "@kolo/providers";
import type { PurchaseKind, PurchaseOrder } from "./kind";

/**
 * Electricity (docs/product.md "Electricity"; docs/providers.md "Electricity (VTpass)"): an amount
 * for a verified meter at a disco. A delivered prepaid purchase carries a token and units, kept on
 * the record and its receipt.
 */
export const electricityKind: PurchaseKind = {
  type: "electricity",
  texts: { failed: ELECTRICITY_MESSAGES.failed, pendingTitle: ELECTRICITY_MESSAGES.pendingTitle, successTitle: ELECTRICITY_MESSAGES.successTitle },
  receipt: (metadata) => ({
    title: `Electricity${metadata.meterType ? ` (${metadata.meterType})` : ""}`,
    to: {
      name: [metadata.network, metadata.customerName].filter(Boolean).join(" · ") || "Meter",
      account: metadata.meterNumber ? `Meter ${maskPhone(metadata.meterNumber)}` : null,
    },
    lines: [...(metadata.token ? [{ label: "Token", value: metadata.token }] : []), ...(metadata.units ? [{ label: "Units", value: metadata.units }] : [])],
  }),
};

/** The least `meter` may be sold, kobo: its verified minimum, never below ELECTRICITY_MIN_KOBO. */
export const meterMinimumKobo = (meter: Pick<VerifiedMeter, "minimumKobo">): bigint =>
  meter.minimumKobo !== undefined && meter.minimumKobo > ELECTRICITY_MIN_KOBO ? meter.minimumKobo : ELECTRICITY_MIN_KOBO;

/**
 * Asks the disco (through VTpass's merchant-verify) who holds `meterNumber`. Errors: NOT_FOUND
 * ELECTRICITY_MESSAGES.meterNotFound when it knows no such meter, PROVIDER_UNAVAILABLE
 * ELECTRICITY_MESSAGES.verifyUnavailable when VTpass cannot answer.
 */
export async function verifyMeter(purchases: PurchaseProvider, disco: Disco, meterType: MeterType, meterNumber: string): Promise<VerifiedMeter> {
  try {
    return await purchases.verifyMeter(disco.id, meterNumber, meterType);
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    if (error.status === 404) throw new DomainError("NOT_FOUND", ELECTRICITY_MESSAGES.meterNotFound, { meterNumber: [ELECTRICITY_MESSAGES.meterNotFound] });
    throw new DomainError("PROVIDER_UNAVAILABLE", ELECTRICITY_MESSAGES.verifyUnavailable);
  }
}

/**
 * The order for `amountKobo` of electricity on the verified `meter`. VALIDATION 'Minimum amount for
 * this meter is ₦…' below the meter's minimum (meterMinimumKobo).
 */
export function electricityOrder(disco: Disco, meterType: MeterType, meter: VerifiedMeter, amountKobo: bigint, phone: string): PurchaseOrder {
  const minimum = meterMinimumKobo(meter);
  if (amountKobo < minimum) {
    const message = electricityMinimumMessage(formatKobo(minimum));
    throw new DomainError("VALIDATION", message, { amount: [message] });
  }
  return {
    type: "electricity",
    serviceId: disco.id,
    amountKobo,
    description: `${disco.name} ${meterType} electricity for meter ${meter.meterNumber}`,
    metadata: {
      phoneNumber: phone,
      network: disco.name,
      disco: disco.id,
      meterNumber: meter.meterNumber,
      meterType,
      customerName: meter.customerName,
      ...(meter.address ? { customerAddress: meter.address } : {}),
    },
    pay: { phone, billersCode: meter.meterNumber, variationCode: meterType, amountKobo },
    sameWhen: ["meterNumber", "disco", "meterType"],
    sameAmount: true,
  };
}
