// The fraud controls in /admin/settings (docs/product.md "Fraud controls": thresholds are settings):
// an admin asks to change the first-day cap, the value in force holds until a second admin approves
// it on the dashboard (docs/admin-security.md "Approvals"), then the card shows the new value. 1280×800.
import { expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { DEMO_ADMIN_2, loginAsAdmin, setNewDeviceCap, toast } from "./helpers";

// @exclusive (playwright.config.ts): the first-day cap is one setting for everyone, off for the rest of the suite.
test("an admin asks for a first-day cap of ₦15,000; a second admin approves it; the card shows it saved", { tag: "@exclusive" }, async ({ browser }) => {
  test.setTimeout(90_000);
  await setNewDeviceCap(0);
  const firstContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const secondContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const first = await firstContext.newPage();
    await loginAsAdmin(first);
    await first.goto("/admin/settings");
    const card = first.getByRole("region", { name: "Fraud controls" });
    const cap = card.getByLabel("First-day cap (₦)");
    await expect(cap).toHaveValue("0");
    await expect(card.getByLabel("New recipients allowed per hour")).toHaveValue("5");
    await cap.fill("15000");
    await card.getByRole("button", { name: "Save fraud controls" }).click();
    await expect(toast(first, "Awaiting Approval")).toBeVisible();
    // The value in force holds; the request is listed under the fields.
    await expect(card.getByRole("listitem").filter({ hasText: "First-day cap ₦0.00 → ₦15,000.00" })).toBeVisible();
    await expect(cap).toHaveValue("0");
    await checkScreen(first, "/admin/settings, a fraud controls change awaiting approval");

    const second = await secondContext.newPage();
    await loginAsAdmin(second, DEMO_ADMIN_2);
    await second.goto("/admin/dashboard");
    const request = second.getByRole("region", { name: "Awaiting Approval" }).getByRole("listitem").filter({ hasText: "First-day cap ₦0.00 → ₦15,000.00" });
    await request.getByRole("button", { name: "Approve" }).click();
    await second.getByRole("dialog", { name: "Approve this request?" }).getByRole("button", { name: "Approve" }).click();
    await expect(toast(second, "Approved")).toBeVisible();

    await first.reload();
    await expect(first.getByRole("region", { name: "Fraud controls" }).getByLabel("First-day cap (₦)")).toHaveValue("15,000");
    await expect(first.getByRole("region", { name: "Fraud controls" }).getByRole("listitem")).toHaveCount(0);
  } finally {
    await setNewDeviceCap(0);
    await firstContext.close();
    await secondContext.close();
  }
});
