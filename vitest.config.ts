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
    // Each worker process runs its files one after another with one module cache (docs/testing.md
    // "Vitest: one module cache a worker"): isolated, every file imported the server's whole module
    // graph again in a new process, a quarter of the run's time. Files share what a module keeps at
    // its top level, so a test restores what it spies on or changes, and closes what it opens.
    isolate: false,
    // Three files at a time on 2 cores (Vitest's default is one): the files wait on PostgreSQL and on
    // the servers they start as much as they compute (docs/testing.md "Phases and times").
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
