// Money in and out like a bank account, at 360x740, end to end (docs/product.md "Your account
// number", "Transfers to any bank account", "Transaction PIN", "Forgot password"): a new user
// verifies the BVN and gets an account number; a transfer into it from the Paystack sandbox's
// /sandbox/paystack/transfer-in page is credited; the user pays a new bank recipient through the
// review step and PIN and saves them; pays a Kolo user found by phone; is locked out of payments by
// 5 wrong PINs; and resets the password from the sandbox mailbox.
// BVN 22222222224 (FATIMA BELLO, docs/providers.md) is used by this spec only.
import { type Page, expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import {
  balanceCard,
  confirmWithPin,
  freeFixtureBvn,
  login,
  newUser,
  registerAndSkipOnboarding,
  toast,
  paymentScreen,
  settlePayout,
  logOut,
  registerByApi,
} from "./helpers";

test.use({ viewport: { width: 360, height: 740 } });

const reviewDialog = (page: Page) => page.getByRole("dialog", { name: "Confirm Transaction" });

test("account number, transfer in, a new bank recipient saved, a Kolo user by phone, a PIN lock-out, and a password reset", async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const user = newUser("Fatima Bello");
  await registerAndSkipOnboarding(page, user);

  // 1. Below level 1 the Add Money dialog explains how to unlock the number; the BVN unlocks it.
  await page.getByRole("button", { name: "Add Money" }).click();
  const card = page.getByRole("dialog", { name: "Add Money" }).getByRole("region", { name: "Your Kolo account number" });
  await expect(card).toContainText("Verify your BVN to get your own account number for bank transfers.");
  await checkScreen(page, "the Add Money dialog below level 1");
  await card.getByRole("link", { name: "Verify BVN" }).click();
  await expect(page).toHaveURL(/\/verification$/);
  const bvnForm = page.getByRole("form", { name: "BVN verification" });
  await freeFixtureBvn("22222222224");
  await bvnForm.getByLabel("BVN").fill("22222222224");
  await bvnForm.getByLabel("Date of birth").fill("1996-01-30");
  // Prefilled with the phone given at sign-up; the BVN's records hold another, so it is changed.
  await expect(bvnForm.getByLabel("Phone number")).toHaveValue("08012345678");
  await bvnForm.getByLabel("Phone number").fill("09051234567");
  await bvnForm.getByRole("button", { name: "Verify BVN" }).click();
  await expect(toast(page, "BVN Verified")).toBeVisible();

  // /receive shows the number once the job has assigned it (pending until then).
  await page.goto("/receive");
  const receive = page.getByRole("region", { name: "Your Kolo account number" });
  const number = receive.getByTestId("account-number");
  await expect(number).toHaveText(/^\d{10}$/, { timeout: 30_000 });
  await expect(receive).toContainText("Wema Bank");
  await expect(receive).toContainText("KOLO/FATIMA BELLO");
  await checkScreen(page, "/receive with an account number");
  const accountNumber = (await number.textContent())!;
  await receive.getByRole("button", { name: "Copy account number" }).click();
  await expect(toast(page, "Copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accountNumber);

  // 2. Someone sends ₦7,500 from another bank through the sandbox's page.
  const bank = await context.newPage();
  await bank.goto("/sandbox/paystack/transfer-in");
  await checkScreen(bank, "the sandbox transfer-in page");
  await bank.getByLabel("Account number").fill(accountNumber);
  await bank.getByLabel("Sender name").fill("Tunde Bakare");
  await bank.getByLabel("Sender bank").selectOption("Access Bank");
  await bank.getByLabel("Amount (₦)").fill("7,500");
  await bank.getByRole("button", { name: "Send transfer" }).click();
  await expect(bank.getByRole("status")).toHaveText(`Sent ₦7,500.00 to ${accountNumber} (KOLO/FATIMA BELLO).`);
  await checkScreen(bank, "the sandbox transfer-in page, sent");
  await bank.close();

  // 3. The credit is seen.
  await page.goto("/dashboard");
  await expect(balanceCard(page)).toContainText("₦7,500.00");
  await expect(page.getByText("Bank transfer from TUNDE BAKARE")).toBeVisible();

  // 4. A new bank recipient, its name shown before paying, through the review step and PIN; then saved.
  await page.goto("/transfer/bank");
  await expect(page.getByRole("tab", { name: "New recipient" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("combobox", { name: "Bank" }).fill("Guaranty");
  await page.getByRole("option", { name: "Guaranty Trust Bank", exact: true }).click();
  await page.getByLabel("Account number").fill("0123456785");
  await expect(page.getByRole("textbox", { name: "Account name" })).toHaveValue("CHIOMA OKAFOR");
  await page.getByLabel("Amount (NGN)").fill("1000");
  await expect(page.getByRole("region", { name: "Transfer summary" })).toContainText("₦1,050.00");
  await checkScreen(page, "/transfer/bank, New recipient");
  await page.getByRole("button", { name: "Transfer to Bank" }).click();
  const review = reviewDialog(page);
  await expect(review.getByRole("definition").filter({ hasText: "CHIOMA OKAFOR" })).toBeVisible();
  await expect(review.getByRole("definition").filter({ hasText: "₦1,050.00" })).toBeVisible();
  await confirmWithPin(page);
  await expect(toast(page, "Transfer Successful")).toContainText("₦1,000.00 sent to CHIOMA OKAFOR");
  // Saving the recipient is offered once the transfer has completed, not while the bank processes it.
  const paid = await paymentScreen(page, { done: false });
  await expect(page.getByTestId("payment-status")).toHaveText("Processing with the bank");
  await expect(page.getByRole("button", { name: "Save Beneficiary" })).toHaveCount(0);
  await settlePayout(page, paid);
  await expect(page.getByTestId("payment-status")).toHaveText("Completed");
  await page.getByRole("button", { name: "Save Beneficiary" }).click();
  await expect(toast(page, "Beneficiary saved")).toBeVisible();
  await page.getByRole("button", { name: "Done", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(balanceCard(page)).toContainText("₦6,450.00");
  await page.goto("/transfer/bank");
  await expect(page.getByRole("radio", { name: /CHIOMA OKAFOR/ })).toBeVisible();

  // 5. A Kolo user found by phone number.
  const phone = `080${String(Date.now()).slice(-8)}`;
  const friend = newUser("Ada Obi");
  await registerByApi(browser, baseURL!, friend, phone);
  await page.goto("/transfer/p2p");
  await page.getByLabel("Recipient email or phone number").fill(phone);
  await page.getByLabel("Amount (NGN)").click();
  await expect(page.getByText("Send to Ada Obi")).toBeVisible();
  await page.getByLabel("Amount (NGN)").fill("500");
  await page.getByRole("button", { name: "Send Money" }).click();
  await confirmWithPin(page);
  await expect(toast(page, "Transfer Successful")).toContainText("₦500.00 sent to");
  await paymentScreen(page);
  await expect(balanceCard(page)).toContainText("₦5,950.00");

  // 6. Five wrong PINs lock payments (not sign-in); the dialog says so.
  await page.goto("/transfer/p2p");
  await page.getByLabel("Recipient email or phone number").fill(phone);
  await page.getByLabel("Amount (NGN)").fill("100");
  await page.getByRole("button", { name: "Send Money" }).click();
  const pinField = reviewDialog(page).getByRole("textbox", { name: "Transaction PIN", exact: true });
  for (let left = 4; left >= 0; left--) {
    await pinField.fill("1111");
    await reviewDialog(page).getByRole("button", { name: "Confirm and Pay" }).click();
    if (left > 0) await expect(reviewDialog(page).getByText(`Incorrect PIN. ${left} attempt${left === 1 ? "" : "s"} left.`)).toBeVisible();
  }
  await expect(reviewDialog(page).getByRole("alert")).toContainText("Too many incorrect PINs. Payments are locked for 30 minutes.");
  await expect(reviewDialog(page).getByRole("button", { name: "Confirm and Pay" })).toHaveCount(0);
  await checkScreen(page, "the review dialog, payments locked");
  await reviewDialog(page).getByRole("button", { name: "Cancel" }).click();

  // 7. Signed out, the user resets the password from the mailbox and signs in with the new one.
  await page.goto("/dashboard");
  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your e-mail" })).toBeVisible();
  await page.goto("/sandbox/mail");
  const message = page.getByRole("article").filter({ hasText: user.email }).filter({ hasText: "Reset your Kolo password" }).first();
  await message.getByRole("link").first().click();
  await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
  await page.getByRole("textbox", { name: "New password", exact: true }).fill("a-new-pass-2");
  await page.getByRole("textbox", { name: "Confirm new password" }).fill("a-new-pass-2");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(toast(page, "Password Reset")).toBeVisible();
  await login(page, { email: user.email, password: "a-new-pass-2" });
  await expect(balanceCard(page)).toContainText("₦5,950.00");
});
