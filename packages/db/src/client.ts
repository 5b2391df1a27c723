// Connection factory: one postgres.js pool wrapped by drizzle with the whole schema.
// Change pool sizes here; every app and test opens its database through createDb.
import { drizzle } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import * as schema from "./schema";

export interface DbHandle {
  db: Database;
  client: postgres.Sql;
  close: () => Promise<void>;
}

function wrap(client: postgres.Sql) {
  return drizzle(client, { schema, casing: "snake_case" });
}

export type Database = ReturnType<typeof wrap>;
/** A drizzle transaction; query functions accept `DbOrTx` so callers can compose them. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Transaction;

/** Opens a pool of at most `max` connections to `url`. */
export function createDb(url: string, options: { max?: number } = {}): DbHandle {
  const client = postgres(url, { max: options.max ?? 10, onnotice: () => {} });
  return { db: wrap(client), client, close: () => client.end({ timeout: 5 }) };
}
