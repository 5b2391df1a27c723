// Before every other browser test (playwright.config.ts, project "admin-sessions"): the demo admins
// sign in through /login and /two-factor once, and the tests after them reuse these sessions
// (helpers.ts loginAsAdmin) rather than spending a TOTP step each.
import { test } from "@playwright/test";
import { DEMO_ADMIN, DEMO_ADMIN_2, loginAsAdmin, setFraudMonitoring } from "./helpers";

// Fraud monitoring holds a fresh account's first large payment: off for the suite (docs/decisions.md).
test("fraud monitoring is off for the suite", async () => {
  await setFraudMonitoring(false);
});

for (const admin of [DEMO_ADMIN, DEMO_ADMIN_2]) {
  test(`${admin.email} signs in with the password and the second factor`, async ({ page }) => {
    await loginAsAdmin(page, admin);
  });
}
