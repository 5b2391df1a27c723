import { plainText } from "@kolo/domain";
import { z } from "zod";
import { receiptFor, verifyReceipt } from "../receipts/receipts";
import { protectedProcedure, publicProcedure, router } from "../trpc";

/** Receipts (docs/product.md "Receipts"). */
export const receiptsRouter = router({
  /** GET /api/receipts/{reference} -> ReceiptView; NOT_FOUND 'Receipt not found' unless the user sent or received it. */
  get: protectedProcedure
    .input(z.object({ reference: plainText().trim().min(1).max(100) }))
    .query(({ ctx, input }) => receiptFor(ctx.db, ctx.services, ctx.user, input.reference)),
  /** GET /api/receipts/verify/{code} (no sign-in) -> PublicReceipt; NOT_FOUND 'No Kolo transaction matches this receipt'. */
  verify: publicProcedure.input(z.object({ code: plainText().trim().min(1).max(64) })).query(({ ctx, input }) => verifyReceipt(ctx.db, input.code)),
});
