import { transactionPinInput } from "./transaction-pin";
import { z } from "zod";
import { nairaToKobo } from "./money";
import { positiveNairaAmount } from "./money-schema";
import { plainText } from "./text";
import { MONEY_TOASTS } from "./toasts";

/**
 * Airtime and data purchases (docs/product.md#airtime-and-data; docs/decisions.md;
 * docs/providers.md): the networks, the validation both the forms and the server use, the
 * spec's texts and the VTpass `request_id` rule.
 */

/** A network Kolo sells for, with its VTpass service IDs (docs/providers.md). `id` is what the client sends as `network`. */
export interface Network {
  id: "mtn" | "glo" | "airtel" | "etisalat";
  name: string;
  /** VTpass serviceID for airtime. */
  airtimeServiceId: string;
  /** VTpass serviceID for data. */
  dataServiceId: string;
}

export const NETWORKS: readonly Network[] = [
  { id: "mtn", name: "MTN", airtimeServiceId: "mtn", dataServiceId: "mtn-data" },
  { id: "glo", name: "Glo", airtimeServiceId: "glo", dataServiceId: "glo-data" },
  { id: "airtel", name: "Airtel", airtimeServiceId: "airtel", dataServiceId: "airtel-data" },
  { id: "etisalat", name: "9mobile", airtimeServiceId: "etisalat", dataServiceId: "etisalat-data" },
];

export const NETWORK_IDS = ["mtn", "glo", "airtel", "etisalat"] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

/** The network with this id (undefined when unknown). */
export const findNetwork = (id: string): Network | undefined => NETWORKS.find((network) => network.id === id);

/**
 * Mobile number prefixes by network, from the Nigerian Communications Commission's national
 * numbering plan (the first four digits of `0` + 10; 07025 and 07026 are MTN's within 0702).
 * Numbers keep their prefix when ported to another network, so a detection is a suggestion the
 * user can change, never a rule the server enforces.
 */
const NETWORK_PREFIXES: Record<NetworkId, readonly string[]> = {
  mtn: ["0703", "0704", "0706", "07025", "07026", "0803", "0806", "0810", "0813", "0814", "0816", "0903", "0906", "0913", "0916"],
  glo: ["0705", "0805", "0807", "0811", "0815", "0905", "0915"],
  airtel: ["0701", "0708", "0802", "0808", "0812", "0901", "0902", "0904", "0907", "0911", "0912"],
  etisalat: ["0809", "0817", "0818", "0908", "0909"],
};

/**
 * The network a Nigerian mobile number's prefix belongs to, as soon as the prefix is typed:
 * "0803 1" -> "mtn", "+234805..." -> "glo", "0801..." (no network's prefix) or "080" -> undefined.
 * Spaces and hyphens are ignored; `+234` and `234` read as `0` (normaliseNigerianPhone).
 */
export function detectNetwork(phone: string): NetworkId | undefined {
  const digits = phone.trim().replace(/[\s-]/g, "");
  const national = /^\+?234/.test(digits) ? `0${digits.replace(/^\+?234/, "")}` : digits;
  if (!/^0\d{3}/.test(national)) return undefined;
  return NETWORK_IDS.find((id) => NETWORK_PREFIXES[id].some((prefix) => national.startsWith(prefix)));
}

/** docs/product.md#airtime-and-data texts, word for word, plus Kolo's bounds (VTpass sandbox minimum/maximum). */
export const PURCHASE_MESSAGES = {
  phone: "Phone number must be valid",
  amount: "Amount must be positive",
  network: "Please select a network",
  plan: "Please select a data plan",
  insufficientTitle: MONEY_TOASTS.insufficientBalanceTitle,
  insufficient: MONEY_TOASTS.topUpToContinue,
  networksFailed: "Failed to load network providers. Please try again later.",
  plansFailed: "Failed to load data plans. Please try again.",
  verifyFailed: "Could not verify number, but you can still proceed",
  failedTitle: "Purchase Failed",
  airtimeFailed: "Unable to complete airtime purchase. Please try again.",
  dataFailed: "Unable to complete data purchase. Please try again.",
  airtimePendingTitle: "Airtime Purchase Pending",
  dataPendingTitle: "Data Purchase Pending",
  /** docs/decisions.md: the 202 warning. */
  pendingWarning: "Your purchase is being processed. We will update you shortly.",
  airtimeSuccessTitle: "Airtime Purchase Successful",
  dataSuccessTitle: "Data Purchase Successful",
  minimumAirtime: "Minimum airtime amount is ₦50",
  maximumAirtime: "Maximum airtime amount is ₦50,000",
  unknownPlan: "This data plan is not available. Please choose another.",
  idempotencyKeyReused: "This idempotency key was already used for a different purchase",
} as const;

/** Quick airtime amounts in naira (docs/product.md#airtime-and-data). */
export const QUICK_AIRTIME_AMOUNTS = [100, 200, 500, 1000, 2000, 3000, 5000, 10000] as const;

/** VTpass's airtime bounds in the sandbox (docs/providers.md): ₦50 to ₦50,000, in kobo. */
export const AIRTIME_MIN_KOBO = 5_000n;
export const AIRTIME_MAX_KOBO = 5_000_000n;

/** docs/product.md#airtime-and-data: at least 11 characters. */
export const PHONE_MIN_LENGTH = 11;

/**
 * A phone number as VTpass takes it: spaces and hyphens dropped, then 11 to 13 digits (Nigerian
 * numbers are 11; VTpass's sandbox numbers are 12). Shorter or not digits: 'Phone number must be valid'.
 */
export const purchasePhoneSchema = plainText({ error: PURCHASE_MESSAGES.phone })
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(
    z
      .string()
      .min(PHONE_MIN_LENGTH, { error: PURCHASE_MESSAGES.phone })
      .regex(/^\d{11,13}$/, { error: PURCHASE_MESSAGES.phone }),
  );

const networkSchema = z.enum(NETWORK_IDS, { error: PURCHASE_MESSAGES.network });

/** Optional client idempotency key: the retry key of one purchase (a retry reuses its request_id). */
export const purchaseIdempotencyKey = plainText().trim().min(8).max(200).optional();

/** POST /api/airtime body (docs/product.md#airtime-and-data): {phoneNumber, amount (naira), network} -> amount in kobo, bounds checked. */
export const airtimePurchaseSchema = z.object({
  phoneNumber: purchasePhoneSchema,
  amount: positiveNairaAmount(PURCHASE_MESSAGES.amount)
    .refine((kobo) => kobo >= AIRTIME_MIN_KOBO, { error: PURCHASE_MESSAGES.minimumAirtime })
    .refine((kobo) => kobo <= AIRTIME_MAX_KOBO, { error: PURCHASE_MESSAGES.maximumAirtime })
    .refine((kobo) => kobo % 100n === 0n, { error: "Airtime amounts are whole naira" }),
  network: networkSchema,
  idempotencyKey: purchaseIdempotencyKey,
  ...transactionPinInput,
});

/** POST /api/data body (docs/product.md#airtime-and-data): {phoneNumber, network, variationCode}; any `amount` is ignored (the price is the provider's). */
export const dataPurchaseSchema = z.object({
  phoneNumber: purchasePhoneSchema,
  network: networkSchema,
  variationCode: plainText({ error: PURCHASE_MESSAGES.plan }).trim().min(1, { error: PURCHASE_MESSAGES.plan }).max(100),
  idempotencyKey: purchaseIdempotencyKey,
  ...transactionPinInput,
});

/** POST /api/verify-customer body: {network, phoneNumber}. */
export const verifyCustomerSchema = z.object({ network: networkSchema, phoneNumber: purchasePhoneSchema });

/** VTpass's variation_amount ("100.00", a naira string) -> kobo; undefined when it is not a positive amount. */
export function variationAmountKobo(amount: string | number): bigint | undefined {
  const value = typeof amount === "number" ? amount : Number(amount);
  if (!Number.isFinite(value) || value <= 0) return undefined;
  try {
    return nairaToKobo(Math.round(value * 100) / 100);
  } catch {
    return undefined;
  }
}

const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/**
 * A VTpass `request_id` (docs/providers.md): the Africa/Lagos time of `now` as YYYYMMDDHHmm, then
 * `suffix` (letters and digits, made random by the caller). Unique per purchase; the retry key.
 */
export function vtpassRequestId(now: Date, suffix: string): string {
  if (!/^[A-Za-z0-9]+$/.test(suffix)) throw new Error("request_id suffix must be letters and digits");
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS).toISOString(); // 2026-11-22T16:05:…
  return `${lagos.slice(0, 4)}${lagos.slice(5, 7)}${lagos.slice(8, 10)}${lagos.slice(11, 13)}${lagos.slice(14, 16)}${suffix}`;
}

/** docs/providers.md's request_id rule: at least 12 characters, the first 12 digits (a Lagos time), then letters and digits. */
export const VTPASS_REQUEST_ID_PATTERN = /^\d{12}[A-Za-z0-9]*$/;

/** How many recent numbers the purchase screens offer. */
export const RECENT_NUMBERS_LIMIT = 5;
