import { plainText } from "@kolo/domain";
import { z } from "zod";
import { receiptFor, verifyReceipt } from "../receipts/receipts";
import { protectedProcedure, publicProcedure, router } from "../trpc";
import * as out from "./receipts.types";

/** Receipts (docs/product.md "Receipts"). */
export const receiptsRouter = router({
  /** GET /api/receipts/{reference} -> ReceiptView; NOT_FOUND 'Receipt not found' unless the user sent or received it. */
  get: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/receipts/:reference",
        tag: "Receipts",
        summary: "The receipt of one of the user's transactions",
        errors: [404],
      },
    })
    .input(z.object({ reference: plainText().trim().min(1).max(100) }))

    .output(out.receipt)
    .query(({ ctx, input }) => receiptFor(ctx.db, ctx.services, ctx.user, input.reference)),
  /** GET /api/receipts/verify/{code} (no sign-in) -> PublicReceipt; NOT_FOUND 'No Kolo transaction matches this receipt'. */
  verify: publicProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/receipts/verify/:code",
        tag: "Receipts",
        summary: "Check a receipt by its code (no sign-in): the transaction it names, from the ledger",
        description: "docs/product.md 'Receipts'. Rate-limited per client like sign-in.",
        errors: [404, 429],
      },
    })
    .input(z.object({ code: plainText().trim().min(1).max(64) }))
    .output(out.publicReceipt)
    .query(({ ctx, input }) => verifyReceipt(ctx.db, input.code)),
});
