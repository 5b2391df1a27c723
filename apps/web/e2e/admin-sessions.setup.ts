// Before every other browser test (playwright.config.ts, project "admin-sessions"): the demo admins
// sign in through /login and /two-factor once, and the tests after them reuse these sessions
// (helpers.ts loginAsAdmin) rather than spending a TOTP step each.
import { test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_ADMIN_2, loginAsAdmin, setFraudMonitoring, setNewDeviceCap } from "./helpers";

// The first-day cap (helpers.ts setNewDeviceCap) and fraud monitoring, which holds a fresh
// account's first large payment, are off for the suite (docs/decisions.md "Fraud controls").
test("the first-day cap and fraud monitoring are off for the browser tests", async () => {
  await setNewDeviceCap(0);
  await setFraudMonitoring(false);
});

for (const admin of [DEMO_ADMIN, DEMO_ADMIN_2]) {
  test(`${admin.email} signs in with the password and the second factor`, async ({ page }) => {
    await loginAsAdmin(page, admin);
  });
}
