// The admin console at a desk (1280×800): its own layout (a navigation column with the admin's name
// and Sign out, no consumer bottom bar over the tables), the search by reference with the one type
// label, and every admin screen through the accessibility, clipping and contrast walk at that width.
import { type Page, expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { adminApiSession, loginAsAdmin, newUser, registerAndSkipOnboarding } from "./helpers";

test.use({ viewport: { width: 1280, height: 800 } });

/** True when the middle of `row` is the topmost thing drawn there: nothing fixed covers it. */
async function rowIsUncovered(page: Page, row: ReturnType<Page["getByRole"]>): Promise<boolean> {
  await row.scrollIntoViewIfNeeded();
  return row.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return top !== null && element.contains(top);
  });
}

test("the console's own layout: the navigation column beside the tables, the admin's name, no bottom bar, Sign out", async ({ page, browser, baseURL }) => {
  await loginAsAdmin(page);
  await page.goto("/admin/transactions");
  await expect(page.getByRole("heading", { name: "Transactions" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: "Transactions" })).toHaveAttribute("aria-current", "page");
  const account = page.getByRole("group", { name: "Signed in" });
  await expect(account).toContainText("Ada Admin");
  await expect(account).toContainText("admin@kolo.test");
  await expect(account.getByRole("button", { name: "Sign out" })).toBeVisible();

  // The navigation is a column on the left; the table starts to its right and uses the rest of the width.
  const navBox = (await nav.boundingBox())!;
  const table = page.getByRole("table");
  const tableBox = (await table.boundingBox())!;
  expect(navBox.x + navBox.width).toBeLessThanOrEqual(tableBox.x);
  expect(tableBox.width).toBeGreaterThan(900);
  // The first and last rows of the page are drawn on top: nothing fixed lies over them.
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  expect(await rowIsUncovered(page, table.getByRole("row").nth(1))).toBe(true);
  expect(await rowIsUncovered(page, table.getByRole("row").last())).toBe(true);

  await nav.getByRole("link", { name: "Audit Trail" }).click();
  await expect(page.getByRole("heading", { name: "Audit Trail" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Audit Trail" })).toHaveAttribute("aria-current", "page");
  expect(await rowIsUncovered(page, page.getByRole("table").getByRole("row").last())).toBe(true);

  // Sign out, in a session of its own (the saved demo session stays for the other tests).
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await adminApiSession(context.request, baseURL!);
  const own = await context.newPage();
  await own.goto("/admin/users");
  await expect(own.getByRole("heading", { name: "User Management" })).toBeVisible();
  await own.getByRole("group", { name: "Signed in" }).getByRole("button", { name: "Sign out" }).click();
  await expect(own).toHaveURL(/\/login$/);
  await own.goto("/admin/users");
  await expect(own).toHaveURL(/\/login$/);
  await context.close();
});

test("transactions are found by part of their reference, the type written as everywhere in the console", async ({ page, browser, baseURL }) => {
  const userContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const userPage = await userContext.newPage();
  await registerAndSkipOnboarding(userPage, newUser("Remi Reference"));
  // A checkout started and never paid: a pending top-up with its reference.
  const started = await userPage.request.post("/api/wallet/topup", { headers: { origin: baseURL! }, data: { amount: 700 } });
  expect(started.status()).toBe(200);
  const { reference } = (await started.json()) as { reference: string };
  await userContext.close();

  await loginAsAdmin(page);
  await page.goto("/admin/transactions");
  const search = page.getByRole("searchbox", { name: "Search by reference" });
  await search.fill(reference.slice(-8).toLowerCase());
  await expect(page).toHaveURL(new RegExp(`reference=${reference.slice(-8).toLowerCase()}`));
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(2); // the header and the one transaction
  await expect(rows.nth(1)).toContainText(reference);
  await expect(rows.nth(1)).toContainText("Top-up");
  await expect(rows.nth(1)).toContainText("Remi Reference");
  await expect(page.getByRole("tab", { name: /^All/ })).toHaveText("All (1)");
  await expect(page.getByRole("tab", { name: /^Pending/ })).toHaveText("Pending (1)");
  await checkScreen(page, "/admin/transactions, searched by reference");

  // The search survives a reload (it is in the URL); a reference nobody has finds nothing.
  await page.reload();
  await expect(search).toHaveValue(reference.slice(-8).toLowerCase());
  await expect(rows).toHaveCount(2);
  await search.fill("no-such-reference");
  await expect(page.getByText("No transactions with a reference containing 'no-such-reference'")).toBeVisible();
});

test("every admin screen at a desk: no axe violations, touch targets of 44 px, nothing cut off", async ({ page }) => {
  test.setTimeout(180_000); // an upper bound: eight axe walks, 10 to 15 s each when both cores are busy
  await loginAsAdmin(page);
  const screens: [string, (page: Page) => Promise<void>][] = [
    ["/admin/dashboard", (p) => expect(p.getByRole("region", { name: "Recent Users" }).getByRole("listitem").first()).toBeVisible()],
    ["/admin/users", (p) => expect(p.getByRole("button", { name: /^Credit / }).first()).toBeVisible()],
    ["/admin/transactions", (p) => expect(p.getByRole("tab", { name: /^All \(/ })).toBeVisible()],
    ["/admin/reviews", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    // The reconciliation form starts on yesterday in Lagos (UTC+1 all year).
    ["/admin/reconciliation", (p) => expect(p.getByLabel("Day (Lagos)")).toHaveValue(new Date(Date.now() + 3_600_000 - 86_400_000).toISOString().slice(0, 10))],
    ["/admin/support-tickets", (p) => expect(p.getByRole("heading", { level: 1 })).toBeVisible()],
    ["/admin/claims", (p) => expect(p.getByRole("heading", { level: 1, name: "Fraud Claims" })).toBeVisible()],
    ["/admin/settings", (p) => expect(p.getByRole("switch", { name: "Send Money" })).toBeVisible()],
    ["/admin/audit", (p) => expect(p.getByRole("heading", { name: "Audit Trail" })).toBeVisible()],
  ];
  for (const [path, ready] of screens) {
    await page.goto(path);
    await ready(page);
    await checkScreen(page, `${path} at 1280×800`);
  }
  await page.goto("/admin/users");
  await page
    .getByRole("button", { name: /^Credit / })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Credit Wallet" });
  await dialog.getByLabel("Amount (₦)").fill("250000");
  await expect(dialog.getByText("Needs a second admin")).toBeVisible();
  await checkScreen(page, "/admin/users, Credit Wallet dialog with the approval notice, at 1280×800");
});
