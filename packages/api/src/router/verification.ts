import { DB_INT_MAX, bvnVerificationSchema } from "@kolo/domain";
import { z } from "zod";
import { resetAttempts, transactionLimit, verificationStatus, verifyBankAccount, verifyBvn } from "../identity/verification";
import { featureProcedure, protectedProcedure, router } from "../trpc";
import { message } from "./common.types";
import * as out from "./verification.types";

/** Identity verification (docs/product.md#verification-and-limits /api/verification/*; docs/decisions.md). */
export const verificationRouter = router({
  /** -> {verificationLevel, bvnVerified, bankAccountVerified, level, bankVerified, verificationDetails}. Works with feature_verification off. */
  status: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/verification/status",
        tag: "Verification",
        summary: "The user's verification level and attempts",
      },
    })
    .output(out.verificationStatus)
    .query(({ ctx }) => verificationStatus(ctx.db, ctx.services, ctx.user)),
  /** -> {currentLimit (naira per day), currentLevel}. */
  transactionLimit: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/verification/transaction-limit",
        tag: "Verification",
        summary: "The user's transaction limit (naira) at their level",
      },
    })
    .output(out.transactionLimit)
    .query(({ ctx }) => transactionLimit(ctx.user)),
  /** {bvn, dateOfBirth, phoneNumber} -> {success, message, verificationLevel}. Needs feature_verification. Errors: see verifyBvn. */
  bvn: featureProcedure("feature_verification")
    .meta({
      rest: {
        method: "POST",
        path: "/api/verification/bvn",
        tag: "Verification",
        summary: "Verify the user's BVN (level 1)",
        errors: [409, 422, 429, 502],
      },
    })
    .input(bvnVerificationSchema)

    .output(out.verificationAnswer)
    .mutation(({ ctx, input }) => verifyBvn(ctx.db, ctx.services, ctx.user, input)),
  /** {bankAccountId} -> {success, message, verificationLevel}. Needs feature_verification. Errors: see verifyBankAccount. */
  bankAccount: featureProcedure("feature_verification")
    .meta({
      rest: {
        method: "POST",
        path: "/api/verification/bank-account/:bankAccountId",
        tag: "Verification",
        summary: "Verify a saved bank account against the BVN (level 2)",
        errors: [404, 409, 422, 429, 502],
      },
    })
    .input(z.object({ bankAccountId: z.coerce.number().int().positive().max(DB_INT_MAX) }))

    .output(out.verificationAnswer)
    .mutation(({ ctx, input }) => verifyBankAccount(ctx.db, ctx.services, ctx.user, input.bankAccountId)),
  /** {userId?} (admins only) -> {message}. Needs feature_verification. Errors: see resetAttempts. */
  resetAttempts: featureProcedure("feature_verification")
    .meta({
      rest: {
        method: "POST",
        path: "/api/verification/reset-attempts",
        tag: "Verification",
        summary: "Reset verification attempts (the user's own after the wait, or any user's for an admin)",
        errors: [404, 429],
      },
    })
    .input(z.object({ userId: z.number().int().positive().max(DB_INT_MAX).optional() }).optional())

    .output(message)
    .mutation(({ ctx, input }) => resetAttempts(ctx.db, ctx.services, ctx.user, input?.userId)),
});
