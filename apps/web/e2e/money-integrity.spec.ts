// The review queue in the admin console (docs/money-integrity.md "Review queue", "Admin moves"):
// an admin's Fail of a purchase VTpass still processes is refused with VTpass's answer; the admin
// forces it with a written reason; the dashboard counts the open item and links to
// /admin/reviews, where the admin dismisses it with a note.
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { loginAsAdmin, newUser, toast } from "./helpers";

test("a forced move appears in the review queue, and the admin resolves it with a note", async ({ page, baseURL }) => {
  await loginAsAdmin(page);
  const headers = { origin: baseURL! };

  // A user whose airtime for 201000000000 is still processing at VTpass (held by the sandbox: never released here).
  const buyer = newUser("Remi Review");
  const user = await playwrightRequest.newContext({ baseURL });
  const registered = await user.post("/api/auth/register", {
    headers,
    data: { name: buyer.name, email: buyer.email, username: buyer.email, password: buyer.password, phone: "" },
  });
  expect(registered.status()).toBe(201);
  const { id: userId } = (await registered.json()) as { id: number };
  expect((await page.request.post(`/api/admin/users/${userId}/wallet`, { headers, data: { amount: 2000, type: "credit" } })).status()).toBe(200);
  const bought = await user.post("/api/airtime", { headers, data: { phoneNumber: "201000000000", amount: 500, network: "mtn" } });
  expect(bought.status()).toBe(202);
  const { transaction } = (await bought.json()) as { transaction: { id: number; reference: string } };

  // VTpass has not said it failed: the admin's Fail is refused with its answer; forcing it needs a reason.
  await page.goto("/admin/transactions?status=pending");
  await page.getByRole("button", { name: `Fail transaction ${transaction.id}` }).click();
  const force = page.getByRole("dialog", { name: `Fail transaction ${transaction.id}?` });
  await expect(force.getByRole("alert")).toContainText("Provider reports it is still pending");
  await checkScreen(page, "/admin/transactions, Force dialog");
  await expect(force.getByRole("button", { name: "Force Fail" })).toBeDisabled();
  await force.getByRole("textbox", { name: "Reason for forcing it" }).fill("Customer reports no airtime received");
  await force.getByRole("button", { name: "Force Fail" }).click();
  await expect(toast(page, "Status Updated")).toBeVisible();
  await expect(force).toHaveCount(0);

  await page.goto("/admin/dashboard");
  const queue = page.getByRole("region", { name: "Review Queue" });
  await expect(queue.getByText(/open items? needs? a review/)).toBeVisible();
  await queue.getByRole("link", { name: "Open Review Queue" }).click();
  await expect(page).toHaveURL(/\/admin\/reviews/);
  const row = page.getByRole("row").filter({ hasText: transaction.reference });
  await expect(row).toContainText("Forced by an admin");
  await expect(row).toContainText("Customer reports no airtime received");
  await checkScreen(page, "/admin/reviews");

  await row.getByRole("button", { name: `Resolve ${transaction.reference}` }).click();
  const dialog = page.getByRole("dialog", { name: `Resolve ${transaction.reference}` });
  await expect(dialog).toBeVisible();
  await checkScreen(page, "/admin/reviews, Resolve dialog");
  await dialog.getByRole("radio", { name: "Dismiss with a note" }).check();
  await dialog.getByRole("textbox", { name: "Note" }).fill("Customer was refunded; nothing else owed");
  await dialog.getByRole("button", { name: "Resolve" }).click();
  await expect(toast(page, "Review item resolved")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: transaction.reference })).toHaveCount(0);

  await page.getByRole("tab", { name: "Resolved" }).click();
  const resolved = page.getByRole("row").filter({ hasText: transaction.reference });
  await expect(resolved).toContainText("dismiss");
  await expect(resolved).toContainText("Customer was refunded; nothing else owed");
  await checkScreen(page, "/admin/reviews, resolved");
  await user.dispose();
});

test("the admin runs a past day's reconciliation and downloads its CSV", async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto("/admin/dashboard");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Reconciliation" }).click();
  await expect(page.getByRole("heading", { name: "Reconciliation" })).toBeVisible();
  const yesterday = new Date(Date.now() + 3_600_000 - 24 * 3_600_000).toISOString().slice(0, 10);
  // The form starts on yesterday (Lagos), the day the nightly run covers.
  await expect(page.getByLabel("Day (Lagos)")).toHaveValue(yesterday);
  await page.getByRole("button", { name: "Run Reconciliation" }).click();
  await expect(toast(page, "Reconciliation finished")).toContainText(yesterday);
  const row = page.getByRole("row").filter({ hasText: yesterday }).first();
  await expect(row).toContainText("Completed");
  await expect(row).toContainText("Intact");
  await checkScreen(page, "/admin/reconciliation");

  const [download] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: /^Download CSV of run/ }).click()]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^kolo-reconciliation-${yesterday}-run-\\d+\\.csv$`));
  const text = await (await import("node:fs/promises")).readFile((await download.path())!, "utf8");
  expect(text.split("\r\n")[0]).toBe("Class,Kind,Reference");
});
