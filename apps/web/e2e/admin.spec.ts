// The admin console in real Chromium on a desktop screen: an admin credits a user
// ₦1,000 and the user's dashboard shows it; the admin suspends the user, whose session ends; a
// non-admin is turned away with 'Access Denied' and no admin call is made.
import { type Page, expect, test } from "@playwright/test";
import { balanceCard, loginAsAdmin, newUser, registerAndSkipOnboarding, toast } from "./helpers";

test.use({ viewport: { width: 1280, height: 800 } });

/** The users table row of `email`, found through the (debounced) search. */
async function findUserRow(admin: Page, email: string) {
  await admin.goto("/admin/users");
  await admin.getByRole("searchbox", { name: "Search users" }).fill(email);
  await expect(admin).toHaveURL(/search=/);
  const row = admin.getByRole("row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

// @exclusive (playwright.config.ts): looks for the user among the admin dashboard's 5 newest users.
test("the admin credits a user ₦1,000, the user's dashboard shows it; suspending ends the user's session", { tag: "@exclusive" }, async ({ browser }) => {
  const userContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const userPage = await userContext.newPage();
  const user = newUser("Kemi Balogun");
  await registerAndSkipOnboarding(userPage, user);
  await expect(balanceCard(userPage)).toContainText("₦0.00");

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  await admin.getByRole("link", { name: "Admin" }).click();
  await expect(admin.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(admin.getByRole("region", { name: "Recent Users" })).toContainText(user.email);

  const row = await findUserRow(admin, user.email);
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Level 0");
  await row.getByRole("button", { name: `Credit ${user.name}` }).click();
  const dialog = admin.getByRole("dialog", { name: "Credit Wallet" });
  await expect(dialog).toContainText("Current balance: ₦0.00");
  await dialog.getByRole("button", { name: "Credit Wallet" }).click();
  await expect(dialog.getByText("Amount must be greater than zero")).toBeVisible();
  await dialog.getByLabel("Amount (₦)").fill("1000");
  await dialog.getByRole("button", { name: "Credit Wallet" }).click();
  await expect(toast(admin, "Wallet updated successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  await userPage.reload();
  await expect(balanceCard(userPage)).toContainText("₦1,000.00");

  // The History dialog lists the credit with its default description.
  await row.getByRole("button", { name: `History of ${user.name}` }).click();
  const history = admin.getByRole("dialog", { name: `Transaction History: ${user.name}` });
  await expect(history).toContainText("Admin credit operation");
  await expect(history).toContainText("₦1,000.00");
  await history.getByRole("button", { name: "Close" }).click();

  // Suspend: the confirmation warns, then the user's next request finds no session.
  await row.getByRole("button", { name: `Suspend ${user.name}` }).click();
  const confirm = admin.getByRole("dialog", { name: "Suspend User" });
  await expect(confirm).toContainText("will not be able to access their account or make any transactions");
  await confirm.getByRole("button", { name: "Suspend" }).click();
  await expect(toast(admin, "User status updated")).toBeVisible();
  await expect(row).toContainText("Suspended");
  await expect(row.getByRole("button", { name: `Activate ${user.name}` })).toBeVisible();

  await userPage.goto("/history");
  await expect(userPage).toHaveURL(/\/login$/);

  // The audit trail shows both changes for this user.
  await admin.goto("/admin/audit");
  await admin.getByRole("combobox", { name: "Action" }).click();
  await admin.getByRole("option", { name: "Wallet credit" }).click();
  await expect(admin).toHaveURL(/action=wallet_credit/);
  const credit = admin.getByRole("row").filter({ hasText: user.email });
  await expect(credit).toHaveCount(1);
  await expect(credit).toContainText("Wallet credit");
  // Amounts in naira with ₦, keys as words (not 'balance: 1000').
  await expect(credit).toContainText("Balance: ₦0.00");
  await expect(credit).toContainText("Amount: ₦1,000.00");
  await expect(credit).toContainText("Balance: ₦1,000.00");

  await userContext.close();
  await adminContext.close();
});

// @exclusive (playwright.config.ts): expects no processing transaction anywhere, and switches Wallet Top-up off for everyone.
test("the admin completes and fails nothing it should not, and sees the tabs with counts", { tag: "@exclusive" }, async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto("/admin/transactions");
  await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
  for (const tab of ["All", "Pending", "Processing", "Completed", "Failed"])
    await expect(page.getByRole("tab", { name: new RegExp(`^${tab} \\(\\d+\\)$`) })).toBeVisible();
  await page.getByRole("tab", { name: /^Processing/ }).click();
  await expect(page).toHaveURL(/status=processing/);
  await expect(page.getByText("No transactions found")).toBeVisible();

  await page.goto("/admin/settings");
  const topUp = page.getByRole("switch", { name: "Wallet Top-up" });
  await expect(topUp).toBeChecked();
  await topUp.click({ force: true });
  await expect(toast(page, "Wallet Top-up has been disabled.")).toContainText("Setting Updated");
  await expect(topUp).not.toBeChecked();
  await topUp.click({ force: true });
  await expect(toast(page, "Wallet Top-up has been enabled.")).toContainText("Setting Updated");
  await expect(page.getByText("Admins always have access to every feature, regardless of these settings.")).toBeVisible();
});

test("a non-admin gets 'Access Denied', goes to /dashboard, and no admin call is made", async ({ page }) => {
  const adminCalls: string[] = [];
  page.on("request", (request) => {
    if (/\/trpc\/.*admin\.|\/api\/admin/.test(request.url())) adminCalls.push(request.url());
  });
  await registerAndSkipOnboarding(page, newUser("Plain User"));
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);

  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, "Access Denied")).toContainText("You don't have permission to access the admin dashboard");

  await page.goto("/admin/settings");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, "Access Denied")).toContainText("You don't have permission to access admin settings");

  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(adminCalls).toEqual([]);
});
