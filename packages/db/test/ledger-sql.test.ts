// The ledger's SQL functions have one source, packages/db/sql/ledger/<function>.sql: the newest
// ledger migration must be those files as the generator writes them, no later migration may
// redefine a ledger function behind them, and a migrated database must run exactly their bodies.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LEDGER_SQL_FOLDER, MIGRATIONS_FOLDER, ledgerFunctionFiles, ledgerMigrationSql, newestLedgerMigration } from "../scripts/ledger-migration";
import { type TestDatabase, createTestDatabase } from "../src/testing";

const functions = ledgerFunctionFiles().map((file) => file.replace(/\.sql$/, ""));

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});

it("keeps one file per ledger function, each a CREATE OR REPLACE of the function it is named after", () => {
  expect(functions.length).toBeGreaterThanOrEqual(12);
  for (const name of functions) {
    const text = readFileSync(join(LEDGER_SQL_FOLDER, `${name}.sql`), "utf8");
    expect(text.match(/CREATE (OR REPLACE )?FUNCTION (\w+)\(/g)).toEqual([`CREATE OR REPLACE FUNCTION ${name}(`]);
  }
});

it("applies the files in the newest ledger migration, and no later migration redefines a ledger function", () => {
  const newest = newestLedgerMigration();
  expect(newest).toBeDefined();
  expect(readFileSync(newest!, "utf8"), "run: npm run pnpm -- --filter @kolo/db ledger:migration").toBe(ledgerMigrationSql());
  const newestName = newest!.split("/").at(-1)!;
  const later = readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith(".sql") && file > newestName);
  for (const file of later) {
    const text = readFileSync(join(MIGRATIONS_FOLDER, file), "utf8");
    for (const name of functions) expect(text, `${file} redefines ${name}`).not.toMatch(new RegExp(`FUNCTION\\s+${name}\\s*\\(`, "i"));
  }
});

it("runs in a migrated database exactly the bodies the files define", async () => {
  const rows = await t.client<{ name: string; body: string }[]>`
    select proname as name, prosrc as body from pg_proc where proname = any(${functions}) and pronamespace = 'public'::regnamespace`;
  expect(rows.map((row) => row.name).sort()).toEqual(functions);
  for (const row of rows) {
    const text = readFileSync(join(LEDGER_SQL_FOLDER, `${row.name}.sql`), "utf8");
    const body = text.slice(text.indexOf("$$") + 2, text.lastIndexOf("$$"));
    expect(row.body, row.name).toBe(body);
  }
});
