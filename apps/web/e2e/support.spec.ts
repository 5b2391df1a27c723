// A user raises a support ticket; the admin (demo admin@kolo.test) finds it
// in /admin/support-tickets, replies and resolves it; the user's open ticket page shows the Staff
// reply and the new status without a reload (it polls), then the closed state.
import { type Browser, type Page, expect, test } from "@playwright/test";
import { loginAsAdmin, newUser, registerAndSkipOnboarding, toast } from "./helpers";

async function signInAsAdmin(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await loginAsAdmin(page);
  return page;
}

test("a user raises a ticket; the admin replies and resolves it; the user sees the Staff reply without reloading", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const user = newUser("Halima Sule");
  await registerAndSkipOnboarding(page, user);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Support" }).click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();
  await expect(page.getByText("Get help with any issues you're experiencing")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No support tickets" })).toBeVisible();

  // The form checks the spec's rules before sending.
  await page.getByRole("button", { name: "Create Your First Ticket" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Support Ticket" });
  await dialog.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(dialog.getByText("Subject must be at least 5 characters")).toBeVisible();
  await expect(dialog.getByText("Message must be at least 10 characters")).toBeVisible();
  await dialog.getByLabel("Subject").fill("Top-up not credited");
  await dialog.getByLabel("Message").fill("I paid ₦2,000 by card this morning.\nMy balance did not change.");
  await dialog.getByRole("combobox", { name: "Priority" }).click();
  await page.getByRole("option", { name: "High" }).click();
  await dialog.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(toast(page, "Ticket Created")).toContainText("Your support ticket has been submitted successfully.");
  await expect(dialog).toBeHidden();

  const card = page.getByRole("article", { name: "Top-up not credited" });
  await expect(card.getByLabel("Priority: High")).toBeVisible();
  await expect(card.getByLabel("Status: Open")).toBeVisible();
  await card.getByRole("link", { name: /View Details/ }).click();
  await expect(page).toHaveURL(/\/support\/\d+$/);
  const ticketUrl = page.url();
  const ticketId = /\/support\/(\d+)$/.exec(ticketUrl)?.[1] ?? "";
  await expect(page.getByRole("heading", { name: "Top-up not credited" })).toBeVisible();
  await expect(page.getByText(`Ticket #${ticketId}`)).toBeVisible();
  await expect(page.getByText("No replies yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Update Status" })).toHaveCount(0);

  // The admin: the queue, then the ticket.
  const admin = await signInAsAdmin(browser);
  await admin.goto("/admin/support-tickets");
  await expect(admin.getByRole("heading", { name: "Support Tickets" })).toBeVisible();
  const adminCard = admin.getByRole("article", { name: new RegExp(`#${ticketId} Top-up not credited`) });
  await expect(adminCard).toContainText(user.name);
  await expect(adminCard).toContainText(user.email);
  await adminCard.getByRole("link", { name: /View & Respond/ }).click();
  await expect(admin).toHaveURL(new RegExp(`/support/${ticketId}$`));
  await admin.getByLabel("Your reply").fill("We found the payment and credited your wallet.");
  await admin.getByRole("button", { name: "Send Reply" }).click();
  await expect(toast(admin, "Reply sent")).toContainText("Your reply has been added to the ticket.");
  await admin.getByRole("button", { name: "Update Status" }).click();
  await admin.getByRole("menuitem", { name: "Mark as Resolved" }).click();
  await expect(toast(admin, "Status updated")).toContainText("Ticket status changed to resolved");

  // The user's page, never reloaded, shows the Staff reply and the new status (its event stream).
  const replies = page.getByRole("list", { name: "Replies" });
  await expect(replies.getByRole("listitem")).toHaveCount(1, { timeout: 20_000 });
  await expect(replies).toContainText("We found the payment and credited your wallet.");
  await expect(replies.getByText("Staff", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Status: Resolved")).toBeVisible();
  expect(page.url()).toBe(ticketUrl);

  // The user answers; the admin closes; the user's page then refuses replies.
  await page.getByLabel("Your reply").fill("Thank you, it is there now.");
  await page.getByRole("button", { name: "Send Reply" }).click();
  await expect(toast(page, "Reply sent")).toBeVisible();
  await expect(replies.getByRole("listitem")).toHaveCount(2);
  await admin.getByRole("button", { name: "Update Status" }).click();
  await admin.getByRole("menuitem", { name: "Mark as Closed" }).click();
  // The previous toast may still be fading out: look for this one by its own text.
  await expect(toast(admin, "Ticket status changed to closed")).toContainText("Status updated");
  await expect(page.getByText("This ticket has been closed and no further replies can be added.")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Send Reply" })).toHaveCount(0);
  await admin.context().close();
});

test("a non-admin sent to /admin/support-tickets gets 'Access Denied' and lands on /dashboard", async ({ page }) => {
  await registerAndSkipOnboarding(page, newUser("Obi Nna"));
  await page.goto("/admin/support-tickets");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, "Access Denied")).toContainText("You don't have permission to access the admin dashboard");
});
