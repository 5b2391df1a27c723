// The PostgreSQL 15 pass of `npm test`: the test files that run the project's SQL (migrations, the
// ledger's functions, the queries, the jobs, LISTEN/NOTIFY) again on Debian's PostgreSQL 15, the
// version the HA cluster runs. The migrations run on it whatever the list (the global setup
// migrates the template database). The list and how it was chosen: docs/decisions/operations.md
// "The PostgreSQL 15 pass runs the SQL tests". A test file that brings SQL none of these runs
// (a new query, ledger function or job) goes on the list.
import { existsSync } from "node:fs";
import { defineConfig } from "vitest/config";
import base from "./vitest.config";

const SQL_TEST_FILES = [
  // The database package: the ledger's functions and their verification, LISTEN, feature switches.
  "packages/db/test/ledger-kit.test.ts",
  "packages/db/test/ledger-sql.test.ts",
  "packages/db/test/payout-fee-kobo.test.ts",
  "packages/db/test/stored-amounts-kobo.test.ts",
  "packages/db/test/posting-balance-after.test.ts",
  "packages/db/test/ledger-verify.test.ts",
  "packages/db/test/listen.test.ts",
  "packages/db/test/feature-switches.test.ts",
  // The flat reads at scale (fraud facts on their index, History's one-sided tabs, kept user counts, lookups) and
  // the live events read by snapshot (xid8, pg_current_snapshot).
  "packages/db/test/fraud-facts.test.ts",
  "packages/db/test/history-sides.test.ts",
  "packages/db/test/user-counts.test.ts",
  "packages/db/test/recipient-lookups.test.ts",
  "packages/db/test/events-by-snapshot.test.ts",
  // The routers and the pg-boss jobs through the tRPC caller.
  "packages/api/test/admin.test.ts",
  "packages/api/test/auth.test.ts",
  "packages/api/test/jobs.test.ts",
  "packages/api/test/money.test.ts",
  "packages/api/test/purchases.test.ts",
  "packages/api/test/support.test.ts",
  // Through the server: queries and jobs the files above do not run.
  "apps/server/test/admin-moves.http.test.ts",
  "apps/server/test/admin.http.test.ts",
  "apps/server/test/alerts.http.test.ts",
  "apps/server/test/approvals.http.test.ts",
  "apps/server/test/bank-accounts.http.test.ts",
  "apps/server/test/credit-once.http.test.ts",
  "apps/server/test/beneficiaries.http.test.ts",
  "apps/server/test/dedicated-accounts.http.test.ts",
  "apps/server/test/electricity.http.test.ts",
  "apps/server/test/events.http.test.ts",
  "apps/server/test/job-with-hold.http.test.ts",
  "apps/server/test/late-topup.http.test.ts",
  "apps/server/test/merchants.http.test.ts",
  "apps/server/test/money-mix.http.test.ts",
  "apps/server/test/money.http.test.ts",
  "apps/server/test/p2p-phone.http.test.ts",
  "apps/server/test/password-reset.http.test.ts",
  "apps/server/test/payouts.http.test.ts",
  "apps/server/test/paystack-banking.http.test.ts",
  "apps/server/test/reconciliation.http.test.ts",
  "apps/server/test/sandbox-webhook-retries.http.test.ts",
  "apps/server/test/account-and-money-guards.http.test.ts",
  "apps/server/test/session-end.http.test.ts",
  "apps/server/test/statements.http.test.ts",
  "apps/server/test/timeouts.http.test.ts",
  "apps/server/test/transaction-pin.http.test.ts",
  "apps/server/test/two-servers.http.test.ts",
  "apps/server/test/verification.http.test.ts",
  "apps/server/test/vtpass.http.test.ts",
];

// A renamed or deleted file would otherwise leave the pass without a word.
const gone = SQL_TEST_FILES.filter((file) => !existsSync(new URL(file, import.meta.url)));
if (gone.length > 0) throw new Error(`vitest.pg15.config.ts lists test files that do not exist: ${gone.join(", ")}`);

// Debian's PostgreSQL 15 rather than the embedded 17 (packages/db/src/testing/global-setup.ts).
process.env.TEST_PG_VERSION ??= "15";

export default defineConfig({ test: { ...base.test, include: SQL_TEST_FILES } });
