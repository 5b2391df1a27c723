import { STATEMENT_MESSAGES, DomainError, lagosDate, statementQuerySchema } from "@kolo/domain";
import { lagosDayRange } from "../money/reconciliation";
import { protectedProcedure, router } from "../trpc";

/** Statements (docs/product.md "Statements"): the file itself is streamed by GET /api/statements. */
export const statementsRouter = router({
  /**
   * {from, to (YYYY-MM-DD, Lagos days, at most 12 months), format} -> the period as instants
   * {from, to (exclusive), fromDay, toDay, format}: what GET /api/statements streams for the
   * signed-in user. VALIDATION for a bad or too long period, or one that starts in the future.
   */
  period: protectedProcedure.input(statementQuerySchema).query(({ ctx, input }) => {
    const today = lagosDate(ctx.services.now?.() ?? new Date());
    if (input.from > today) throw new DomainError("VALIDATION", STATEMENT_MESSAGES.future, { from: [STATEMENT_MESSAGES.future] });
    return { from: lagosDayRange(input.from).from, to: lagosDayRange(input.to).to, fromDay: input.from, toDay: input.to, format: input.format };
  }),
});
