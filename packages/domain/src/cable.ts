import { z } from "zod";
import { positiveNairaAmount } from "./money-schema";
import { purchaseIdempotencyKey, purchasePhoneSchema } from "./purchases";
import { plainText } from "./text";
import { transactionPinInput } from "./transaction-pin";

/**
 * Cable TV subscriptions (docs/product.md "Cable TV"; docs/providers.md "Cable TV (VTpass)"): the
 * three providers with their VTpass service IDs and smartcard lengths, the texts, and the
 * validation both the screen and the server use.
 */

/** A cable TV provider; `id` is its VTpass serviceID and what clients send as `provider`. */
export interface CableProvider {
  id: "dstv" | "gotv" | "startimes";
  name: string;
  /** The smartcard (IUC) lengths the provider issues, in digits. */
  cardLengths: readonly number[];
  /** Whether VTpass's merchant-verify states a renewal amount (StarTimes does not: a bouquet is always chosen). */
  renews: boolean;
}

export const CABLE_PROVIDERS: readonly CableProvider[] = [
  { id: "dstv", name: "DStv", cardLengths: [10], renews: true },
  { id: "gotv", name: "GOtv", cardLengths: [10], renews: true },
  { id: "startimes", name: "StarTimes", cardLengths: [10, 11], renews: false },
];

export const CABLE_PROVIDER_IDS = ["dstv", "gotv", "startimes"] as const;
export type CableProviderId = (typeof CABLE_PROVIDER_IDS)[number];

/** The provider with this id (its VTpass serviceID); undefined when unknown. */
export const findCableProvider = (id: string): CableProvider | undefined => CABLE_PROVIDERS.find((provider) => provider.id === id);

export const CABLE_MESSAGES = {
  provider: "Please select a cable TV provider",
  smartcard: "Smartcard number must be 10 digits",
  startimesSmartcard: "Smartcard number must be 10 or 11 digits",
  amount: "Amount must be positive",
  bouquet: "Please select a bouquet",
  cardNotFound: "We could not find this smartcard. Check the number and the provider.",
  verifyUnavailable: "Could not verify the smartcard right now. Please try again.",
  verifyFirst: "Verify the smartcard number first",
  bouquetsFailed: "Failed to load bouquets. Please try again.",
  noRenewal: "This provider does not state a renewal amount. Please choose a bouquet.",
  failed: "Unable to complete cable TV subscription. Please try again.",
  pendingTitle: "Cable TV Subscription Pending",
  successTitle: "Cable TV Subscription Successful",
} as const;

/** 'Amount must be the renewal amount, ₦8,500.00' (renew) or 'the bouquet's price' (change). */
export const cableAmountMessage = (what: "renewal amount" | "bouquet's price", amount: string) => `Amount must be the ${what}, ${amount}`;

/** The message for a smartcard of the wrong length at `provider`. */
export const smartcardMessage = (provider: CableProviderId) => (provider === "startimes" ? CABLE_MESSAGES.startimesSmartcard : CABLE_MESSAGES.smartcard);

/** True when `card` (digits only) has a length `provider` issues. */
export const smartcardFits = (provider: CableProviderId, card: string): boolean => (findCableProvider(provider)?.cardLengths ?? []).includes(card.length);

/** A provider id: dstv, gotv or startimes. */
export const cableProviderSchema = z.enum(CABLE_PROVIDER_IDS, { error: CABLE_MESSAGES.provider });

/** A smartcard: spaces and hyphens dropped, then 10 or 11 digits (the provider's own length is checked by checkSmartcardLength). */
export const smartcardNumberSchema = plainText({ error: CABLE_MESSAGES.smartcard })
  .transform((value) => value.replace(/[\s-]/g, ""))
  .pipe(z.string().regex(/^\d{10,11}$/, { error: CABLE_MESSAGES.smartcard }));

/** A superRefine for an object with {provider, smartcardNumber}: the card has a length the provider issues. */
export const checkSmartcardLength = <T extends { provider: CableProviderId; smartcardNumber: string }>(value: T, ctx: z.core.$RefinementCtx<T>) => {
  // A card that is not 10 or 11 digits already has its message; this is the provider's own length.
  if (/^\d{10,11}$/.test(value.smartcardNumber) && !smartcardFits(value.provider, value.smartcardNumber)) {
    ctx.addIssue({ code: "custom", path: ["smartcardNumber"], message: smartcardMessage(value.provider) });
  }
};

/** GET /api/cable/{provider}/bouquets params: {provider}. */
export const cableBouquetsSchema = z.object({ provider: cableProviderSchema });

/** POST /api/cable/verify body: {provider, smartcardNumber} (DStv and GOtv 10 digits, StarTimes 10 or 11). */
export const cableVerifySchema = z.object({ provider: cableProviderSchema, smartcardNumber: smartcardNumberSchema }).superRefine(checkSmartcardLength);

/**
 * POST /api/cable body: {provider, smartcardNumber, bouquetCode?, amount (naira), phone,
 * idempotencyKey?} -> amount in kobo. No bouquetCode renews at the verified renewal amount; a
 * bouquetCode changes to it at its price. The server checks the amount against both.
 */
export const cablePurchaseSchema = z
  .object({
    provider: cableProviderSchema,
    smartcardNumber: smartcardNumberSchema,
    bouquetCode: plainText({ error: CABLE_MESSAGES.bouquet }).pipe(z.string().min(1, CABLE_MESSAGES.bouquet).max(100)).optional(),
    amount: positiveNairaAmount(CABLE_MESSAGES.amount),
    phone: purchasePhoneSchema,
    idempotencyKey: purchaseIdempotencyKey,
    ...transactionPinInput,
  })
  .superRefine(checkSmartcardLength);
