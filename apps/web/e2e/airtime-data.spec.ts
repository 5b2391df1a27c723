// Airtime and data at 360×740 against the real server and its VTpass sandbox. The
// e2e server (tooling/scripts/e2e-server.mjs) runs the requery job with REQUERY_FIRST_DELAY_MS=1000
// and its sandbox holds 201000000000 processing until the test releases it (SANDBOX_HOLD), so a
// pending data purchase is seen pending, then delivered, and /history shows it without a reload.
import { type Page, expect, test } from "@playwright/test";
import {
  adminApiSession,
  balanceCard,
  confirmWithPin,
  newUser,
  registerAndSkipOnboarding,
  releasePurchase,
  toast,
  topUp,
  transactionReference,
  paymentScreen,
} from "./helpers";

const historyRows = (page: Page) => page.getByRole("main").getByRole("listitem");

test("buy ₦500 MTN airtime for 08011111111: validation, Verify Phone Number, success toast, balance and history", async ({ page }) => {
  await registerAndSkipOnboarding(page, newUser("Ngozi Airtime"));
  await topUp(page, "2,000");
  await page.goto("/airtime");
  await expect(page.getByRole("heading", { name: "Buy Airtime" })).toBeVisible();

  // docs/product.md#airtime-and-data messages before anything is sent.
  await page.getByRole("button", { name: "Buy Airtime" }).click();
  await expect(page.getByText("Please select a network")).toBeVisible();
  await expect(page.getByText("Phone number must be valid")).toBeVisible();

  // The network follows the number's prefix until the user picks one; 'My number' is the profile's.
  const phone = page.getByLabel("Phone number");
  await phone.fill("0805 123 4567");
  await expect(page.getByRole("radio", { name: "Glo" })).toBeChecked();
  await expect(page.getByText("Detected from the number")).toBeVisible();
  await page.getByRole("button", { name: "My number" }).click();
  await expect(phone).toHaveValue("08012345678");
  await expect(page.getByRole("radio", { name: "Glo" })).not.toBeChecked();
  await page.getByRole("radio", { name: "MTN" }).click();
  await phone.fill("0801111111");
  await expect(page.getByRole("button", { name: "Verify Phone Number" })).toHaveCount(0); // 10 characters
  await phone.fill("08011111111");
  await page.getByRole("button", { name: "Verify Phone Number" }).click();
  await expect(page.getByText("SANDBOX CUSTOMER 1111")).toBeVisible();

  // More than the balance: refused before anything is sent.
  await page.getByRole("group", { name: "Quick amounts" }).getByRole("button", { name: "₦5,000" }).click();
  await page.getByRole("button", { name: "Buy Airtime" }).click();
  await expect(toast(page, "Insufficient Balance")).toContainText("Please top up your wallet to continue");
  await expect(page).toHaveURL(/\/airtime$/);

  // VTpass 016 (08099999999): refunded at once, 'Purchase Failed', still on the page.
  await phone.fill("08099999999");
  await page.getByRole("group", { name: "Quick amounts" }).getByRole("button", { name: "₦100", exact: true }).click();
  await page.getByRole("button", { name: "Buy Airtime" }).click();
  await confirmWithPin(page);
  await expect(toast(page, "Purchase Failed")).toContainText("Unable to complete airtime purchase. Please try again.");
  await expect(page).toHaveURL(/\/airtime$/);

  await phone.fill("08011111111");
  await page.getByRole("group", { name: "Quick amounts" }).getByRole("button", { name: "₦500" }).click();
  await expect(page.getByLabel("Amount (NGN)")).toHaveValue("500");
  await page.getByRole("button", { name: "Buy Airtime" }).click();
  await confirmWithPin(page);
  await expect(toast(page, "Airtime Purchase Successful")).toContainText("₦500.00 airtime sent to 08011111111");
  await paymentScreen(page);
  await expect(balanceCard(page)).toContainText("₦1,500.00");

  await page.goto("/history?filter=airtime");
  await expect(historyRows(page)).toHaveCount(2);
  const delivered = historyRows(page).filter({ hasText: "MTN airtime for 08011111111" });
  await expect(delivered).toContainText("-₦500.00");
  await expect(delivered).toContainText("Delivered");
  const refunded = historyRows(page).filter({ hasText: "MTN airtime for 08099999999" });
  await expect(refunded).toContainText("Failed");
  await expect(refunded).toContainText("Refunded to your wallet");
  await expect(refunded).not.toContainText("-₦100.00");

  // The number is offered again next time.
  await page.goto("/airtime");
  await page.getByRole("button", { name: "Use 08011111111 (MTN)" }).click();
  await expect(page.getByLabel("Phone number")).toHaveValue("08011111111");
  await expect(page.getByRole("radio", { name: "MTN" })).toBeChecked();
});

// @exclusive (playwright.config.ts): switches airtime off for everyone.
test("with feature_airtime off the page says 'Feature Disabled' and the button is disabled", { tag: "@exclusive" }, async ({ page, request, baseURL }) => {
  await adminApiSession(request, baseURL!);
  const setSwitch = (value: boolean) => request.patch("/api/admin/settings/feature_airtime", { headers: { origin: baseURL! }, data: { value } });
  expect((await setSwitch(false)).status()).toBe(200);
  try {
    await registerAndSkipOnboarding(page, newUser("Bisi Switch"));
    await page.goto("/airtime");
    await expect(page.getByText("Feature Disabled")).toBeVisible();
    await expect(page.getByText("Airtime purchase has been temporarily disabled by the administrator")).toBeVisible();
    await expect(page.getByRole("button", { name: "Buy Airtime" })).toBeDisabled();
  } finally {
    expect((await setSwitch(true)).status()).toBe(200);
  }
});

test("a data plan for 201000000000 is pending, then delivered on /history without a reload", async ({ page }) => {
  await registerAndSkipOnboarding(page, newUser("Tunde Data"));
  await topUp(page, "1,000");
  await page.goto("/data");
  await expect(page.getByRole("heading", { name: "Buy Data Bundle" })).toBeVisible();
  await page.getByRole("radio", { name: "MTN" }).click();
  const plan = page.getByLabel("Data plan");
  await expect(plan.getByRole("option", { name: "MTN 1GB - 7 days - ₦500.00" })).toHaveCount(1);
  await page.getByLabel("Phone number").fill("201000000000");
  await page.getByRole("button", { name: "Buy Data" }).click();
  await expect(page.getByText("Please select a data plan")).toBeVisible();
  await plan.selectOption({ label: "MTN 1GB - 7 days - ₦500.00" });
  await expect(page.getByText("You pay ₦500.00")).toBeVisible();
  await page.getByRole("button", { name: "Buy Data" }).click();
  await confirmWithPin(page);
  await expect(toast(page, "Data Purchase Pending")).toContainText("Your purchase is being processed. We will update you shortly.");
  await paymentScreen(page);
  await expect(balanceCard(page)).toContainText("₦500.00"); // held

  await page.getByRole("link", { name: "History" }).first().click();
  await expect(page).toHaveURL(/\/history/);
  const row = historyRows(page).filter({ hasText: "MTN 1GB - 7 days for 201000000000" });
  await expect(row).toContainText("Pending");
  await expect(row).toContainText("Processing with the network");
  let reloads = 0;
  page.on("load", () => reloads++);
  // VTpass delivers it now; Kolo's next requery (backing off from 1 s) reads it, the stream shows it.
  await releasePurchase(page, await transactionReference(page, "MTN 1GB - 7 days for 201000000000"));
  await expect(row).toContainText("Delivered", { timeout: 45_000 });
  await expect(row).toContainText("Completed");
  expect(reloads).toBe(0);
});
