// Fraud monitoring (docs/product.md "Fraud controls"): a new account's first payment above half its
// balance is held. At 360×740 the user sees 'Under review' on the payment's screen and in History;
// at 1280×800 an admin releases it from /admin/reviews, and the recipient is paid.
// @exclusive (playwright.config.ts): turns monitoring on for the whole server while it runs.
import { expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { confirmWithPin, loginAsAdmin, newUser, paymentScreen, registerAndSkipOnboarding, registerByApi, setFraudMonitoring, toast, topUp } from "./helpers";

test("a held P2P shows 'Under review'; the admin releases it", { tag: "@exclusive" }, async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const friend = newUser("Ada Heldpay");
  await registerByApi(browser, baseURL!, friend);
  await registerAndSkipOnboarding(page, newUser("Held Sender"));
  await topUp(page, "2000");
  await setFraudMonitoring(true);
  try {
    await page.goto("/transfer/p2p");
    await page.getByLabel("Recipient email or phone number").fill(friend.email);
    await page.getByLabel("Amount (NGN)").fill("1500");
    await page.getByRole("button", { name: "Send Money" }).click();
    await confirmWithPin(page);
    await expect(toast(page, "Under review")).toBeVisible();
    const reference = await paymentScreen(page, { done: false });
    await expect(page.getByTestId("payment-status")).toHaveText(/Under review/);
    await checkScreen(page, "/done/{reference} under review");
    await page.goto("/history");
    await expect(page.getByRole("link").filter({ hasText: "Transfer to Ada Heldpay" }).first()).toContainText("Under review");

    const admin = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const desk = await admin.newPage();
    await loginAsAdmin(desk);
    await desk.goto("/admin/reviews");
    await expect(desk.getByTestId("fraud-rule-hits")).toContainText("New device, over half the balance");
    const row = desk.getByRole("row").filter({ hasText: reference });
    await expect(row).toContainText("Held payment");
    await checkScreen(desk, "/admin/reviews with a held payment");
    await row.getByRole("button", { name: `Resolve ${reference}` }).click();
    const dialog = desk.getByRole("dialog", { name: `Resolve ${reference}` });
    await dialog.getByRole("radio", { name: "Release: the payment proceeds" }).check();
    await dialog.getByRole("textbox", { name: "Note" }).fill("Called the user: it was them");
    await dialog.getByRole("button", { name: "Resolve" }).click();
    await expect(toast(desk, "Review item resolved")).toBeVisible();
    await admin.close();

    await page.goto(`/done/${reference}`);
    await expect(page.getByTestId("payment-status")).not.toHaveText(/Under review/);
  } finally {
    await setFraudMonitoring(false);
  }
});

test("a held QR payment to a merchant shows 'Under review', not 'Payment Successful'", { tag: "@exclusive" }, async ({ page }) => {
  test.setTimeout(120_000);
  await registerAndSkipOnboarding(page, newUser("Held Shopper"));
  await topUp(page, "2000");
  await setFraudMonitoring(true);
  try {
    // Merchant 1 is the demo data's 'Test Store': ₦1,500 of ₦2,000 is a new account's first payment above half its balance.
    await page.goto("/payment-confirmation?merchantId=1&merchantName=Test%20Store&amount=1500");
    await page.getByRole("main").getByRole("button", { name: "Pay Now" }).click();
    await confirmWithPin(page);
    await expect(toast(page, "Under review")).toBeVisible();
    await paymentScreen(page, { done: false });
    await expect(page.getByTestId("payment-status")).toHaveText(/Under review/);
    await expect(page.getByRole("heading", { name: "Payment Successful" })).toHaveCount(0);
    await checkScreen(page, "/done/{reference} merchant payment under review");
    await page.goto("/history");
    await expect(page.getByRole("link").filter({ hasText: "Payment to Test Store" }).first()).toContainText("Under review");
  } finally {
    await setFraudMonitoring(false);
  }
});
