import { z } from "zod";

/** Statements (docs/product.md "Statements"): a period of up to 12 months, as PDF or CSV. */
export const STATEMENT_MESSAGES = {
  date: "Use a date like 2026-01-31",
  order: "The period must end on or after its start",
  tooLong: "A statement covers at most 12 months",
  future: "The period cannot start in the future",
  /** 429: the user already has MAX_STATEMENTS_PREPARING statements in preparation. */
  busy: "A statement is already being prepared",
} as const;

/** Statements one user may have in preparation at once on a server (docs/decisions.md "Per-user caps"). */
export const MAX_STATEMENTS_PREPARING = 2;

/** The longest period a statement covers, in days (12 months, a leap year included). */
export const MAX_STATEMENT_DAYS = 366;

/** A Lagos calendar day as YYYY-MM-DD (a real date): statements and the History date range. */
export const lagosDaySchema = z
  .string({ error: STATEMENT_MESSAGES.date })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: STATEMENT_MESSAGES.date })
  .refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), {
    error: STATEMENT_MESSAGES.date,
  });
const dayNumber = (text: string) => Date.parse(`${text}T00:00:00Z`) / 86_400_000;

/** GET /api/statements?from=YYYY-MM-DD&to=YYYY-MM-DD&format=pdf|csv: Lagos calendar days, both included. */
export const statementQuerySchema = z
  .object({ from: lagosDaySchema, to: lagosDaySchema, format: z.enum(["pdf", "csv"], { error: "Choose PDF or CSV" }) })
  .superRefine((value, ctx) => {
    const span = dayNumber(value.to) - dayNumber(value.from);
    if (span < 0) ctx.addIssue({ code: "custom", path: ["to"], message: STATEMENT_MESSAGES.order });
    else if (span + 1 > MAX_STATEMENT_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: STATEMENT_MESSAGES.tooLong });
  });
export type StatementQuery = z.output<typeof statementQuerySchema>;
