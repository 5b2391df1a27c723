import { findTransactionByIdempotencyKey, recentPurchaseNumbers, type schema } from "@kolo/db";
import {
  DISCOS,
  DomainError,
  ELECTRICITY_MESSAGES,
  FRAUD_MESSAGES,
  isHeldForReview,
  NETWORKS,
  PURCHASE_MESSAGES,
  type PurchaseType,
  RECENT_NUMBERS_LIMIT,
  airtimePurchaseSchema,
  dataPurchaseSchema,
  electricityPurchaseSchema,
  findDisco,
  findNetwork,
  verifyCustomerSchema,
  verifyMeterSchema,
} from "@kolo/domain";
import { z } from "zod";
import { PURCHASE_KINDS, airtimeOrder, dataOrder, electricityOrder, meterMinimumKobo, verifyMeter } from "../money/purchase-kinds";
import { type PurchaseResult, buyPurchase } from "../money/purchases";
import { toTransactionView, type TransactionView } from "../money/view";
import { PaymentGatewayError, type DataVariation, type VerifiedMeter } from "@kolo/providers";
import type { Services } from "../services";
import { featureProcedure, pinProcedure, protectedProcedure, router } from "../trpc";
import { customer, dataPlans, discos, meter, networks, purchase, recentNumbers } from "./purchases.types";

/** A purchase's answer (docs/product.md#airtime-and-data): `pending` is HTTP 202 on REST, with the warning. */
export interface PurchaseAnswerView {
  status: "success" | "pending";
  message: string;
  warning: string | null;
  transaction: TransactionView;
}

/** A data plan as the spec's client reads it (docs/product.md#airtime-and-data). */
export interface DataPlanView {
  variation_code: string;
  name: string;
  /** Naira, as a string ("500.00"). */
  variation_amount: string;
  variation_desc: string;
}

const network = (id: string) => {
  const found = findNetwork(id);
  if (!found) throw new DomainError("VALIDATION", PURCHASE_MESSAGES.network, { network: [PURCHASE_MESSAGES.network] });
  return found;
};

/** The provider's plans; PROVIDER_UNAVAILABLE 'Failed to load data plans. Please try again.' when VTpass cannot answer. */
async function plansOf(services: Services, serviceId: string): Promise<DataVariation[]> {
  try {
    return await services.purchases.listVariations(serviceId);
  } catch (error) {
    if (error instanceof PaymentGatewayError) throw new DomainError("PROVIDER_UNAVAILABLE", PURCHASE_MESSAGES.plansFailed);
    throw error;
  }
}

/** Maps a purchase's record to the answer; a failed one (refunded) is PURCHASE_FAILED with its kind's text. */
export function answerOf(type: PurchaseType, result: PurchaseResult, viewerId: number): PurchaseAnswerView {
  const { texts } = PURCHASE_KINDS[type];
  const transaction = toTransactionView(result.transaction, viewerId);
  if (result.transaction.status === "failed") throw new DomainError("PURCHASE_FAILED", texts.failed, { transactionId: transaction.id });
  // Held by fraud monitoring (docs/product.md "Fraud controls"): 'Under review'.
  if (isHeldForReview(result.transaction)) return { status: "pending", message: FRAUD_MESSAGES.underReview, warning: null, transaction };
  if (result.transaction.status === "pending") {
    return { status: "pending", message: texts.pendingTitle, warning: PURCHASE_MESSAGES.pendingWarning, transaction };
  }
  return { status: "success", message: texts.successTitle, warning: null, transaction };
}

/** The meter an electricity record was bought for, as it was verified then. */
function meterOfRecord(record: schema.TransactionRecord, meterNumber: string): VerifiedMeter {
  const metadata = record.metadata as { meterNumber?: string; customerName?: string; customerAddress?: string; meterType?: string };
  return {
    meterNumber: metadata.meterNumber ?? meterNumber,
    customerName: metadata.customerName ?? "",
    address: metadata.customerAddress ?? "",
    customerType: (metadata.meterType ?? "").toUpperCase(),
  };
}

const disco = (id: string) => {
  const found = findDisco(id);
  if (!found) throw new DomainError("VALIDATION", ELECTRICITY_MESSAGES.disco, { disco: [ELECTRICITY_MESSAGES.disco] });
  return found;
};

const now = (services: Services) => services.now?.() ?? new Date();

/** Airtime, data (docs/product.md#airtime-and-data) and electricity (docs/product.md "Electricity"). */
export const purchasesRouter = router({
  /** -> [{id, name, serviceType}] (GET /api/network-providers): the four networks, each selling airtime and data. */
  networks: protectedProcedure
    .meta({ rest: { method: "GET", path: "/api/network-providers", tag: "Airtime and data", summary: "The mobile networks" } })
    .output(networks)
    .query(() => NETWORKS.map((n) => ({ id: n.id, name: n.name, serviceType: ["airtime", "data"] }))),

  /**
   * {networkId} -> {variations: DataPlanView[]} (GET /api/data-plans/{networkId}): the provider's
   * plans for the network, prices in naira strings. PROVIDER_UNAVAILABLE when VTpass cannot answer.
   */
  dataPlans: protectedProcedure
    .meta({ rest: { method: "GET", path: "/api/data-plans/:networkId", tag: "Airtime and data", summary: "A network's data plans", errors: [404, 502] } })
    .input(z.object({ networkId: z.string().max(20) }))
    .output(dataPlans)
    .query(async ({ ctx, input }) => {
      const plans = await plansOf(ctx.services, network(input.networkId).dataServiceId);
      return {
        variations: plans.map(
          (plan): DataPlanView => ({ variation_code: plan.variationCode, name: plan.name, variation_amount: plan.amount, variation_desc: plan.name }),
        ),
      };
    }),

  /**
   * {network, phoneNumber} -> {content: {Customer_Name}} (POST /api/verify-customer; VTpass
   * merchant-verify, unconfirmed for phones). NOT_FOUND 'Could not verify number, but you can still
   * proceed' when there is no name, PROVIDER_UNAVAILABLE when VTpass is down; neither blocks a purchase.
   */
  verifyCustomer: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/verify-customer",
        tag: "Airtime and data",
        summary: "Verify a customer number with the provider",
        errors: [404, 422, 502],
      },
    })
    .input(verifyCustomerSchema)
    .output(customer)
    .mutation(async ({ ctx, input }) => {
      try {
        const { customerName } = await ctx.services.purchases.verifyCustomer(network(input.network).airtimeServiceId, input.phoneNumber);
        return { content: { Customer_Name: customerName } };
      } catch (error) {
        if (!(error instanceof PaymentGatewayError)) throw error;
        throw new DomainError(error.status === 404 ? "NOT_FOUND" : "PROVIDER_UNAVAILABLE", PURCHASE_MESSAGES.verifyFailed);
      }
    }),

  /**
   * {phoneNumber, amount: naira ₦50–₦50,000 whole, network, idempotencyKey?} -> PurchaseAnswerView
   * (POST /api/airtime; 202 when pending). Needs feature_airtime (admins exempt). Errors: the
   * statuses in the meta's `errors`; codes where they are thrown, buyPurchase (money/purchases.ts).
   */
  airtime: pinProcedure("feature_airtime")
    .meta({
      rest: {
        method: "POST",
        path: "/api/airtime",
        tag: "Airtime and data",
        summary: "Buy airtime (202 while the provider has not answered finally)",
        idempotencyKey: true,
        errors: [409, 502],
        accepted: (answer: { status: string }) => answer.status === "pending",
      },
    })
    .input(airtimePurchaseSchema)
    .output(purchase)
    .mutation(async ({ ctx, input }) => {
      const result = await buyPurchase(ctx.db, ctx.services, {
        user: ctx.user,
        order: airtimeOrder(network(input.network), input.phoneNumber, input.amount),
        idempotencyKey: input.idempotencyKey,
        now: now(ctx.services),
        deviceToken: ctx.deviceToken,
      });
      return answerOf("airtime", result, ctx.user.id);
    }),

  /**
   * {phoneNumber, network, variationCode, idempotencyKey?} -> PurchaseAnswerView (POST /api/data;
   * 202 when pending). The price is the plan's in the provider's variation list, never the
   * client's. Needs feature_data (admins exempt). Errors as airtime (the meta's `errors`), and
   * VALIDATION 'Please select a data plan' for a plan the provider does not list.
   */
  data: pinProcedure("feature_data")
    .meta({
      rest: {
        method: "POST",
        path: "/api/data",
        tag: "Airtime and data",
        summary: "Buy a data plan (202 while the provider has not answered finally)",
        idempotencyKey: true,
        errors: [404, 409, 502],
        accepted: (answer: { status: string }) => answer.status === "pending",
      },
    })
    .input(dataPurchaseSchema)
    .output(purchase)
    .mutation(async ({ ctx, input }) => {
      const chosen = network(input.network);
      const plan = (await plansOf(ctx.services, chosen.dataServiceId)).find((p) => p.variationCode === input.variationCode);
      if (!plan) throw new DomainError("VALIDATION", PURCHASE_MESSAGES.plan, { variationCode: [PURCHASE_MESSAGES.plan] });
      const result = await buyPurchase(ctx.db, ctx.services, {
        user: ctx.user,
        order: dataOrder(chosen, input.phoneNumber, plan),
        idempotencyKey: input.idempotencyKey,
        now: now(ctx.services),
        deviceToken: ctx.deviceToken,
      });
      return answerOf("data", result, ctx.user.id);
    }),

  /** -> [{id, name, shortName}] (GET /api/electricity/discos): the twelve discos; `id` is the VTpass serviceID sent as `disco`. */
  discos: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/electricity/discos",
        tag: "Electricity",
        summary: "The electricity distribution companies (id: the VTpass serviceID sent as disco)",
      },
    })
    .output(discos)
    .query(() => DISCOS.map((d) => ({ id: d.id, name: d.name, shortName: d.shortName }))),

  /**
   * {disco, meterType, meterNumber} -> {customerName, address, meterNumber, meterType,
   * minimumAmount (naira)} (POST /api/electricity/verify-meter; VTpass merchant-verify). Errors:
   * NOT_FOUND when the disco knows no such meter, PROVIDER_UNAVAILABLE when VTpass cannot answer.
   * Needs feature_electricity (admins exempt).
   */
  verifyMeter: featureProcedure("feature_electricity")
    .meta({
      rest: {
        method: "POST",
        path: "/api/electricity/verify-meter",
        tag: "Electricity",
        summary: "Verify a meter with its disco: the holder's name and address, and the least it may be sold",
        errors: [404, 422, 502],
      },
    })
    .input(verifyMeterSchema)
    .output(meter)
    .mutation(async ({ ctx, input }) => {
      const meter = await verifyMeter(ctx.services.purchases, disco(input.disco), input.meterType, input.meterNumber);
      return {
        customerName: meter.customerName,
        address: meter.address,
        meterNumber: meter.meterNumber,
        meterType: input.meterType,
        minimumAmount: BigInt(meterMinimumKobo(meter)),
      };
    }),

  /**
   * {disco, meterType, meterNumber, amount: naira from ₦1,000 or the meter's minimum, phone,
   * idempotencyKey?} -> PurchaseAnswerView (POST /api/electricity; 202 when pending). The meter is
   * verified again here, so its holder and minimum are the disco's, never the client's; a
   * delivered prepaid purchase carries `metadata.token` and `metadata.units`. Needs
   * feature_electricity (admins exempt). Errors as airtime, plus NOT_FOUND for an unknown meter
   * and VALIDATION below the meter's minimum.
   */
  electricity: pinProcedure("feature_electricity")
    .meta({
      rest: {
        method: "POST",
        path: "/api/electricity",
        tag: "Electricity",
        summary: "Buy electricity for a verified meter (202 while the provider has not answered finally); a prepaid token is in transaction.metadata.token",
        idempotencyKey: true,
        errors: [404, 409, 502],
        accepted: (answer: { status: string }) => answer.status === "pending",
      },
    })
    .input(electricityPurchaseSchema)
    .output(purchase)
    .mutation(async ({ ctx, input }) => {
      const chosen = disco(input.disco);
      // A retry of a purchase already accepted is answered from its record: the meter was verified
      // then, and a disco that is down now must not turn a retry into an error.
      const earlier = input.idempotencyKey ? await findTransactionByIdempotencyKey(ctx.db, ctx.user.id, input.idempotencyKey) : undefined;
      const meter =
        earlier?.type === "electricity"
          ? meterOfRecord(earlier, input.meterNumber)
          : await verifyMeter(ctx.services.purchases, chosen, input.meterType, input.meterNumber);
      const result = await buyPurchase(ctx.db, ctx.services, {
        user: ctx.user,
        order: electricityOrder(chosen, input.meterType, meter, input.amount, input.phone),
        idempotencyKey: input.idempotencyKey,
        now: now(ctx.services),
        deviceToken: ctx.deviceToken,
      });
      return answerOf("electricity", result, ctx.user.id);
    }),

  /** -> [{phoneNumber, network: id, networkName}] the last numbers the user bought for, newest first (known networks only). */
  recentNumbers: protectedProcedure
    .meta({
      rest: { method: "GET", path: "/api/purchases/recent-numbers", tag: "Airtime and data", summary: "The phone numbers the user bought for lately" },
    })
    .output(recentNumbers)
    .query(async ({ ctx }) => {
      const numbers = await recentPurchaseNumbers(ctx.db, ctx.user.id, RECENT_NUMBERS_LIMIT);
      // A number whose network is not one of ours (never the case for a purchase made here) is left out:
      // it could not be bought for again, and `network` is always a network id on the wire.
      return numbers.flatMap((n) => {
        const known = NETWORKS.find((candidate) => candidate.name === n.network || candidate.id === n.network);
        return known ? [{ phoneNumber: n.phoneNumber, network: known.id, networkName: known.name }] : [];
      });
    }),
});
