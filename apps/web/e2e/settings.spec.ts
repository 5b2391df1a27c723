// Settings and Home at 360x740 (docs/product.md "Settings", "Limits the user sets", "Your account
// number"): a BVN refused for the profile name says so, the name is corrected in /settings and then
// locked; Home shows the account number on the balance card with a one-line verification card and
// the recent transactions in view; the daily limit is lowered, raised (pending) and the raise
// cancelled; the hidden balance stays hidden after a reload; the password is changed; the header's
// gear, full name and Log out that asks once.
// BVN 22222222222 (ADAEZE OKONKWO, docs/providers.md) is used by this spec only.
import { expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { balanceCard, confirmWithPin, freeFixtureBvn, login, logOut, newUser, registerAndSkipOnboarding, toast, topUp } from "./helpers";

test.use({ viewport: { width: 360, height: 740 } });

test("a BVN refused for the name, the name corrected then locked; Home shows the account number and a one-line verification card", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const user = newUser("Adaeze Okonkwoh");
  await registerAndSkipOnboarding(page, user);
  await topUp(page, "1000");

  await page.goto("/verification");
  const bvnForm = page.getByRole("form", { name: "BVN verification" });
  await freeFixtureBvn("22222222222");
  const verify = async () => {
    await bvnForm.getByLabel("BVN").fill("22222222222");
    await bvnForm.getByLabel("Date of birth").fill("1992-03-14");
    await bvnForm.getByLabel("Phone number").fill("08123456789");
    await bvnForm.getByRole("button", { name: "Verify BVN" }).click();
  };
  await verify();
  await expect(toast(page, "BVN Verification Failed")).toContainText("The name on your Kolo profile must match the name on your BVN");

  await page.goto("/settings");
  const profile = page.getByRole("region", { name: "Profile" });
  await profile.getByLabel("Full name").fill("Adaeze Okonkwo");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(toast(page, "Profile")).toContainText("Profile updated");

  await page.goto("/verification");
  await verify();
  await expect(toast(page, "BVN Verified")).toBeVisible();
  await page.goto("/settings");
  await expect(profile.getByLabel("Full name")).toHaveValue("Adaeze Okonkwo");
  await expect(profile.getByLabel("Full name")).toHaveAttribute("readonly", "");
  await expect(profile).toContainText("Your name cannot be changed after your BVN is verified");

  // Home: the account number on the balance card, with Copy and Share.
  await page.goto("/dashboard");
  const number = balanceCard(page).getByTestId("home-account-number");
  await expect(number).toHaveText(/^\d{10}$/, { timeout: 30_000 });
  await expect(balanceCard(page)).toContainText("Wema Bank");
  await expect(balanceCard(page).getByRole("button", { name: "Share account number" })).toBeVisible();
  await balanceCard(page).getByRole("button", { name: "Copy account number" }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await number.textContent());
  // Level 1: the verification card is one line; the recent transactions stay in view.
  const verification = page.getByRole("region", { name: "Partially Verified" });
  await expect(verification).toContainText("Level 1");
  await expect(verification.getByRole("progressbar")).toHaveCount(0);
  await expect(verification.getByRole("link", { name: "Complete Verification" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Recent Transactions" })).toBeInViewport();
  await expect(page.getByRole("heading", { name: "Recent Transactions" }).locator("xpath=ancestor::section").getByRole("listitem").first()).toBeInViewport();
  await checkScreen(page, "Home at level 1 with the account number");
});

test("daily limit: lower at once, a raise pending then cancelled; hide balance survives a reload; change password", async ({ page }) => {
  test.setTimeout(120_000);
  const user = newUser("Limit Setter");
  await registerAndSkipOnboarding(page, user);
  await topUp(page, "5000");

  await page.goto("/settings");
  await expect(page.getByRole("region", { name: "Daily limit" })).toContainText("₦50,000.00");
  await page.getByRole("link", { name: "Set daily limit" }).click();
  await expect(page).toHaveURL(/\/settings\/limits$/);
  const field = page.getByLabel("Daily limit (NGN)");
  await field.fill("60,000");
  await page.getByRole("button", { name: "Save limit" }).click();
  await expect(page.getByText("Daily limit must be between ₦0 and ₦50,000")).toBeVisible();
  await field.fill("1,000");
  await page.getByRole("button", { name: "Save limit" }).click();
  await expect(toast(page, "Daily limit")).toContainText("Daily limit updated");
  await expect(page.getByTestId("own-daily-limit")).toHaveText("₦1,000.00");

  await field.fill("5,000");
  await page.getByRole("button", { name: "Save limit" }).click();
  await expect(toast(page, "Daily limit").last()).toContainText("Your new daily limit takes effect in 24 hours");
  await expect(page.getByText(/₦5,000\.00 from /)).toBeVisible();
  await expect(page.getByTestId("own-daily-limit")).toHaveText("₦1,000.00");
  await checkScreen(page, "/settings/limits with a pending raise");
  await page.getByRole("button", { name: "Cancel pending limit" }).click();
  await expect(page.getByText(/₦5,000\.00 from /)).toHaveCount(0);

  // A payment above the user's own limit is refused by the server.
  await page.goto("/airtime");
  await page.getByLabel("Phone number").fill("08031234567");
  await page.getByLabel("Amount (NGN)").fill("1500");
  await page.getByRole("radio", { name: "MTN" }).check();
  await page.getByRole("button", { name: "Buy Airtime" }).click();
  await confirmWithPin(page);
  await expect(page.getByText("Daily limit exceeded").first()).toBeVisible();

  // Hide balance: the eye on the card, remembered on this device.
  await page.goto("/dashboard");
  await expect(balanceCard(page)).toContainText("₦5,000.00");
  await balanceCard(page).getByRole("button", { name: "Hide balance" }).click();
  await expect(balanceCard(page).getByTestId("home-balance")).toHaveText("₦ ••••••Balance hidden");
  await page.reload();
  await expect(balanceCard(page).getByTestId("home-balance")).toContainText("₦ ••••••");
  await expect(balanceCard(page)).not.toContainText("₦5,000.00");
  await page.goto("/settings");
  await expect(page.getByRole("switch", { name: "Hide balance on this device" })).toBeChecked();
  await page.goto("/dashboard");
  await balanceCard(page).getByRole("button", { name: "Show balance" }).click();
  await expect(balanceCard(page)).toContainText("₦5,000.00");

  // Change password: the current one is checked; then the new one signs in.
  await page.goto("/settings");
  const password = page.getByRole("region", { name: "Password" });
  await password.getByLabel("Current password").fill("not-my-password");
  await password.getByLabel("New password").fill("brand-new-pass-2");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByText("Current password is incorrect")).toBeVisible();
  await password.getByLabel("Current password").fill(user.password);
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(toast(page, "Password changed")).toContainText("Other devices have been signed out.");
  await checkScreen(page, "/settings");
  await page.goto("/dashboard");
  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);
  await login(page, { email: user.email, password: "brand-new-pass-2" });
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("header: a gear to /settings, the whole name at 360 px, and Log out asks once", async ({ page }) => {
  const user = newUser("Oluwaseun Adebayo-Ogunleye Chukwuemeka");
  await registerAndSkipOnboarding(page, user);
  const heading = page.getByRole("heading", { level: 1, name: user.name });
  await expect(heading).toBeVisible();
  expect(await heading.evaluate((element) => element.scrollWidth <= element.clientWidth && getComputedStyle(element).textOverflow !== "ellipsis")).toBe(true);
  const box = await heading.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(360);

  await page.getByRole("button", { name: "Log out" }).click();
  const dialog = page.getByRole("dialog", { name: "Log out?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await page.goto("/dashboard");
  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);
});
