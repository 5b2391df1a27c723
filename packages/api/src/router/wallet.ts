import { findTransactionByReference } from "@kolo/db";
import { DomainError, FRAUD_MESSAGES, PAYOUT_MESSAGES, isHeldForReview, type PayoutStatus, plainText, topUpSchema, withdrawSchema } from "@kolo/domain";
import { z } from "zod";
import { accountNumberView } from "../banking/dedicated-account";
import { findUserPayout, startPayout } from "../money/payouts";
import { settleTopUp, startTopUp } from "../money/topup";
import { type TransactionView, toTransactionView } from "../money/view";
import { PaymentGatewayError } from "@kolo/providers";
import { featureProcedure, pinProcedure, protectedProcedure, router } from "../trpc";
import { withTransaction } from "./common.types";
import * as out from "./wallet.types";

export type TopUpVerification = {
  status: "success" | "failed" | "pending";
  message: string;
  reference: string;
  /** Kobo (naira on the wire: the output schema). */
  amount: bigint;
};

const MESSAGES = {
  success: "Payment verified successfully",
  failed: "Payment verification failed. Please contact support.",
  pending: "Payment is still being processed",
} as const;

/** GET /api/wallet/withdrawal-status/{reference} (docs/product.md#wallet-and-top-ups). */
export type WithdrawalStatus = {
  status: PayoutStatus;
  /** PAYOUT_MESSAGES.status[status]. */
  message: string;
  /** amount (naira), reference, metadata {fee (naira), channel, bankName, accountNumber, accountName, …}. */
  transaction: TransactionView;
};

/** The answer of a payout request: `message` is the acceptance text, or the failure text when it already failed. */
export const payoutAnswer = (transaction: TransactionView, accepted: string) => ({
  message:
    transaction.status === "failed" || transaction.status === "reversed"
      ? PAYOUT_MESSAGES.status[transaction.status]
      : isHeldForReview(transaction)
        ? FRAUD_MESSAGES.underReview
        : accepted,
  transaction,
});

/** REST answers 202 for a payment held by fraud monitoring (docs/product.md "Fraud controls"). */
export const heldAnswer = (answer: { message: string }) => answer.message === FRAUD_MESSAGES.underReview;

/** Wallet top-up by card and withdrawal to a bank (docs/product.md#wallet-and-top-ups; docs/decisions.md, "Providers", "Banking"). */
export const walletRouter = router({
  /**
   * {amount: naira, idempotencyKey?} -> {authorizationUrl, reference}. ₦100 to ₦1,000,000. Needs
   * feature_topup (FORBIDDEN 'Feature disabled by administrator'). A repeat with the same key
   * answers the first result and starts nothing new; the same key with another amount is CONFLICT.
   * The gateway sends the browser back to /dashboard.
   */
  topup: featureProcedure("feature_topup")
    .meta({
      rest: {
        method: "POST",
        path: "/api/wallet/topup",
        tag: "Wallet",
        summary: "Start a card top-up: the gateway's authorization URL and the reference",
        description: "docs/product.md 'Wallet and top-ups'; docs/money-integrity.md",
        idempotencyKey: true,
        errors: [409, 429, 502, 503],
      },
    })
    .input(topUpSchema)
    .output(out.topUpStarted)
    .mutation(({ ctx, input }) =>
      startTopUp(ctx.db, ctx.services.paymentGateway, {
        user: ctx.user,
        amountKobo: input.amount,
        idempotencyKey: input.idempotencyKey,
        callbackUrl: new URL("/dashboard", ctx.services.publicUrl).toString(),
        limits: ctx.services.userLimits,
      }),
    ),

  /**
   * GET /api/wallet/account-number -> {bankName, accountNumber, accountName, status: active |
   * pending | unavailable} (banking/dedicated-account.ts). Below verification level 1 every field
   * is null and status 'unavailable'; a level-1 user without a number is given one in the
   * background ('pending' until then).
   */
  accountNumber: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/wallet/account-number",
        tag: "Wallet",
        summary: "The user's own account number for bank transfers in (from verification level 1)",
        description: "docs/product.md 'Your account number'",
      },
    })
    .output(out.accountNumber)
    .query(({ ctx }) => accountNumberView(ctx.db, ctx.services, ctx.user)),

  /**
   * {bankAccountId, amount: naira (≥ ₦100), idempotencyKey?} -> {message, transaction} (POST
   * /api/wallet/withdraw). Fee 1% (min ₦50, max ₦1,000); amount + fee is held from the wallet and
   * sent to the saved account through the payout provider (money/payouts.ts). transaction.status is
   * usually `processing` (then completed/failed/reversed: poll withdrawalStatus). Needs
   * feature_withdraw. Errors: the statuses in the meta's `errors`; codes and messages where they are
   * thrown, acceptPayout (money/payouts.ts).
   */
  withdraw: pinProcedure("feature_withdraw")
    .meta({
      rest: {
        method: "POST",
        path: "/api/wallet/withdraw",
        tag: "Banking",
        summary: "Withdraw to one of the user's saved bank accounts",
        idempotencyKey: true,
        errors: [404, 409, 502],
        accepted: heldAnswer,
      },
    })
    .input(withdrawSchema)
    .output(withTransaction)
    .mutation(async ({ ctx, input }) => {
      const { transaction } = await startPayout(ctx.db, ctx.services, {
        user: ctx.user,
        channel: "withdrawal",
        bankAccountId: input.bankAccountId,
        amountKobo: input.amount,
        idempotencyKey: input.idempotencyKey,
        now: ctx.services.now?.(),
        deviceToken: ctx.deviceToken,
      });
      return payoutAnswer(toTransactionView(transaction, ctx.user.id), PAYOUT_MESSAGES.withdrawalAccepted);
    }),

  /**
   * {reference} -> WithdrawalStatus of the user's withdrawal or bank transfer. NOT_FOUND
   * 'Withdrawal not found' for a reference that is not the user's payout. Not behind a switch:
   * a user can follow a payout made before it was switched off.
   */
  withdrawalStatus: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/wallet/withdrawal-status/:reference",
        tag: "Banking",
        summary: "The status of a withdrawal or bank transfer",
        errors: [404],
      },
    })
    .input(z.object({ reference: plainText().trim().min(1).max(100) }))
    .output(out.withdrawalStatus)
    .query(async ({ ctx, input }): Promise<WithdrawalStatus> => {
      const record = await findUserPayout(ctx.db, ctx.user.id, input.reference);
      const status = record.status;
      return { status, message: PAYOUT_MESSAGES.status[status], transaction: toTransactionView(record, ctx.user.id) };
    }),

  /**
   * {reference} -> TopUpVerification. Asks the gateway and credits the wallet at most once
   * (the webhook may have done it already). NOT_FOUND for a reference that is not the user's top-up.
   */
  verify: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/wallet/verify/:reference",
        tag: "Wallet",
        summary: "Verify a top-up with the gateway and credit it once",
        errors: [404, 502],
      },
    })
    .input(z.object({ reference: plainText().trim().min(1).max(100) }))
    .output(out.topUpVerification)
    .mutation(async ({ ctx, input }): Promise<TopUpVerification> => {
      const record = await findTransactionByReference(ctx.db, input.reference);
      if (!record || record.type !== "topup" || record.recipientId !== ctx.user.id) {
        throw new DomainError("NOT_FOUND", "No payment found for this reference");
      }
      const answer = (status: TopUpVerification["status"]): TopUpVerification => ({
        status,
        message: MESSAGES[status],
        reference: record.reference,
        amount: record.amount,
      });
      if (record.status === "completed") return answer("success");
      // A failed top-up is asked about too: a payment made after Kolo ended it is still credited
      // (docs/money-integrity.md "A paid top-up is never dropped").
      if (record.status !== "pending" && record.status !== "failed") return answer("failed");
      let charge;
      try {
        charge = await ctx.services.paymentGateway.verifyCharge(record.reference);
      } catch (error) {
        const ended = record.status === "failed";
        if (error instanceof PaymentGatewayError && error.status !== undefined && error.status >= 400 && error.status < 500)
          return answer(ended ? "failed" : "pending");
        ctx.services.log.warn({ reference: record.reference, err: String(error) }, "Top-up verification could not reach the gateway");
        return answer(ended ? "failed" : "pending");
      }
      const settled = await settleTopUp(ctx.db, charge, ctx.services.log);
      if (settled.outcome === "credited" || settled.outcome === "already-credited") return answer("success");
      if (settled.outcome === "pending") return answer("pending");
      return answer("failed");
    }),
});
