import { listUserTransactions } from "@kolo/db";
import { toTransactionView } from "../money/view";
import { protectedProcedure, router } from "../trpc";

/** The signed-in user's transactions (spec 01 §7 GET /api/transactions). */
export const transactionsRouter = router({
  /** -> TransactionView[] newest first (up to 500); a credit is one whose recipientId is the user. */
  list: protectedProcedure.query(async ({ ctx }) => {
    const records = await listUserTransactions(ctx.db, ctx.user.id);
    return records.map((record) => toTransactionView(record, ctx.user.id));
  }),
});
