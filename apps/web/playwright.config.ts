// Browser tests against the real server (tooling/scripts/e2e-server.mjs starts it with a throwaway
// database). The web app must already be built into dist: `pnpm --filter @kolo/web test:e2e` does that.
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// E2E_PORT lets several checkouts run their browser tests side by side.
const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://127.0.0.1:${port}`;
const systemChromium = "/usr/bin/chromium";

export default defineConfig({
  testDir: "./e2e",
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL,
    viewport: { width: 360, height: 740 },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // The service worker precaches every asset of the app on its first visit: each test's fresh
    // context would download them all again. Only e2e/installable.spec.ts lets it register.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 360, height: 740 },
        launchOptions: {
          ...(existsSync(systemChromium) ? { executablePath: systemChromium } : {}),
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
          ],
        },
      },
    },
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
