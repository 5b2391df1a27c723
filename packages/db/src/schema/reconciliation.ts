import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { reviewItems } from "./reviews";
import { users } from "./users";

/**
 * Daily reconciliation runs (docs/money-integrity.md "Daily reconciliation"): one row per run of a
 * Lagos day (a rerun adds a row). `counts` {matched, open, exceptions: {class: n}}; `totals` the
 * day's figures in kobo as strings (money in, money out, fees, system account movements, provider
 * totals); the ledger columns are the run's ledger verification (docs/ledger-verification.md).
 */
export const reconciliationRuns = pgTable(
  "reconciliation_runs",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    day: date({ mode: "string" }).notNull(),
    state: text({ enum: ["running", "completed", "failed"] })
      .notNull()
      .default("running"),
    counts: jsonb().$type<{ matched: number; open: number; exceptions: Record<string, number> }>(),
    totals: jsonb().$type<Record<string, string>>(),
    ledgerOk: boolean(),
    ledgerFirstBroken: text(),
    ledgerHeadsDigest: text(),
    error: text(),
    /** The admin who asked for it; null for the daily schedule. */
    triggeredBy: integer().references(() => users.id, { onDelete: "restrict" }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index("reconciliation_runs_day_idx").on(t.day, t.id)],
);

/** One exception a run found: its class, the record on both sides (kobo), and the review item it is in. */
export const reconciliationExceptions = pgTable(
  "reconciliation_exceptions",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    runId: integer()
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: "restrict" }),
    class: text().notNull(),
    kind: text().notNull(),
    reference: text().notNull(),
    koloAmount: bigint({ mode: "bigint" }),
    providerAmount: bigint({ mode: "bigint" }),
    koloStatus: text(),
    providerStatus: text(),
    reviewItemId: integer().references(() => reviewItems.id, { onDelete: "restrict" }),
  },
  (t) => [index("reconciliation_exceptions_run_idx").on(t.runId, t.id)],
);

export type ReconciliationRun = typeof reconciliationRuns.$inferSelect;
export type ReconciliationException = typeof reconciliationExceptions.$inferSelect;
