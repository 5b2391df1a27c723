import { findTransactionByIdempotencyKey, type schema } from "@kolo/db";
import { CABLE_MESSAGES, type CableProvider, DomainError, cableBouquetsSchema, cablePurchaseSchema, cableVerifySchema, findCableProvider } from "@kolo/domain";
import type { VerifiedSmartcard } from "@kolo/providers";
import { cableBouquets, cableOrder, verifySmartcard } from "../money/purchase-kinds";
import { buyPurchase } from "../money/purchases";
import { featureProcedure, pinProcedure, router } from "../trpc";
import { bouquets, smartcard } from "./cable.types";
import { answerOf } from "./purchases";
import { purchase } from "./purchases.types";

const providerOf = (id: string): CableProvider => {
  const found = findCableProvider(id);
  if (!found) throw new DomainError("VALIDATION", CABLE_MESSAGES.provider, { provider: [CABLE_MESSAGES.provider] });
  return found;
};

/** True when `record` is a cable purchase for this provider's `smartcardNumber`. */
function sameCard(record: schema.TransactionRecord, provider: CableProvider, smartcardNumber: string): boolean {
  const metadata = record.metadata as { smartcardNumber?: string; network?: string };
  return record.type === "cable" && metadata.smartcardNumber === smartcardNumber && metadata.network === provider.name;
}

/** The smartcard a cable record was bought for, as it was verified then (a retry answers from it). */
function cardOfRecord(record: schema.TransactionRecord, smartcardNumber: string): VerifiedSmartcard {
  const metadata = record.metadata as { smartcardNumber?: string; customerName?: string; planName?: string; variationCode?: string; subscriptionType?: string };
  return {
    smartcardNumber: metadata.smartcardNumber ?? smartcardNumber,
    customerName: metadata.customerName ?? "",
    ...(metadata.subscriptionType === "renew"
      ? { renewalAmountKobo: record.amount, currentBouquet: metadata.planName, currentBouquetCode: metadata.variationCode }
      : {}),
  };
}

/** Cable TV (docs/product.md "Cable TV"): DStv, GOtv and StarTimes through VTpass. Every procedure needs feature_cable (admins exempt). */
export const cableRouter = router({
  /**
   * {provider: dstv|gotv|startimes} -> [{code, name, amount (naira)}] (GET /api/cable/{provider}/bouquets):
   * VTpass service-variations, cached for a day. PROVIDER_UNAVAILABLE when VTpass cannot answer.
   */
  bouquets: featureProcedure("feature_cable")
    .meta({
      rest: {
        method: "GET",
        path: "/api/cable/:provider/bouquets",
        tag: "Cable TV",
        summary: "A cable TV provider's bouquets, prices in naira",
        errors: [502],
      },
    })
    .input(cableBouquetsSchema)
    .output(bouquets)
    .query(async ({ ctx, input }) => {
      const list = await cableBouquets(ctx.services.purchases, providerOf(input.provider).id);
      return list.map((b) => ({ code: b.variationCode, name: b.name, amount: b.amountKobo }));
    }),

  /**
   * {provider, smartcardNumber} -> {provider, smartcardNumber, customerName, status, currentBouquet,
   * currentBouquetCode, dueDate, renewalAmount (naira, null for StarTimes)} (POST /api/cable/verify;
   * VTpass merchant-verify). Errors: NOT_FOUND for an unknown card, PROVIDER_UNAVAILABLE when VTpass cannot answer.
   */
  verify: featureProcedure("feature_cable")
    .meta({
      rest: {
        method: "POST",
        path: "/api/cable/verify",
        tag: "Cable TV",
        summary: "Verify a smartcard: the holder, current bouquet, due date and renewal amount",
        errors: [404, 422, 502],
      },
    })
    .input(cableVerifySchema)
    .output(smartcard)
    .mutation(async ({ ctx, input }) => {
      const card = await verifySmartcard(ctx.services.purchases, providerOf(input.provider), input.smartcardNumber);
      return {
        provider: input.provider,
        smartcardNumber: card.smartcardNumber,
        customerName: card.customerName,
        status: card.status ?? null,
        currentBouquet: card.currentBouquet ?? null,
        currentBouquetCode: card.currentBouquetCode ?? null,
        dueDate: card.dueDate ?? null,
        renewalAmount: card.renewalAmountKobo ?? null,
      };
    }),

  /**
   * {provider, smartcardNumber, bouquetCode?, amount (naira), phone, idempotencyKey?} ->
   * PurchaseAnswerView (POST /api/cable; 202 when pending). No bouquetCode renews: the amount must be
   * the verified renewal amount; a bouquetCode changes bouquet: the amount must be its price in the
   * provider's list. The card is verified again here. Errors as airtime, plus NOT_FOUND for an
   * unknown card and VALIDATION for an unknown bouquet or a wrong amount.
   */
  subscribe: pinProcedure("feature_cable")
    .meta({
      rest: {
        method: "POST",
        path: "/api/cable",
        tag: "Cable TV",
        summary: "Renew or change a cable TV subscription (202 while the provider has not answered finally)",
        idempotencyKey: true,
        errors: [404, 409, 502],
        accepted: (answer: { status: string }) => answer.status === "pending",
      },
    })
    .input(cablePurchaseSchema)
    .output(purchase)
    .mutation(async ({ ctx, input }) => {
      const provider = providerOf(input.provider);
      let bouquet: Awaited<ReturnType<typeof cableBouquets>>[number] | undefined;
      if (input.bouquetCode !== undefined) {
        bouquet = (await cableBouquets(ctx.services.purchases, provider.id)).find((b) => b.variationCode === input.bouquetCode);
        if (!bouquet) throw new DomainError("VALIDATION", CABLE_MESSAGES.bouquet, { bouquetCode: [CABLE_MESSAGES.bouquet] });
      }
      // A retry of a purchase already accepted for this card is answered from its record: the card was
      // verified then, and a provider that is down now must not turn a retry into an error.
      const earlier = input.idempotencyKey ? await findTransactionByIdempotencyKey(ctx.db, ctx.user.id, input.idempotencyKey) : undefined;
      const card =
        earlier && sameCard(earlier, provider, input.smartcardNumber)
          ? cardOfRecord(earlier, input.smartcardNumber)
          : await verifySmartcard(ctx.services.purchases, provider, input.smartcardNumber);
      const result = await buyPurchase(ctx.db, ctx.services, {
        user: ctx.user,
        order: cableOrder(provider, card, bouquet, input.amount, input.phone),
        idempotencyKey: input.idempotencyKey,
        now: ctx.services.now?.() ?? new Date(),
        deviceToken: ctx.deviceToken,
      });
      return answerOf("cable", result, ctx.user.id);
    }),
});
