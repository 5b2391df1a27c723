// The import-boundary rule (tooling/eslint/boundaries.js) refuses what it should and lets the
// layers' own imports through: each case is one import line linted as if it were in a given file.
import { ESLint } from "eslint";
import { expect, it } from "vitest";
import boundaries from "../../../tooling/eslint/boundaries.js";

const root = new URL("../../../", import.meta.url).pathname;
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: boundaries });

/** The no-restricted-imports messages for `source` imported from `file` (relative to the repository). */
async function refusals(file: string, source: string): Promise<number> {
  const [result] = await eslint.lintText(`import { x } from "${source}";\nexport { x };\n`, { filePath: `${root}${file}` });
  return result!.messages.filter((message) => message.ruleId === "no-restricted-imports").length;
}

it("keeps the packages in order: domain <- db <- providers <- api <- server", async () => {
  expect(await refusals("packages/domain/src/money.ts", "@kolo/db")).toBe(1);
  expect(await refusals("packages/db/src/queries/users.ts", "@kolo/api")).toBe(1);
  expect(await refusals("packages/db/src/queries/users.ts", "@kolo/providers")).toBe(1);
  expect(await refusals("packages/providers/src/banking.ts", "@kolo/db")).toBe(1);
  expect(await refusals("packages/sandboxes/src/kit.ts", "@kolo/api")).toBe(1);
  expect(await refusals("packages/api/src/money/payouts.ts", "@kolo/server")).toBe(1);
  expect(await refusals("packages/api/src/money/payouts.ts", "@kolo/sandboxes")).toBe(1);
  // Allowed: downwards.
  expect(await refusals("packages/db/src/queries/users.ts", "@kolo/domain")).toBe(0);
  expect(await refusals("packages/sandboxes/src/kit.ts", "@kolo/providers")).toBe(0);
  expect(await refusals("packages/api/src/money/payouts.ts", "@kolo/providers")).toBe(0);
});

it("keeps SQL in @kolo/db: the api's sources import neither drizzle-orm nor postgres", async () => {
  expect(await refusals("packages/api/src/money/payouts.ts", "drizzle-orm")).toBe(1);
  expect(await refusals("packages/api/src/admin/users.ts", "postgres")).toBe(1);
  expect(await refusals("packages/db/src/queries/users.ts", "drizzle-orm")).toBe(0);
});

it("inside @kolo/api: entry -> jobs runner -> features -> kit, never upwards", async () => {
  expect(await refusals("packages/api/src/money/payouts.ts", "../router/wallet")).toBe(1);
  expect(await refusals("packages/api/src/money/purchase-kinds/kind.ts", "../../integrations/registry")).toBe(1);
  expect(await refusals("packages/api/src/money/payouts.ts", "../trpc")).toBe(1);
  expect(await refusals("packages/api/src/money/payouts.ts", "../jobs/worker")).toBe(1);
  expect(await refusals("packages/api/src/money/payouts.ts", "../jobs")).toBe(1);
  expect(await refusals("packages/api/src/jobs/worker.ts", "../router/wallet")).toBe(1);
  expect(await refusals("packages/api/src/services.ts", "./money/payouts")).toBe(1);
  expect(await refusals("packages/api/src/services.ts", "./jobs/worker")).toBe(1);
  expect(await refusals("packages/api/src/jobs/requery.ts", "../money/payouts")).toBe(1);
  expect(await refusals("packages/api/src/jobs/requery.ts", "./worker")).toBe(1);
  // Allowed: a feature uses another feature and the kit; the runner uses features; the entry uses all.
  expect(await refusals("packages/api/src/money/adjustments.ts", "../admin/approval-requests")).toBe(0);
  expect(await refusals("packages/api/src/money/payouts.ts", "../jobs/requery")).toBe(0);
  expect(await refusals("packages/api/src/money/payouts.ts", "../services")).toBe(0);
  expect(await refusals("packages/api/src/services.ts", "./jobs/scheduler")).toBe(0);
  expect(await refusals("packages/api/src/jobs/worker.ts", "../money/payouts")).toBe(0);
  expect(await refusals("packages/api/src/router/wallet.ts", "../money/payouts")).toBe(0);
});
