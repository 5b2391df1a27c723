import { CABLE_MESSAGES, type CableProvider, DomainError, cableAmountMessage, formatKobo, maskPhone } from "@kolo/domain";
import { type DataVariation, PaymentGatewayError, type PurchaseProvider, type VerifiedSmartcard } from "@kolo/providers";
import { LRUCache } from "lru-cache";
import type { PurchaseKind, PurchaseOrder } from "./kind";

/**
 * Cable TV (docs/product.md "Cable TV"; docs/providers.md "Cable TV (VTpass)"): renew a verified
 * smartcard's current bouquet at its renewal amount, or change it to another bouquet at that
 * bouquet's price. Both amounts are the provider's, checked here, never the client's.
 */
export const cableKind: PurchaseKind = {
  type: "cable",
  texts: { failed: CABLE_MESSAGES.failed, pendingTitle: CABLE_MESSAGES.pendingTitle, successTitle: CABLE_MESSAGES.successTitle },
  receipt: (metadata) => ({
    title: metadata.subscriptionType === "change" ? "Cable TV (bouquet change)" : "Cable TV (renewal)",
    to: {
      name: [metadata.network, metadata.customerName].filter(Boolean).join(" · ") || "Smartcard",
      account: metadata.smartcardNumber ? `Smartcard ${maskPhone(metadata.smartcardNumber)}` : null,
    },
    lines: metadata.planName ? [{ label: "Bouquet", value: metadata.planName }] : [],
  }),
};

/** Bouquets change rarely: one provider answer per service is reused for a day (docs/decisions.md "Cable TV"). */
export const CABLE_BOUQUETS_TTL_MS = 24 * 60 * 60_000;

/** Bouquets by serviceID, one cache per provider client (a test's own client starts empty). */
const bouquetCaches = new WeakMap<PurchaseProvider, LRUCache<string, DataVariation[]>>();

/**
 * The bouquets of a cable serviceID ("dstv", "gotv", "startimes"), prices in kobo, from VTpass's
 * service-variations at most once per CABLE_BOUQUETS_TTL_MS (a failure is not kept).
 * PROVIDER_UNAVAILABLE CABLE_MESSAGES.bouquetsFailed when VTpass cannot answer.
 */
export async function cableBouquets(purchases: PurchaseProvider, serviceId: string): Promise<DataVariation[]> {
  let cache = bouquetCaches.get(purchases);
  if (!cache) {
    cache = new LRUCache<string, DataVariation[]>({ max: 16, ttl: CABLE_BOUQUETS_TTL_MS });
    bouquetCaches.set(purchases, cache);
  }
  const known = cache.get(serviceId);
  if (known) return known;
  try {
    const bouquets = await purchases.listVariations(serviceId);
    cache.set(serviceId, bouquets);
    return bouquets;
  } catch (error) {
    if (error instanceof PaymentGatewayError) throw new DomainError("PROVIDER_UNAVAILABLE", CABLE_MESSAGES.bouquetsFailed);
    throw error;
  }
}

/**
 * Asks the provider (through VTpass's merchant-verify) who holds `smartcardNumber`. Errors:
 * NOT_FOUND CABLE_MESSAGES.cardNotFound when it knows no such card, PROVIDER_UNAVAILABLE
 * CABLE_MESSAGES.verifyUnavailable when VTpass cannot answer.
 */
export async function verifySmartcard(purchases: PurchaseProvider, provider: CableProvider, smartcardNumber: string): Promise<VerifiedSmartcard> {
  try {
    const card = await purchases.verifySmartcard(provider.id, smartcardNumber);
    // A provider that cannot renew (StarTimes) has no renewal amount, whatever else it says.
    if (!provider.renews) delete card.renewalAmountKobo;
    return card;
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    if (error.status === 404) throw new DomainError("NOT_FOUND", CABLE_MESSAGES.cardNotFound, { smartcardNumber: [CABLE_MESSAGES.cardNotFound] });
    throw new DomainError("PROVIDER_UNAVAILABLE", CABLE_MESSAGES.verifyUnavailable);
  }
}

const invalidAmount = (message: string) => new DomainError("VALIDATION", message, { amount: [message] });

/**
 * The order for a verified `card`: with no `bouquet`, a renewal, where `amountKobo` must equal the
 * card's renewal amount (VALIDATION CABLE_MESSAGES.noRenewal when the provider states none); with
 * a `bouquet` (from the provider's list), a change, where `amountKobo` must equal its price.
 * VALIDATION 'Amount must be the renewal amount, ₦…' / 'Amount must be the bouquet's price, ₦…'.
 */
export function cableOrder(
  provider: CableProvider,
  card: VerifiedSmartcard,
  bouquet: DataVariation | undefined,
  amountKobo: bigint,
  phone: string,
): PurchaseOrder {
  const renew = bouquet === undefined;
  const priceKobo = renew ? card.renewalAmountKobo : bouquet.amountKobo;
  if (priceKobo === undefined) throw new DomainError("VALIDATION", CABLE_MESSAGES.noRenewal, { bouquetCode: [CABLE_MESSAGES.noRenewal] });
  if (amountKobo !== priceKobo) throw invalidAmount(cableAmountMessage(renew ? "renewal amount" : "bouquet's price", formatKobo(priceKobo)));
  const bouquetName = renew ? card.currentBouquet : bouquet.name;
  const bouquetCode = renew ? card.currentBouquetCode : bouquet.variationCode;
  return {
    type: "cable",
    serviceId: provider.id,
    amountKobo,
    description: `${provider.name} ${renew ? "renewal" : `change to ${bouquet.name}`} for smartcard ${card.smartcardNumber}`,
    metadata: {
      phoneNumber: phone,
      network: provider.name,
      smartcardNumber: card.smartcardNumber,
      subscriptionType: renew ? "renew" : "change",
      customerName: card.customerName,
      ...(bouquetCode ? { variationCode: bouquetCode } : {}),
      ...(bouquetName ? { planName: bouquetName } : {}),
      ...(card.dueDate ? { dueDate: card.dueDate } : {}),
    },
    pay: renew
      ? { phone, billersCode: card.smartcardNumber, amountKobo, subscriptionType: "renew", quantity: 1 }
      : { phone, billersCode: card.smartcardNumber, variationCode: bouquet.variationCode, amountKobo, subscriptionType: "change", quantity: 1 },
    sameWhen: ["smartcardNumber", "network", "subscriptionType", "variationCode"],
    sameAmount: true,
  };
}
