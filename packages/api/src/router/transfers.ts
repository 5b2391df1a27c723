import {
  DomainError,
  FRAUD_MESSAGES,
  PAYOUT_MESSAGES,
  TRANSFER_MESSAGES,
  bankTransferRequestSchema,
  isHeldForReview,
  p2pTransferRequestSchema,
} from "@kolo/domain";
import { transferP2P } from "../money/p2p";
import { resolveBankRecipient } from "../banking/beneficiaries";
import { startPayout } from "../money/payouts";
import { toTransactionView } from "../money/view";
import { pinProcedure, router } from "../trpc";
import { withTransaction } from "./common.types";
import { resolveRecipientCounted } from "./users";
import { heldAnswer, payoutAnswer } from "./wallet";

/** Transfers (docs/product.md#qr-codes-and-p2p-transfers POST /api/transfer/p2p, /api/transfer/bank). */
export const transfersRouter = router({
  /**
   * {recipientEmail | recipientId, amount: naira, idempotencyKey?, narration?} -> {message: 'Transfer
   * Successful', transaction}. Free and instant. Needs feature_send_money. The recipient, named
   * by `recipientEmail`, `recipientPhone` or `recipientId` (a scanned P2P code), is resolved on the
   * server through resolveRecipientCounted, so each transfer counts against the caller's lookup
   * limit (RATE_LIMITED 429 'Too many requests'; RULE_VIOLATION for oneself, RECIPIENT_NOT_FOUND);
   * with none: VALIDATION 'Please enter a valid email'. Other errors: see transferP2P.
   */
  p2p: pinProcedure("feature_send_money")
    .meta({
      rest: {
        method: "POST",
        path: "/api/transfer/p2p",
        tag: "Transfers",
        summary: "Send money to another Kolo user (by e-mail, phone number or user id)",
        description: "docs/product.md#qr-codes-and-p2p-transfers; the recipient's resolution counts against the 30 lookups in 10 minutes per user.",
        idempotencyKey: true,
        errors: [404, 409, 429],
        accepted: heldAnswer,
      },
    })
    .input(p2pTransferRequestSchema)
    .output(withTransaction)
    .mutation(async ({ ctx, input }) => {
      const named =
        input.recipientId !== undefined
          ? { id: input.recipientId }
          : input.recipientPhone !== undefined
            ? { phone: input.recipientPhone }
            : input.recipientEmail !== undefined
              ? { email: input.recipientEmail }
              : undefined;
      if (named === undefined) {
        throw new DomainError("VALIDATION", TRANSFER_MESSAGES.invalidEmail, { recipientEmail: [TRANSFER_MESSAGES.invalidEmail] });
      }
      const { email: recipientEmail } = await resolveRecipientCounted(ctx.db, ctx.services.userLimits, ctx.user, named);
      const { transaction } = await transferP2P(ctx.db, {
        sender: ctx.user,
        recipientEmail,
        amountKobo: input.amount,
        idempotencyKey: input.idempotencyKey,
        narration: input.narration,
        now: ctx.services.now?.(),
        deviceToken: ctx.deviceToken,
      });
      const message = isHeldForReview(transaction) ? FRAUD_MESSAGES.underReview : TRANSFER_MESSAGES.success;
      return { message, transaction: toTransactionView(transaction, ctx.user.id) };
    }),

  /**
   * {bankAccountId, amount: naira (≥ ₦100), transferFee: naira, idempotencyKey?, narration?} -> {message,
   * transaction} (POST /api/transfer/bank); or `{bankCode, accountNumber}` instead of
   * bankAccountId to pay any account (its name resolved first: resolveBankRecipient's errors). The same payout path as wallet.withdraw (channel
   * `bank_transfer`); FEE_MISMATCH (400) 'Fee mismatch' {expectedFee} when transferFee is not the
   * server's fee (1%, min ₦50, max ₦1,000). Needs feature_send_money ("Send money to other users
   * and to bank accounts") and, being a payout, feature_withdraw. Errors: the statuses in the meta's
   * `errors`; codes and messages where they are thrown (acceptPayout, and RULE_VIOLATION {reference,
   * reason} when the provider refused it at once: amount and fee already back in the wallet, a repeat
   * with the same key answers the same).
   */
  bank: pinProcedure("feature_send_money", "feature_withdraw")
    .meta({
      rest: {
        method: "POST",
        path: "/api/transfer/bank",
        tag: "Banking",
        summary: "Send money to a saved bank account",
        idempotencyKey: true,
        errors: [404, 409, 502],
        accepted: heldAnswer,
      },
    })
    .input(bankTransferRequestSchema)
    .output(withTransaction)
    .mutation(async ({ ctx, input }) => {
      // To any account: its name from the provider first, before anything is held.
      const recipient =
        input.bankAccountId === undefined && input.bankCode !== undefined && input.accountNumber !== undefined
          ? await resolveBankRecipient(ctx.services, { bankCode: input.bankCode, accountNumber: input.accountNumber })
          : undefined;
      const { transaction } = await startPayout(ctx.db, ctx.services, {
        user: ctx.user,
        channel: "bank_transfer",
        bankAccountId: input.bankAccountId,
        recipient,
        amountKobo: input.amount,
        clientFeeKobo: input.transferFee,
        idempotencyKey: input.idempotencyKey,
        narration: input.narration,
        now: ctx.services.now?.(),
        deviceToken: ctx.deviceToken,
      });
      // Refused at once (already refunded): the page's failure path ('Transfer Failed' with this message), not its success toast.
      if (transaction.status === "failed") {
        const reason = "failureReason" in transaction.metadata ? transaction.metadata.failureReason : undefined;
        throw new DomainError("RULE_VIOLATION", PAYOUT_MESSAGES.bankTransferRefused, { reference: transaction.reference, reason: reason ?? null });
      }
      return payoutAnswer(toTransactionView(transaction, ctx.user.id), PAYOUT_MESSAGES.bankTransferAccepted);
    }),
});
