import { CURSOR_MESSAGE, DomainError, HISTORY_LIST_MAX, HISTORY_TABS, historyQuerySchema } from "@kolo/domain";
import { UnknownCursorError, listUserTransactions } from "@kolo/db";
import { lagosDayRange } from "../money/reconciliation";
import { expireStaleTopUps } from "../money/topup-expiry";
import { toTransactionView } from "../money/view";
import { protectedProcedure, router } from "../trpc";
import * as out from "./transactions.types";

/** How long the list waits for the user's expired top-ups to be settled before answering. */
const EXPIRY_BUDGET_MS = 2_000;

/** The signed-in user's transactions (docs/product.md GET /api/transactions). */
export const transactionsRouter = router({
  /**
   * {tab?, q?, from?, to?, cursor?, limit?} (historyQuerySchema, @kolo/domain: the History tabs, a
   * search ignoring case, Lagos days YYYY-MM-DD both included) -> TransactionView[] newest first
   * (created_at desc, id desc; up to `limit`, default and most 500), amounts in naira; a credit is
   * one whose recipientId is the user. `cursor`: the `id` of the last row already shown (the answer
   * stays an array, so its last row's id is the next cursor): the rows after it, by keyset. A bad
   * filter, or a cursor that is not one of the user's transactions: 400 VALIDATION, by field
   * (docs/product.md "History"; docs/decisions.md "History filters"; docs/performance.md "Flat reads").
   * First ends the user's own top-ups whose checkout expired, waiting at most
   * EXPIRY_BUDGET_MS for the gateway: a slow gateway delays nothing further, the work goes on.
   */
  list: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/transactions",
        tag: "Wallet",
        summary: "The user's transactions, newest first",
        description: "docs/product.md History: optional tab, q (search), from and to (Lagos days, both included).",
      },
    })
    .input(historyQuerySchema.optional())
    .output(out.transactionList)
    .query(async ({ ctx, input }) => {
      const expiry = expireStaleTopUps(ctx.db, ctx.services.paymentGateway, ctx.services.log, { userId: ctx.user.id, limit: 10 }).catch((error: unknown) => {
        ctx.services.log.warn({ userId: ctx.user.id, err: String(error) }, "Top-up expiry before the transaction list failed");
      });
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([expiry, new Promise<void>((resolve) => (timer = setTimeout(resolve, EXPIRY_BUDGET_MS)))]);
      clearTimeout(timer);
      const records = await listUserTransactions(ctx.db, ctx.user.id, input?.limit ?? HISTORY_LIST_MAX, {
        types: input?.tab ? HISTORY_TABS[input.tab].types : null,
        search: input?.q || undefined,
        from: input?.from ? lagosDayRange(input.from).from : undefined,
        to: input?.to ? lagosDayRange(input.to).to : undefined,
        cursor: input?.cursor,
      }).catch((error: unknown) => {
        if (error instanceof UnknownCursorError) throw new DomainError("VALIDATION", CURSOR_MESSAGE, { cursor: [CURSOR_MESSAGE] });
        throw error;
      });
      return records.map((record) => toTransactionView(record, ctx.user.id));
    }),
});
