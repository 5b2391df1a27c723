// One Vitest run for every package's unit and integration tests. The global setup starts the
// PostgreSQL backend once (see packages/db/src/testing); each test file gets its own database.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // One layout per package (docs/testing.md "Test layout and harness"): unit tests beside the code
    // in the pure packages and the web app, test/ folders where a database or the server is needed.
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
      "apps/server/test/**/*.test.ts",
      "apps/web/src/**/*.test.ts",
      "apps/web/scripts/**/*.test.ts",
    ],
    // The failover test runs alone, on its own PostgreSQL cluster (vitest.ha.config.ts).
    exclude: ["**/node_modules/**", "**/*.ha.test.ts"],
    globalSetup: ["./packages/db/src/testing/global-setup.ts"],
    pool: "forks",
    // Three files at a time on 2 cores (Vitest's default is one): the files wait on PostgreSQL and on
    // the servers they start as much as they compute (docs/testing.md "Phases and times").
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
