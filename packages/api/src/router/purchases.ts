import { recentPurchaseNumbers } from "@kolo/db";
import {
  DomainError,
  NETWORKS,
  PURCHASE_MESSAGES,
  RECENT_NUMBERS_LIMIT,
  airtimePurchaseSchema,
  dataPurchaseSchema,
  findNetwork,
  verifyCustomerSchema,
} from "@kolo/domain";
import { z } from "zod";
import { type PurchaseKind, type PurchaseResult, buyPurchase } from "../money/purchases";
import { toTransactionView, type TransactionView } from "../money/view";
import { PaymentGatewayError } from "../providers/payment-gateway";
import type { DataVariation } from "../providers/purchases";
import type { Services } from "../services";
import { pinProcedure, protectedProcedure, router } from "../trpc";

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

/** Maps a purchase's record to the answer; a failed one (refunded) is PURCHASE_FAILED with the spec's text. */
function answerOf(kind: PurchaseKind, result: PurchaseResult, viewerId: number): PurchaseAnswerView {
  const transaction = toTransactionView(result.transaction, viewerId);
  if (result.transaction.status === "failed") {
    throw new DomainError("PURCHASE_FAILED", kind === "airtime" ? PURCHASE_MESSAGES.airtimeFailed : PURCHASE_MESSAGES.dataFailed, {
      transactionId: transaction.id,
    });
  }
  if (result.transaction.status === "pending") {
    return {
      status: "pending",
      message: kind === "airtime" ? PURCHASE_MESSAGES.airtimePendingTitle : PURCHASE_MESSAGES.dataPendingTitle,
      warning: PURCHASE_MESSAGES.pendingWarning,
      transaction,
    };
  }
  return {
    status: "success",
    message: kind === "airtime" ? PURCHASE_MESSAGES.airtimeSuccessTitle : PURCHASE_MESSAGES.dataSuccessTitle,
    warning: null,
    transaction,
  };
}

const now = (services: Services) => services.now?.() ?? new Date();

/** Airtime and data (docs/product.md#airtime-and-data; docs/decisions.md). */
export const purchasesRouter = router({
  /** -> [{id, name, serviceType}] (GET /api/network-providers): the four networks, each selling airtime and data. */
  networks: protectedProcedure.query(() => NETWORKS.map((n) => ({ id: n.id, name: n.name, serviceType: ["airtime", "data"] }))),

  /**
   * {networkId} -> {variations: DataPlanView[]} (GET /api/data-plans/{networkId}): the provider's
   * plans for the network, prices in naira strings. PROVIDER_UNAVAILABLE when VTpass cannot answer.
   */
  dataPlans: protectedProcedure.input(z.object({ networkId: z.string().max(20) })).query(async ({ ctx, input }) => {
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
  verifyCustomer: protectedProcedure.input(verifyCustomerSchema).mutation(async ({ ctx, input }) => {
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
   * (POST /api/airtime; 202 when pending). Needs feature_airtime (admins exempt). Errors:
   * INSUFFICIENT_BALANCE, DAILY_LIMIT_EXCEEDED, PURCHASE_FAILED (refunded), IDEMPOTENCY_KEY_REUSED.
   */
  airtime: pinProcedure("feature_airtime")
    .input(airtimePurchaseSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await buyPurchase(ctx.db, ctx.services, {
        user: ctx.user,
        kind: "airtime",
        network: network(input.network),
        phoneNumber: input.phoneNumber,
        amountKobo: input.amount,
        idempotencyKey: input.idempotencyKey,
        now: now(ctx.services),
      });
      return answerOf("airtime", result, ctx.user.id);
    }),

  /**
   * {phoneNumber, network, variationCode, idempotencyKey?} -> PurchaseAnswerView (POST /api/data;
   * 202 when pending). The price is the plan's in the provider's variation list, never the
   * client's. Needs feature_data (admins exempt). Errors as airtime, plus VALIDATION 'Please
   * select a data plan' for a plan the provider does not list.
   */
  data: pinProcedure("feature_data")
    .input(dataPurchaseSchema)
    .mutation(async ({ ctx, input }) => {
      const chosen = network(input.network);
      const plan = (await plansOf(ctx.services, chosen.dataServiceId)).find((p) => p.variationCode === input.variationCode);
      if (!plan) throw new DomainError("VALIDATION", PURCHASE_MESSAGES.plan, { variationCode: [PURCHASE_MESSAGES.plan] });
      const result = await buyPurchase(ctx.db, ctx.services, {
        user: ctx.user,
        kind: "data",
        network: chosen,
        phoneNumber: input.phoneNumber,
        amountKobo: plan.amountKobo,
        variationCode: plan.variationCode,
        planName: plan.name,
        idempotencyKey: input.idempotencyKey,
        now: now(ctx.services),
      });
      return answerOf("data", result, ctx.user.id);
    }),

  /** -> [{phoneNumber, network: id, networkName}] the last numbers the user bought for, newest first. */
  recentNumbers: protectedProcedure.query(async ({ ctx }) => {
    const numbers = await recentPurchaseNumbers(ctx.db, ctx.user.id, RECENT_NUMBERS_LIMIT);
    return numbers.map((n) => {
      const known = NETWORKS.find((candidate) => candidate.name === n.network || candidate.id === n.network);
      return { phoneNumber: n.phoneNumber, network: known?.id ?? null, networkName: known?.name ?? n.network };
    });
  }),
});
