// How a payment ends (docs/product.md "Payment endings"), at 360×740: after the spec's toast every
// payment opens its screen (/done/{reference}) with the amount, the recipient, the live status and
// the reference, and 'Share Receipt', 'View Receipt' and 'Done'; a bank transfer that later fails
// turns to 'Failed: ₦1,050.00 returned to your wallet' and a notice is shown wherever the user is.
// The e2e server's sandbox holds every payout until the test settles it (SANDBOX_HOLD), never a timer.
import { type Page, expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { balanceCard, confirmWithPin, newUser, paymentScreen, registerAndSkipOnboarding, settlePayout, toast, topUp, registerByApi } from "./helpers";

/** Pays ₦1,000 by bank transfer to a new recipient (Access Bank or GTBank fixture) through the review step. */
async function transferToNewRecipient(page: Page, bank: { search: string; name: string }, accountNumber: string, holder: string) {
  await page.goto("/transfer/bank");
  await expect(page.getByRole("tab", { name: "New recipient" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("combobox", { name: "Bank" }).fill(bank.search);
  await page.getByRole("option", { name: bank.name, exact: true }).click();
  await page.getByLabel("Account number").fill(accountNumber);
  await expect(page.getByRole("textbox", { name: "Account name" })).toHaveValue(holder);
  await page.getByLabel("Amount (NGN)").fill("1000");
  await page.getByRole("button", { name: "Transfer to Bank" }).click();
  await confirmWithPin(page);
  await expect(toast(page, "Transfer Successful")).toContainText(`₦1,000.00 sent to ${holder}`);
}

test("a bank transfer that fails is told: its status turns to Failed with ₦1,050.00 returned, and a notice shows on the dashboard", async ({ page }) => {
  await registerAndSkipOnboarding(page, newUser("Ending Failure"));
  await topUp(page, "5000");
  await expect(balanceCard(page)).toContainText("₦5,000.00");

  await transferToNewRecipient(page, { search: "Access", name: "Access Bank" }, "0000000017", "TUNDE BAKARE");
  const reference = await paymentScreen(page, { done: false });
  const status = page.getByTestId("payment-status");
  await expect(status).toHaveText("Processing with the bank");
  await expect(page.getByTestId("payment-amount")).toHaveText("₦1,000.00");
  await expect(page.getByTestId("payment-recipient")).toContainText("TUNDE BAKARE");
  // Not offered while the bank still processes it.
  await expect(page.getByRole("button", { name: "Save Beneficiary" })).toHaveCount(0);
  await checkScreen(page, "/done/{reference}, a bank transfer processing");

  // The user moves on; the bank fails the transfer meanwhile.
  await page.getByRole("button", { name: "Done", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-state", "live");
  await settlePayout(page, reference);
  const notice = toast(page, "Bank transfer failed");
  await expect(notice).toContainText("Failed: ₦1,050.00 returned to your wallet");
  await expect(notice).toContainText("TUNDE BAKARE");
  await expect(balanceCard(page)).toContainText("₦5,000.00");
  await checkScreen(page, "/dashboard with a payout's failure notice");

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/done/${reference}`));
  await expect(status).toHaveText("Failed: ₦1,050.00 returned to your wallet");
  await expect(page.getByRole("button", { name: "Save Beneficiary" })).toHaveCount(0);
  await page.mouse.move(0, 0); // not over 'Done', where the click before going back left it
  await checkScreen(page, "/done/{reference}, a failed bank transfer");
});

test("P2P, a bank transfer, airtime and data each end on the payment screen with amount, recipient, status, reference and three working buttons", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // The P2P recipient.
  const friend = newUser("Ada Ending");
  await registerByApi(browser, baseURL!, friend);

  await registerAndSkipOnboarding(page, newUser("Ending Screens"));
  await topUp(page, "5000");
  await expect(balanceCard(page)).toContainText("₦5,000.00");

  // 1. P2P: completed at once. Share Receipt saves the PNG (no share sheet here), View Receipt opens it, Done ends.
  await page.goto("/transfer/p2p");
  await page.getByLabel("Recipient email or phone number").fill(friend.email);
  await page.getByLabel("Amount (NGN)").fill("500");
  await page.getByRole("button", { name: "Send Money" }).click();
  await confirmWithPin(page);
  await expect(toast(page, "Transfer Successful")).toContainText(`₦500.00 sent to ${friend.email}`);
  const p2p = await paymentScreen(page, { done: false });
  await expect(page.getByTestId("payment-amount")).toHaveText("₦500.00");
  await expect(page.getByTestId("payment-recipient")).toContainText("Ada Ending");
  await expect(page.getByTestId("payment-status")).toHaveText("Completed");
  await checkScreen(page, "/done/{reference}, a P2P transfer");
  const png = page.waitForEvent("download");
  await page.getByRole("button", { name: "Share Receipt" }).click();
  expect((await png).suggestedFilename()).toBe(`kolo-receipt-${p2p}.png`);
  await page.getByRole("link", { name: "View Receipt" }).click();
  await expect(page).toHaveURL(new RegExp(`/receipt/${p2p}$`));
  await expect(page.getByRole("region", { name: "Receipt details" })).toContainText("₦500.00");
  await page.goBack();
  await page.getByRole("button", { name: "Done", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // 2. A bank transfer to a new recipient: processing, then completed; only then is saving it offered.
  await transferToNewRecipient(page, { search: "Guaranty", name: "Guaranty Trust Bank" }, "0123456785", "CHIOMA OKAFOR");
  const bank = await paymentScreen(page, { done: false });
  await expect(page.getByTestId("payment-amount")).toHaveText("₦1,000.00");
  await expect(page.getByTestId("payment-recipient")).toContainText("CHIOMA OKAFOR");
  await expect(page.getByTestId("payment-status")).toHaveText("Processing with the bank");
  await expect(page.getByRole("button", { name: "Save Beneficiary" })).toHaveCount(0);
  await settlePayout(page, bank);
  await expect(page.getByTestId("payment-status")).toHaveText("Completed");
  await expect(page.getByRole("heading", { name: "Save CHIOMA OKAFOR as a beneficiary?" })).toBeVisible();
  await checkScreen(page, "/done/{reference}, a completed bank transfer offering to save the recipient");
  await page.getByRole("button", { name: "Not now" }).click();
  await expect(page.getByRole("button", { name: "Save Beneficiary" })).toHaveCount(0);
  await page.getByRole("link", { name: "View Receipt" }).click();
  await expect(page).toHaveURL(new RegExp(`/receipt/${bank}$`));
  await page.goBack();
  await page.getByRole("button", { name: "Done", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // 3. Airtime.
  await page.goto("/airtime");
  await page.getByRole("radio", { name: "MTN" }).click();
  await page.getByLabel("Phone number").fill("08011111111");
  await page.getByRole("group", { name: "Quick amounts" }).getByRole("button", { name: "₦500", exact: true }).click();
  await page.getByRole("button", { name: "Buy Airtime" }).click();
  await confirmWithPin(page);
  await expect(toast(page, "Airtime Purchase Successful")).toContainText("₦500.00 airtime sent to 08011111111");
  const airtime = await paymentScreen(page, { done: false });
  await expect(page.getByTestId("payment-amount")).toHaveText("₦500.00");
  await expect(page.getByTestId("payment-recipient")).toHaveText("MTN · 0801 ••••1111");
  await expect(page.getByTestId("payment-status")).toHaveText("Completed");
  await page.getByRole("link", { name: "View Receipt" }).click();
  await expect(page).toHaveURL(new RegExp(`/receipt/${airtime}$`));
  await page.goBack();
  await page.getByRole("button", { name: "Done", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // 4. Data.
  await page.goto("/data");
  await page.getByRole("radio", { name: "MTN" }).click();
  await page.getByLabel("Data plan").selectOption({ label: "MTN 1GB - 7 days - ₦500.00" });
  await page.getByLabel("Phone number").fill("08011111111");
  await page.getByRole("button", { name: "Buy Data" }).click();
  await confirmWithPin(page);
  await expect(toast(page, "Data Purchase Successful")).toBeVisible();
  const data = await paymentScreen(page, { done: false });
  await expect(page.getByTestId("payment-amount")).toHaveText("₦500.00");
  await expect(page.getByTestId("payment-recipient")).toContainText("••••1111");
  await expect(page.getByTestId("payment-status")).toHaveText("Completed");
  const dataPng = page.waitForEvent("download");
  await page.getByRole("button", { name: "Share Receipt" }).click();
  expect((await dataPng).suggestedFilename()).toBe(`kolo-receipt-${data}.png`);
  await page.getByRole("button", { name: "Done", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // 5,000 - 500 - 1,050 - 500 - 500.
  await expect(balanceCard(page)).toContainText("₦2,450.00");
});
