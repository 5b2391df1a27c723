// Writes the ledger's SQL functions (sql/ledger/*.sql, one current definition each) into the
// newest `NNNN_ledger_functions.sql` migration, which `drizzle-kit generate --custom --name
// ledger_functions` has just created empty (`pnpm --filter @kolo/db ledger:migration` runs both).
// packages/db/test/ledger-sql.test.ts checks that the newest such migration equals the files.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The folder of the ledger's function files (packages/db/sql/ledger). */
export const LEDGER_SQL_FOLDER = fileURLToPath(new URL("../sql/ledger", import.meta.url));
/** drizzle-kit's migrations folder (packages/db/drizzle). */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));

const HEADER = `-- The ledger's SQL functions as packages/db/sql/ledger/*.sql define them now, written by
-- packages/db/scripts/ledger-migration.ts (edit those files, never this one: packages/db/sql/ledger/README.md).
`;

/** The ledger function files, by name: `kolo_hold.sql`, … (sorted, so the migration's order is stable). */
export function ledgerFunctionFiles(): string[] {
  return readdirSync(LEDGER_SQL_FOLDER)
    .filter((name) => name.endsWith(".sql"))
    .sort();
}

/**
 * The migration that applies every ledger function file: a header, then each file as one
 * statement (drizzle's `--> statement-breakpoint` between them). Each file is a CREATE OR REPLACE,
 * so applying it over the same definition changes nothing.
 */
export function ledgerMigrationSql(): string {
  const statements = ledgerFunctionFiles().map((name) => readFileSync(join(LEDGER_SQL_FOLDER, name), "utf8").trimEnd());
  return `${HEADER}\n${statements.join("\n--> statement-breakpoint\n\n")}\n`;
}

/** The newest migration named `NNNN_ledger_functions.sql`, as a path; undefined when there is none. */
export function newestLedgerMigration(): string | undefined {
  const name = readdirSync(MIGRATIONS_FOLDER)
    .filter((file) => /^\d{4}_ledger_functions\.sql$/.test(file))
    .sort()
    .at(-1);
  return name === undefined ? undefined : join(MIGRATIONS_FOLDER, name);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const target = newestLedgerMigration();
  if (target === undefined) throw new Error("No NNNN_ledger_functions.sql migration: run drizzle-kit generate --custom --name ledger_functions first");
  writeFileSync(target, ledgerMigrationSql());
  console.log(`Wrote ${ledgerFunctionFiles().length} ledger functions into ${target}`);
}
