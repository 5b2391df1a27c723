// Forgot password at 360x740 (docs/product.md#accounts-and-sessions): the link arrives in the
// sandbox mailbox (/sandbox/mail), the new password signs in, and the old session is gone.
import { expect, test } from "@playwright/test";
import { login, newUser, registerAndSkipOnboarding, toast } from "./helpers";

test.use({ viewport: { width: 360, height: 740 } });

test("a user resets a forgotten password from the mailbox and signs in with the new one", async ({ browser }) => {
  const user = newUser("Ngozi Eze");
  const first = await (await browser.newContext()).newPage();
  await registerAndSkipOnboarding(first, user);

  const page = await (await browser.newContext()).newPage();
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole("heading", { name: "Forgot Password" })).toBeVisible();
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Check your e-mail" })).toContainText("a link to reset its password is on its way");

  await page.goto("/sandbox/mail");
  const message = page.getByRole("article").filter({ hasText: user.email }).first();
  await expect(message).toContainText("Reset your Kolo password");
  await message.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
  await page.getByRole("textbox", { name: "New password", exact: true }).fill("a-new-pass-2");
  await page.getByRole("textbox", { name: "Confirm new password" }).fill("a-new-pass-3");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByRole("textbox", { name: "Confirm new password" }).fill("a-new-pass-2");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(toast(page, "Password Reset")).toContainText("Please sign in with the new one.");
  await expect(page).toHaveURL(/\/login$/);

  await login(page, { email: user.email, password: "a-new-pass-2" });
  // The session opened before the reset has ended.
  await first.reload();
  await expect(first).toHaveURL(/\/login$/);
});
