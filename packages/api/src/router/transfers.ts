import { TRANSFER_MESSAGES, p2pTransferSchema } from "@kolo/domain";
import { transferP2P } from "../money/p2p";
import { toTransactionView } from "../money/view";
import { featureProcedure, router } from "../trpc";

/** Transfers (spec 02 "/transfer/p2p", §7 POST /api/transfer/p2p). */
export const transfersRouter = router({
  /**
   * {recipientEmail, amount: naira, idempotencyKey?} -> {message: 'Transfer Successful', transaction}.
   * Free and instant. Needs feature_send_money. Errors: see transferP2P.
   */
  p2p: featureProcedure("feature_send_money")
    .input(p2pTransferSchema)
    .mutation(async ({ ctx, input }) => {
      const { transaction } = await transferP2P(ctx.db, {
        sender: ctx.user,
        recipientEmail: input.recipientEmail,
        amountKobo: input.amount,
        idempotencyKey: input.idempotencyKey,
      });
      return { message: TRANSFER_MESSAGES.success, transaction: toTransactionView(transaction, ctx.user.id) };
    }),
});
