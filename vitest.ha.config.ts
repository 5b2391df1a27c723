// The failover test (apps/server/test/failover.ha.test.ts): `ha up` brings its own PostgreSQL 15
// cluster under Patroni, so no test database; `npm test` runs it as its own step, alone, after the
// other Vitest files (docs/operations.md).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["apps/server/test/**/*.ha.test.ts"],
    pool: "forks",
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 300_000,
  },
});
