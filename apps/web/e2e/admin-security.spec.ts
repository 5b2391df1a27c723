// Admin accounts (docs/admin-security.md): a new admin enrols the second factor at first sign-in
// (QR code and key, then recovery codes once), and a large credit waits for a second admin.
import { expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { DEMO_ADMIN_2, decodeBase32, loginAsAdmin, newUser, registerAndSkipOnboarding, toast, totpCode } from "./helpers";

test("a user made admin enrols the second factor at sign-in, sees the recovery codes once, and reaches the console", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const future = newUser("Tobi Admin");
  await registerAndSkipOnboarding(page, future);

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  await admin.goto(`/admin/users?search=${encodeURIComponent(future.email)}`);
  await admin.getByRole("button", { name: `Role of ${future.name}` }).click();
  const dialog = admin.getByRole("dialog", { name: "Change Role" });
  await dialog.getByLabel(`Role of ${future.name}`).selectOption("admin");
  await expect(dialog.getByText("will set up a second factor at their next sign-in")).toBeVisible();
  await dialog.getByRole("button", { name: "Save Role" }).click();
  await expect(toast(admin, "Awaiting Approval")).toBeVisible();
  await adminContext.close();

  // Granting the admin role waits for the second admin (docs/admin-security.md "Approvals").
  const secondContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const second = await secondContext.newPage();
  await loginAsAdmin(second, DEMO_ADMIN_2);
  await second.goto("/admin/dashboard");
  const grant = second.getByRole("region", { name: "Awaiting Approval" }).getByRole("listitem").filter({ hasText: future.email });
  await expect(grant).toContainText("Admin role");
  await grant.getByRole("button", { name: "Approve" }).click();
  await second.getByRole("dialog", { name: "Approve this request?" }).getByRole("button", { name: "Approve" }).click();
  await expect(toast(second, "Approved")).toBeVisible();
  await secondContext.close();

  // The old session is not an admin session; signing in again asks for the set-up.
  await page.reload();
  await expect(page).toHaveURL(/\/two-factor$/);
  await page.context().clearCookies();
  await page.goto("/login");
  await page.getByLabel("Email").fill(future.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(future.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/two-factor$/);
  await expect(page.getByRole("img", { name: "QR code to add Kolo to an authenticator app" })).toBeVisible();
  await checkScreen(page, "/two-factor, enrolment");
  const key = (await page.locator("code").first().textContent())!.trim();
  await page.getByRole("textbox", { name: "Code" }).fill("000000");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Invalid code")).toBeVisible();
  await checkScreen(page, "/two-factor, a wrong code");
  await page.getByRole("textbox", { name: "Code" }).fill(totpCode(Math.floor(Date.now() / 30_000), decodeBase32(key)));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await checkScreen(page, "/two-factor, recovery codes");
  await page.getByRole("button", { name: "I have saved them: continue" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
});

test("a ₦100,000 credit waits on the dashboard until the second admin approves it", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = newUser("Kunle Big");
  await registerAndSkipOnboarding(page, user);

  const first = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await loginAsAdmin(first);
  await first.goto(`/admin/users?search=${encodeURIComponent(user.email)}`);
  await first.getByRole("button", { name: `Credit ${user.name}` }).click();
  const dialog = first.getByRole("dialog", { name: "Credit Wallet" });
  // The dialog states the threshold, and says so when the amount alone reaches it.
  await expect(dialog).toContainText("Credits that bring yours to this user to ₦100,000.00 or more within 24 hours wait for a second admin.");
  await dialog.getByLabel("Amount (₦)").fill("99999");
  await expect(dialog.getByText("Needs a second admin")).toHaveCount(0);
  await dialog.getByLabel("Amount (₦)").fill("100000");
  await expect(dialog.getByRole("status")).toContainText("This credit will wait for another admin's approval; no money moves until then.");
  await dialog.getByLabel("Description").fill("Refund of a failed bank transfer");
  await dialog.getByRole("button", { name: "Credit Wallet" }).click();
  await expect(toast(first, "Awaiting Approval")).toBeVisible();
  await first.goto("/admin/dashboard");
  const pending = first.getByRole("region", { name: "Awaiting Approval" }).getByRole("listitem").filter({ hasText: user.name });
  await expect(pending).toContainText("Another admin must approve it");
  await expect(pending.getByRole("button", { name: "Approve" })).toHaveCount(0);

  const second = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await loginAsAdmin(second, DEMO_ADMIN_2);
  await second.goto("/admin/dashboard");
  const toApprove = second.getByRole("region", { name: "Awaiting Approval" }).getByRole("listitem").filter({ hasText: user.name });
  // Reject and Approve each ask once; Cancel decides nothing.
  await toApprove.getByRole("button", { name: "Reject" }).click();
  const rejecting = second.getByRole("dialog", { name: "Reject this request?" });
  await expect(rejecting).toContainText("₦100,000.00");
  await expect(rejecting).toContainText("asked by Ada Admin");
  await rejecting.getByRole("button", { name: "Cancel" }).click();
  await expect(rejecting).toBeHidden();
  await toApprove.getByRole("button", { name: "Approve" }).click();
  const approving = second.getByRole("dialog", { name: "Approve this request?" });
  await expect(approving).toContainText("Approving carries it out now.");
  await checkScreen(second, "/admin/dashboard, the approval's confirmation");
  await approving.getByRole("button", { name: "Approve" }).click();
  await expect(toast(second, "Approved")).toBeVisible();
  await checkScreen(second, "/admin/dashboard after an approval");

  // The audit trail writes the approval with ₦ and the requester's name, not 'amount: 100000 · createdBy: 1'.
  await second.goto("/admin/audit?action=adjustment_approve");
  const entry = second.getByRole("row").filter({ hasText: user.name }).first();
  await expect(entry).toContainText("Amount: ₦100,000.00");
  await expect(entry).toContainText("Requested by: Ada Admin");
  await expect(entry).toContainText("Status: Approved");
  await expect(entry).not.toContainText("createdBy");
  await checkScreen(second, "/admin/audit, an approved adjustment");

  await page.reload();
  await expect(page.getByRole("region", { name: "Available Balance" })).toContainText("100,000");
});
