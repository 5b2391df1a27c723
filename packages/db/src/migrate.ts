// Applies the committed drizzle-kit migrations in ../drizzle, then ensures reference data
// (every feature switch, seeded on, and the ledger's system accounts). Run at every start and for every test database.
import { fileURLToPath } from "node:url";
import { FEATURE_DESCRIPTIONS, FEATURE_KEYS } from "@kolo/domain";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import { createDb } from "./client";
import { ensureSystemAccounts } from "./queries/ledger";
import { featureSettings } from "./schema";

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));

/** Migrates the database at `url` to the latest schema and inserts missing reference rows. */
export async function prepareDatabase(url: string): Promise<void> {
  const { db, close } = createDb(url, { max: 1 });
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    await db
      .insert(featureSettings)
      .values(FEATURE_KEYS.map((key) => ({ key, value: true, description: FEATURE_DESCRIPTIONS[key] })))
      .onConflictDoNothing({ target: featureSettings.key });
    await ensureSystemAccounts(db);
  } finally {
    await close();
  }
}
