// History's Bills tab, search and date range at 360×740 against the real server (docs/product.md
// "History"; docs/decisions.md "History filters"): each is kept in the URL, the search waits for a
// pause in typing, and no result shows the empty state with a way back.
import { lagosDate } from "@kolo/domain";
import { expect, test } from "@playwright/test";
import { newUser, registerAndSkipOnboarding, topUp } from "./helpers";

test("History: Bills tab, a search and a date range kept in the URL, and the empty state", async ({ page }) => {
  await registerAndSkipOnboarding(page, newUser("Halima History"));
  await topUp(page, "2,000");
  await page.goto("/history");
  const rows = page.getByRole("main").getByRole("listitem");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Wallet top-up");

  // Bills: a top-up is not a bill.
  await page.getByRole("tab", { name: "Bills" }).click();
  await expect(page).toHaveURL(/filter=bills/);
  await expect(page.getByText("No transactions found")).toBeVisible();
  await page.getByRole("tab", { name: "All" }).click();
  await expect(rows).toHaveCount(1);

  // Search, any case, debounced into the URL; one that matches nothing shows the empty state.
  const search = page.getByRole("searchbox", { name: "Search" });
  await search.fill("WALLET TOP");
  await expect(page).toHaveURL(/q=WALLET\+TOP|q=WALLET%20TOP/);
  await expect(rows).toHaveCount(1);
  await search.fill("electricity");
  await expect(page).toHaveURL(/q=electricity/);
  await expect(page.getByText("Nothing matches this search or these dates.")).toBeVisible();
  await page.getByRole("button", { name: "Clear search and dates" }).click();
  await expect(search).toHaveValue("");
  await expect(rows).toHaveCount(1);

  // Dates: today's Lagos day keeps the top-up; a day after it does not; the URL keeps both through a reload.
  const today = lagosDate(new Date());
  const tomorrow = lagosDate(new Date(Date.now() + 86_400_000));
  await page.getByLabel("From").fill(today);
  await page.getByLabel("To").fill(today);
  await expect(page).toHaveURL(new RegExp(`from=${today}.*to=${today}|to=${today}.*from=${today}`));
  await expect(rows).toHaveCount(1);
  await page.getByLabel("To").fill(tomorrow);
  await page.getByLabel("From").fill(tomorrow);
  await expect(page.getByText("No transactions found")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("From")).toHaveValue(tomorrow);
  await expect(page.getByText("No transactions found")).toBeVisible();
});
