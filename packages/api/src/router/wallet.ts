import { findTransactionByReference } from "@kolo/db";
import { DomainError, koboToNaira, plainText, topUpSchema } from "@kolo/domain";
import { z } from "zod";
import { settleTopUp, startTopUp } from "../money/topup";
import { PaymentGatewayError } from "../providers/payment-gateway";
import { featureProcedure, protectedProcedure, router } from "../trpc";

export type TopUpVerification = {
  status: "success" | "failed" | "pending";
  message: string;
  reference: string;
  /** Naira. */
  amount: number;
};

const MESSAGES = {
  success: "Payment verified successfully",
  failed: "Payment verification failed. Please contact support.",
  pending: "Payment is still being processed",
} as const;

/** Wallet top-up by card (spec 01 §§2, 4, 7; DECISIONS "Limits", "Providers"). */
export const walletRouter = router({
  /**
   * {amount: naira, idempotencyKey?} -> {authorizationUrl, reference}. ₦100 to ₦1,000,000. Needs
   * feature_topup (FORBIDDEN 'Feature disabled by administrator'). A repeat with the same key
   * answers the first result and starts nothing new; the same key with another amount is CONFLICT.
   * The gateway sends the browser back to /dashboard.
   */
  topup: featureProcedure("feature_topup")
    .input(topUpSchema)
    .mutation(({ ctx, input }) =>
      startTopUp(ctx.db, ctx.services.paymentGateway, {
        user: ctx.user,
        amountKobo: input.amount,
        idempotencyKey: input.idempotencyKey,
        callbackUrl: new URL("/dashboard", ctx.services.publicUrl).toString(),
      }),
    ),

  /**
   * {reference} -> TopUpVerification. Asks the gateway and credits the wallet at most once
   * (the webhook may have done it already). NOT_FOUND for a reference that is not the user's top-up.
   */
  verify: protectedProcedure.input(z.object({ reference: plainText().trim().min(1).max(100) })).mutation(async ({ ctx, input }): Promise<TopUpVerification> => {
    const record = await findTransactionByReference(ctx.db, input.reference);
    if (!record || record.type !== "topup" || record.recipientId !== ctx.user.id) {
      throw new DomainError("NOT_FOUND", "No payment found for this reference");
    }
    const answer = (status: TopUpVerification["status"]): TopUpVerification => ({
      status,
      message: MESSAGES[status],
      reference: record.reference,
      amount: koboToNaira(record.amount),
    });
    if (record.status === "completed") return answer("success");
    if (record.status !== "pending") return answer("failed");
    let charge;
    try {
      charge = await ctx.services.paymentGateway.verifyCharge(record.reference);
    } catch (error) {
      if (error instanceof PaymentGatewayError && error.status !== undefined && error.status >= 400 && error.status < 500) return answer("pending");
      ctx.services.log.warn({ reference: record.reference, err: String(error) }, "Top-up verification could not reach the gateway");
      return answer("pending");
    }
    const settled = await settleTopUp(ctx.db, charge, ctx.services.log);
    if (settled.outcome === "credited" || settled.outcome === "already-credited") return answer("success");
    if (settled.outcome === "pending") return answer("pending");
    return answer("failed");
  }),
});
