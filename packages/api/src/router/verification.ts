import { DB_INT_MAX, bvnVerificationSchema } from "@kolo/domain";
import { z } from "zod";
import { resetAttempts, transactionLimit, verificationStatus, verifyBankAccount, verifyBvn } from "../identity/verification";
import { featureProcedure, protectedProcedure, router } from "../trpc";

/** Identity verification (docs/product.md#verification-and-limits /api/verification/*; docs/decisions.md). */
export const verificationRouter = router({
  /** -> {verificationLevel, bvnVerified, bankAccountVerified, level, bankVerified, verificationDetails}. Works with feature_verification off. */
  status: protectedProcedure.query(({ ctx }) => verificationStatus(ctx.db, ctx.services, ctx.user)),
  /** -> {currentLimit (naira per day), currentLevel}. */
  transactionLimit: protectedProcedure.query(({ ctx }) => transactionLimit(ctx.user)),
  /** {bvn, dateOfBirth, phoneNumber} -> {success, message, verificationLevel}. Needs feature_verification. Errors: see verifyBvn. */
  bvn: featureProcedure("feature_verification")
    .input(bvnVerificationSchema)
    .mutation(({ ctx, input }) => verifyBvn(ctx.db, ctx.services, ctx.user, input)),
  /** {bankAccountId} -> {success, message, verificationLevel}. Needs feature_verification. Errors: see verifyBankAccount. */
  bankAccount: featureProcedure("feature_verification")
    .input(z.object({ bankAccountId: z.coerce.number().int().positive().max(DB_INT_MAX) }))
    .mutation(({ ctx, input }) => verifyBankAccount(ctx.db, ctx.services, ctx.user, input.bankAccountId)),
  /** {userId?} (admins only) -> {message}. Needs feature_verification. Errors: see resetAttempts. */
  resetAttempts: featureProcedure("feature_verification")
    .input(z.object({ userId: z.number().int().positive().max(DB_INT_MAX).optional() }).optional())
    .mutation(({ ctx, input }) => resetAttempts(ctx.db, ctx.services, ctx.user, input?.userId)),
});
