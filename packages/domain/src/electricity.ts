import { z } from "zod";
import { transactionPinInput } from "./transaction-pin";
import { positiveNairaAmount } from "./money-schema";
import { purchaseIdempotencyKey, purchasePhoneSchema } from "./purchases";
import { plainText } from "./text";

/**
 * Prepaid and postpaid electricity (docs/product.md "Electricity"; docs/providers.md
 * "Electricity (VTpass)"): the twelve distribution companies (discos) with their VTpass service
 * IDs, the meter types, the texts, and the validation both the screen and the server use.
 */

/** A distribution company; `id` is its VTpass serviceID and what clients send as `disco`. */
export interface Disco {
  id: string;
  name: string;
  /** The abbreviation Nigerians know it by (IKEDC, EKEDC, …). */
  shortName: string;
}

export const DISCOS: readonly Disco[] = [
  { id: "ikeja-electric", name: "Ikeja Electric", shortName: "IKEDC" },
  { id: "eko-electric", name: "Eko Electric", shortName: "EKEDC" },
  { id: "abuja-electric", name: "Abuja Electric", shortName: "AEDC" },
  { id: "kano-electric", name: "Kano Electric", shortName: "KEDCO" },
  { id: "portharcourt-electric", name: "Port Harcourt Electric", shortName: "PHED" },
  { id: "jos-electric", name: "Jos Electric", shortName: "JED" },
  { id: "ibadan-electric", name: "Ibadan Electric", shortName: "IBEDC" },
  { id: "kaduna-electric", name: "Kaduna Electric", shortName: "KAEDCO" },
  { id: "enugu-electric", name: "Enugu Electric", shortName: "EEDC" },
  { id: "benin-electric", name: "Benin Electric", shortName: "BEDC" },
  { id: "aba-electric", name: "Aba Power", shortName: "ABA" },
  { id: "yola-electric", name: "Yola Electric", shortName: "YEDC" },
];

export const DISCO_IDS = DISCOS.map((disco) => disco.id) as [string, ...string[]];

/** The disco with this id (its VTpass serviceID); undefined when unknown. */
export const findDisco = (id: string): Disco | undefined => DISCOS.find((disco) => disco.id === id);

/** VTpass's `type` at merchant-verify and `variation_code` at pay. */
export const METER_TYPES = ["prepaid", "postpaid"] as const;
export type MeterType = (typeof METER_TYPES)[number];

/** The least Kolo sells for any meter, in kobo (₦1,000); a verified meter may ask for more. */
export const ELECTRICITY_MIN_KOBO = 100_000n;

export const ELECTRICITY_MESSAGES = {
  disco: "Please select your electricity company",
  meterType: "Please select a meter type",
  meterNumber: "Meter number must be 11 to 13 digits",
  amount: "Amount must be positive",
  meterNotFound: "We could not find this meter. Check the number, the company and the meter type.",
  verifyUnavailable: "Could not verify the meter right now. Please try again.",
  verifyFirst: "Verify the meter number first",
  failed: "Unable to complete electricity purchase. Please try again.",
  pendingTitle: "Electricity Purchase Pending",
  successTitle: "Electricity Purchase Successful",
  discosFailed: "Failed to load electricity companies. Please try again.",
} as const;

/** 'Minimum amount for this meter is ₦1,000.00' (the verified minimum, or ELECTRICITY_MIN_KOBO). */
export const electricityMinimumMessage = (minimum: string) => `Minimum amount for this meter is ${minimum}`;

/** A meter number: spaces and hyphens dropped, then 11 to 13 digits (docs/providers.md). */
export const meterNumberSchema = plainText({ error: ELECTRICITY_MESSAGES.meterNumber })
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{11,13}$/, { error: ELECTRICITY_MESSAGES.meterNumber }));

const discoSchema = z.enum(DISCO_IDS, { error: ELECTRICITY_MESSAGES.disco });
const meterTypeSchema = z.enum(METER_TYPES, { error: ELECTRICITY_MESSAGES.meterType });

/** POST /api/electricity/verify-meter body: {disco, meterType, meterNumber}. */
export const verifyMeterSchema = z.object({ disco: discoSchema, meterType: meterTypeSchema, meterNumber: meterNumberSchema });

/**
 * POST /api/electricity body: {disco, meterType, meterNumber, amount (naira, from ₦1,000), phone,
 * idempotencyKey?} -> amount in kobo. The meter's own minimum is checked by the server after it
 * verifies the meter again.
 */
export const electricityPurchaseSchema = verifyMeterSchema.extend({
  amount: positiveNairaAmount(ELECTRICITY_MESSAGES.amount).refine((kobo) => kobo >= ELECTRICITY_MIN_KOBO, {
    error: electricityMinimumMessage("₦1,000.00"),
  }),
  phone: purchasePhoneSchema,
  idempotencyKey: purchaseIdempotencyKey,
  ...transactionPinInput,
});

/** A prepaid token as printed: groups of four digits joined by hyphens ('4224-8751-7325-1062-8154'). */
export function formatElectricityToken(token: string): string {
  const digits = token.replace(/\D/g, "");
  return digits.length >= 16 ? (digits.match(/.{1,4}/g) ?? [digits]).join("-") : token.trim();
}
