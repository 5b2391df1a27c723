// Per-test-file databases: each call copies the migrated template into a fresh database, so no
// test depends on another's leftovers. Needs the global setup in global-setup.ts.
import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { inject } from "vitest";
import { type DbHandle, type DbOptions, createDb } from "../client";
import { urlWithDatabase } from "./shared";

export type { TestDatabaseContext } from "./shared";

export interface TestDatabase extends DbHandle {
  url: string;
}

/** Creates a freshly migrated database for one test file; `close()` ends its pool. */
export async function createTestDatabase(options: DbOptions = {}): Promise<TestDatabase> {
  const { adminUrl, templateName } = inject("koloTestDb");
  const name = `kolo_t_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.unsafe(`create database ${name} template ${templateName}`);
        break;
      } catch (error) {
        // Two files copying the template at the same instant: wait and retry.
        if (attempt >= 20 || !String(error).includes("being accessed by other users")) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = urlWithDatabase(adminUrl, name);
  return { url, ...createDb(url, options) };
}
