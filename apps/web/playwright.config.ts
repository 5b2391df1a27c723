// Browser tests against the real server (tooling/scripts/e2e-server.mjs starts it with a throwaway
// database). The web app must already be built into dist: `pnpm --filter @kolo/web test:e2e` does that.
import { defineConfig, devices } from "@playwright/test";
import { BROWSER_ARGS, BROWSER_EXECUTABLE } from "./e2e/browser";

// E2E_PORT lets several checkouts run their browser tests side by side.
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;

const chromium = {
  ...devices["Desktop Chrome"],
  viewport: { width: 360, height: 740 },
  launchOptions: { ...(BROWSER_EXECUTABLE ? { executablePath: BROWSER_EXECUTABLE } : {}), args: BROWSER_ARGS },
};

/**
 * The spec files that pay the demo merchant 'Test Store' or read its balance: merchant-payments
 * checks the balance rose by exactly what it paid, so no other payment to it may land meanwhile.
 * They run one at a time, beside the other files.
 */
const DEMO_MERCHANT_FILES = ["a11y.spec.ts", "merchant-payments.spec.ts", "security.spec.ts"];

// Three workers on one server and one database (docs/testing.md "Playwright on three workers"):
// 1. admin-sessions: the demo admins sign in once (helpers.ts loginAsAdmin reuses the sessions);
// 2. exclusive: the tests tagged @exclusive change or read what every user shares (a feature
//    switch, the newest users, the count of processing transactions): alone, one at a time;
// 3. demo-merchant (one at a time) and parallel (the other workers), side by side.
// A project runs only when the ones it depends on passed: a failure in 1 or 2 leaves the rest not run.
export default defineConfig({
  testDir: "./e2e",
  workers: 3,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Upper bounds only, never waited out by a passing test: on a machine whose cores are both busy a
  // screen may take several seconds to answer (docs/testing.md "Under load").
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    viewport: { width: 360, height: 740 },
    // No trace: recording one costs the suite about a fifth of its time on two cores, and a run's
    // failure is read from its printed output. `--trace retain-on-failure` records them locally.
    trace: "off",
    screenshot: "only-on-failure",
    // The service worker precaches every asset of the app on its first visit: each test's fresh
    // context would download them all again. Only e2e/installable.spec.ts lets it register.
    serviceWorkers: "block",
  },
  projects: [
    { name: "admin-sessions", testMatch: /\.setup\.ts$/, use: chromium },
    { name: "exclusive", grep: /@exclusive/, workers: 1, dependencies: ["admin-sessions"], use: chromium },
    { name: "demo-merchant", testMatch: DEMO_MERCHANT_FILES, grepInvert: /@exclusive/, workers: 1, dependencies: ["exclusive"], use: chromium },
    { name: "parallel", testIgnore: DEMO_MERCHANT_FILES, grepInvert: /@exclusive/, dependencies: ["exclusive"], use: chromium },
  ],
  webServer: {
    // `exec`: the script replaces the shell Playwright starts it with, so its parent is the test
    // runner itself and it notices when the runner dies (tooling/scripts/e2e-server.mjs).
    command: "exec node ../../tooling/scripts/e2e-server.mjs",
    // The server's sandboxes hold payouts and pending purchases until a test settles or releases
    // them (SANDBOX_HOLD, tooling/scripts/e2e-server.mjs).
    env: { PORT: String(port) },
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    // SIGTERM rather than Playwright's default SIGKILL: e2e-server.mjs then stops the server, which
    // stops its PostgreSQL, and removes the throwaway data folder.
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
