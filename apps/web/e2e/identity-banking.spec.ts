// Identity verification and banking in the browser: BVN then bank account to level 2,
// saved bank accounts, withdrawals watched to their end, bank transfers. Everything runs against
// the built-in Paystack sandbox and its docs/providers.md fixtures; the e2e server's sandbox holds
// each payout in flight until the test settles it (SANDBOX_HOLD, tooling/scripts/e2e-server.mjs).
import { type Page, expect, test } from "@playwright/test";
import {
  balanceCard,
  confirmWithPin,
  freeFixtureBvn,
  newUser,
  openWithdrawalReference,
  registerAndSkipOnboarding,
  settlePayout,
  toast,
  topUp,
  paymentScreen,
} from "./helpers";

/** The toast titled `title` whose text has `text` (a fading earlier toast may still be there). */
async function expectToast(page: Page, title: string, text: string | RegExp = "") {
  await expect(toast(page, title).filter({ hasText: text }).last()).toBeVisible();
}

/** Tops up `amount` naira through the sandbox checkout (helpers' topUp); on /dashboard, the balance shows `expected`. */
async function topUpTo(page: Page, amount: string, expected: string) {
  await page.goto("/dashboard");
  await topUp(page, amount);
  await expect(balanceCard(page)).toContainText(expected);
}

/** Adds a saved account on /bank-accounts through the Add New dialog, checking the resolved name. */
async function addBankAccount(page: Page, bank: string, accountNumber: string, accountName: string) {
  await expect(page).toHaveURL(/\/bank-accounts$/);
  await page
    .getByRole("button", { name: /Add (New|Bank Account)/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Add Bank Account" });
  const add = dialog.getByRole("button", { name: "Add Account" });
  await expect(add).toBeDisabled();
  await dialog.getByRole("combobox", { name: "Bank" }).fill(bank.split(" ")[0] ?? bank);
  await page.getByRole("option", { name: bank, exact: true }).click();
  await expect(dialog.getByRole("combobox", { name: "Bank" })).toHaveValue(bank);
  await dialog.getByLabel("Account number").fill(accountNumber.slice(0, 9));
  await expect(add).toBeDisabled();
  await dialog.getByLabel("Account number").fill(accountNumber);
  await expect(dialog.getByLabel("Account name")).toHaveValue(accountName);
  await expect(add).toBeEnabled();
  await add.click();
  await expectToast(page, "Bank Account Added");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: accountNumber })).toContainText(accountName);
}

/** The withdrawal status view's status badge. */
const withdrawalStatus = (page: Page) => page.getByRole("region", { name: "Withdrawal status" });

test("Chioma verifies BVN and bank account to level 2, then withdraws ₦5,000 and watches it complete", async ({ page }) => {
  test.setTimeout(120_000);
  // A new account of the BVN fixture's name, not the seeded demo user: the test can run again on
  // the same server (the demo user would already be at level 2).
  await registerAndSkipOnboarding(page, newUser("Chioma Okafor"));

  // The dashboard's compact card: level 0.
  const card = page.getByRole("region", { name: "Unverified Account" });
  await expect(card).toContainText("Level 0");
  await expect(card).toContainText("₦50,000.00");
  await expect(card.getByRole("progressbar", { name: "Verification progress 0%" })).toHaveAttribute("aria-valuenow", "0");
  await card.getByRole("link", { name: "Start Verification" }).click();

  // /verification opens on the BVN tab; Bank is disabled until the BVN is verified.
  await expect(page.getByRole("heading", { name: "Account Verification" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "BVN Verification" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "Bank Verification" })).toBeDisabled();

  const bvnForm = page.getByRole("form", { name: "BVN verification" });
  await bvnForm.getByRole("button", { name: "Verify BVN" }).click();
  await expectToast(page, "Missing Information");
  await bvnForm.getByLabel("BVN").fill("2222222222");
  await bvnForm.getByLabel("Date of birth").fill("12/08/1994");
  await bvnForm.getByLabel("Phone number").fill("12345");
  await bvnForm.getByRole("button", { name: "Verify BVN" }).click();
  await expect(bvnForm.getByText("BVN must be 11 digits")).toBeVisible();
  await expect(bvnForm.getByText("Date of birth must be in YYYY-MM-DD format")).toBeVisible();
  await expect(bvnForm.getByText("Phone number must be a valid Nigerian number")).toBeVisible();

  // A wrong date of birth is the server's refusal, shown by its code with the attempts left.
  await freeFixtureBvn("22222222221");
  await bvnForm.getByLabel("BVN").fill("22222222221");
  await bvnForm.getByLabel("Date of birth").fill("1994-08-13");
  await bvnForm.getByLabel("Phone number").fill("+234 803 123 4567");
  await bvnForm.getByRole("button", { name: "Verify BVN" }).click();
  await expectToast(page, "BVN Verification Failed", "The date of birth does not match the one on your BVN (2 attempts left)");
  await expect(bvnForm.getByText("Attempts used: 1 of 3")).toBeVisible();

  await bvnForm.getByLabel("Date of birth").fill("1994-08-12");
  await bvnForm.getByRole("button", { name: "Verify BVN" }).click();
  await expectToast(page, "BVN Verified");
  // BVN success moves to the Bank tab; the BVN tab is now disabled.
  await expect(page.getByRole("tab", { name: "Bank Verification" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: "BVN Verification" })).toBeDisabled();

  // No saved account yet: add one on /bank-accounts.
  await page.getByRole("tabpanel").getByRole("link", { name: "Add Bank Account" }).click();
  await addBankAccount(page, "Guaranty Trust Bank", "0123456785", "CHIOMA OKAFOR");

  await page.goto("/verification");
  await expect(page.getByRole("tab", { name: "Bank Verification" })).toHaveAttribute("aria-selected", "true");
  // The only saved account is selected already: nothing to pick.
  await expect(page.getByRole("radio", { name: /Guaranty Trust Bank 0123456785/ })).toBeChecked();
  await page.getByRole("button", { name: "Verify Bank Account" }).click();
  await expectToast(page, "Bank Account Verified");
  // Bank success moves to Overview: level 2, ₦1,000,000 a day, both tabs disabled.
  await expect(page.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true");
  const full = page.getByRole("region", { name: "Fully Verified" });
  await expect(full).toContainText("Level 2");
  await expect(full).toContainText("₦1,000,000.00");
  await expect(full.getByRole("progressbar", { name: "Verification progress 100%" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "BVN Verification" })).toBeDisabled();
  await expect(page.getByRole("tab", { name: "Bank Verification" })).toBeDisabled();

  // Withdraw ₦5,000: fee ₦50, total ₦5,050.
  await topUpTo(page, "10000", "₦10,000.00");
  // On the dashboard, level 2 is one line: the recent transactions stay in view at 360×740.
  const dashboardCard = page.getByRole("region", { name: "Fully Verified" });
  await expect(dashboardCard).toContainText("Level 2");
  await expect(dashboardCard).toContainText("Daily limit: ₦1,000,000.00");
  await expect(dashboardCard.getByRole("link", { name: "View Verification" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recent Transactions" })).toBeInViewport();
  await balanceCard(page).getByRole("link", { name: "Withdraw" }).click();
  await expect(page).toHaveURL(/\/withdraw$/);
  await page.getByRole("radio", { name: /Guaranty Trust Bank 0123456785/ }).click();
  await page.getByLabel("Amount (NGN)").fill("20000");
  await expect(page.getByText("Insufficient funds. You need ₦20,200.00.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Withdraw" })).toBeDisabled();
  await page.getByLabel("Amount (NGN)").fill("5000");
  const summary = page.getByRole("region", { name: "Withdrawal summary" });
  await expect(summary).toContainText("₦5,000.00");
  await expect(summary).toContainText("₦50.00");
  await expect(summary).toContainText("₦5,050.00");
  await page.getByRole("button", { name: "Withdraw" }).click();
  await confirmWithPin(page);

  const reference = await openWithdrawalReference(page);
  const status = withdrawalStatus(page);
  await expect(status).toContainText("₦5,000.00");
  await expect(status.getByText(/^(Pending|Processing)$/)).toBeVisible();
  // Paid while the tab's event stream is still opening (held here): the change is committed before
  // the server listens for this user, so the stream never sends it; once the stream says it is
  // listening, the view reads its status again (lib/live.tsx) and shows the end.
  let openStream!: () => void;
  const streamHeld = new Promise<void>((resolve) => (openStream = resolve));
  await page.route(/\/trpc\/events\.stream/, async (route) => {
    await streamHeld;
    await route.continue();
  });
  await page.reload();
  await expect(status.getByText(/^(Pending|Processing)$/)).toBeVisible();
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-state", "down");
  await settlePayout(page, reference);
  openStream();
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-state", "live", { timeout: 15_000 });
  await expect(status.getByText("Completed", { exact: true })).toBeVisible();
  await expect(status.getByRole("progressbar", { name: "Withdrawal progress 100%" })).toBeVisible();
  await expect(status).not.toContainText("1-2 business days");
  await expect(page.getByRole("button", { name: "New Withdrawal" })).toBeEnabled();

  await page.goto("/dashboard");
  await expect(balanceCard(page)).toContainText("₦4,950.00");
});

test("a withdrawal to 044/0000000017 ends Failed and the money comes back", async ({ page }) => {
  test.setTimeout(90_000);
  const user = newUser("Tunde Bakare");
  await registerAndSkipOnboarding(page, user);

  // No saved account: the dashboard's Withdraw opens 'Withdraw to Bank' with 'Add Bank Account'.
  await balanceCard(page).getByRole("button", { name: "Withdraw" }).click();
  const dialog = page.getByRole("dialog", { name: "Withdraw to Bank" });
  await dialog.getByRole("link", { name: "Add Bank Account" }).click();
  await addBankAccount(page, "Access Bank", "0000000017", "TUNDE BAKARE");

  await topUpTo(page, "3000", "₦3,000.00");
  await balanceCard(page).getByRole("link", { name: "Withdraw" }).click();
  await page.getByLabel("Amount (NGN)").fill("50");
  await page.getByRole("radio", { name: /Access Bank 0000000017/ }).click();
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByText("Minimum withdrawal amount is ₦100")).toBeVisible();
  await page.getByLabel("Amount (NGN)").fill("2000");
  await page.getByRole("button", { name: "Withdraw" }).click();
  await confirmWithPin(page);

  const reference = await openWithdrawalReference(page);
  const status = withdrawalStatus(page);
  await expect(status.getByText(/^(Pending|Processing)$/)).toBeVisible();
  await settlePayout(page, reference);
  await expect(status.getByText("Failed", { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(status.getByRole("progressbar", { name: "Withdrawal progress 100%" })).toBeVisible();
  await expect(page.getByRole("button", { name: "New Withdrawal" })).toBeEnabled();
  await page.goto("/dashboard");
  await expect(balanceCard(page)).toContainText("₦3,000.00");
});

test("a withdrawal the bank leaves pending stays pending, with New Withdrawal disabled", async ({ page }) => {
  test.setTimeout(90_000);
  const user = newUser("Emeka Nwosu");
  await registerAndSkipOnboarding(page, user);
  await page.goto("/bank-accounts");
  await addBankAccount(page, "Access Bank", "0000000031", "EMEKA NWOSU");
  await topUpTo(page, "1000", "₦1,000.00");
  await page.goto("/withdraw");
  await page.getByRole("radio", { name: /Access Bank 0000000031/ }).click();
  await page.getByLabel("Amount (NGN)").fill("500");
  await page.getByRole("button", { name: "Withdraw" }).click();
  await confirmWithPin(page);
  await expect(page).toHaveURL(/\/withdraw\?reference=/);
  const status = withdrawalStatus(page);
  await expect(status.getByText(/^(Pending|Processing)$/)).toBeVisible();
  await expect(status.getByRole("progressbar", { name: /Withdrawal progress (25|50)%/ })).toBeVisible();
  await expect(status).toContainText("1-2 business days");
  await expect(page.getByRole("button", { name: "New Withdrawal" })).toBeDisabled();
  // The live stream would bring a change of status; none comes, so the button stays disabled.
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-state", "live");
  await expect(page.getByRole("button", { name: "New Withdrawal" })).toBeDisabled();
  // The hold is out of the wallet: ₦500 + ₦50 fee.
  await page.goto("/dashboard");
  await expect(balanceCard(page)).toContainText("₦450.00");
});

test("bank transfer: fee, total, insufficient funds, 'No Bank Accounts' redirect, 'Transfer Successful'", async ({ page }) => {
  test.setTimeout(90_000);
  const user = newUser("Adaeze Okonkwo");
  await registerAndSkipOnboarding(page, user);

  // No saved account: 'New recipient' opens first; 'Saved account' is the spec's redirect.
  await page.goto("/transfer/bank");
  await expect(page.getByRole("tab", { name: "New recipient" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("tab", { name: "Saved account" }).click();
  await expectToast(page, "No Bank Accounts", "Please add a bank account first");
  await expect(page).toHaveURL(/\/bank-accounts$/);
  await addBankAccount(page, "Guaranty Trust Bank", "0987654327", "ADAEZE OKONKWO");

  await topUpTo(page, "1000", "₦1,000.00");
  await page.goto("/transfer/bank");
  await page.getByRole("radio", { name: /Guaranty Trust Bank 0987654327 ADAEZE OKONKWO/ }).click();
  await page.getByLabel("Amount (NGN)").fill("990");
  const summary = page.getByRole("region", { name: "Transfer summary" });
  await expect(summary).toContainText("₦990.00");
  await expect(summary).toContainText("₦50.00");
  await expect(summary).toContainText("₦1,040.00");
  await expect(page.getByText("Insufficient funds")).toBeVisible();
  await page.getByRole("button", { name: "Transfer to Bank" }).click();
  await expectToast(page, "Insufficient Balance", "Your balance is insufficient. You need ₦1,040.00 (including ₦50.00 fee)");

  await page.getByLabel("Amount (NGN)").fill("900");
  await expect(summary).toContainText("₦950.00");
  await page.getByRole("button", { name: "Transfer to Bank" }).click();
  await confirmWithPin(page);
  await expectToast(page, "Transfer Successful", "₦900.00");
  await expectToast(page, "Transfer Successful", "₦50.00");
  await paymentScreen(page);
  await expect(balanceCard(page)).toContainText("₦50.00");
});

test("three failed BVN attempts block; reset before 24 h says how long is left", async ({ page }) => {
  const user = newUser("Ngozi Adeyemi");
  await registerAndSkipOnboarding(page, user);
  await page.goto("/verification");
  const bvnForm = page.getByRole("form", { name: "BVN verification" });
  for (const left of [2, 1]) {
    await bvnForm.getByLabel("BVN").fill("12345678901");
    await bvnForm.getByLabel("Date of birth").fill("1990-01-31");
    await bvnForm.getByLabel("Phone number").fill("08012345678");
    await bvnForm.getByRole("button", { name: "Verify BVN" }).click();
    await expectToast(page, "BVN Verification Failed", `BVN not found (${left} attempt${left === 1 ? "" : "s"} left)`);
  }
  await bvnForm.getByRole("button", { name: "Verify BVN" }).click();
  await expectToast(page, "BVN Verification Failed", /BVN not found$/);
  await expect(page.getByRole("alert").filter({ hasText: "Maximum verification attempts reached" })).toContainText(
    /You can reset your attempts in (24 hours|23 hours \d+ minutes?)\./,
  );
  await page.getByRole("button", { name: "Reset Attempts" }).click();
  await expectToast(page, "Reset Failed", /You can reset your verification attempts in (24 hours|23 hours \d+ minutes?)\./);
});

test("'Verification Status Error' on the dashboard, and Retry brings the card back", async ({ page }) => {
  const user = newUser("Fatima Bello");
  let failing = true;
  await page.route(/\/trpc\/.*verification\.status/, (route) => (failing ? route.abort("failed") : route.continue()));
  await registerAndSkipOnboarding(page, user);
  const error = page.getByRole("region", { name: "Verification Status Error" });
  await expect(error).toContainText("Unable to fetch your verification status. Please try again later.");
  failing = false;
  await error.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("region", { name: "Unverified Account" }).getByRole("link", { name: "Start Verification" })).toBeVisible();
});
