// /pay with the tiles of docs/product.md; Merchant Pay shows a 'coming soon' state rather than the
// not-found card; Electricity opens its screen.
import { expect, test } from "@playwright/test";
import { newUser, registerAndSkipOnboarding } from "./helpers";

test("/pay: payment and bills tiles lead to their screens; Merchant Pay is coming soon", async ({ page }) => {
  await registerAndSkipOnboarding(page, newUser("Pay Tiles"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/pay$/);
  const payments = page.getByRole("region", { name: "Payments" });
  const bills = page.getByRole("region", { name: "Bills Payment" });
  const expected: [typeof payments, string, string][] = [
    [payments, "Bank Transfer", "/transfer/bank"],
    [payments, "Scan QR", "/scan"],
    [payments, "Pay a User", "/transfer/p2p"],
    [payments, "Merchant Pay", "/merchant/pay"],
    [bills, "Airtime", "/airtime"],
    [bills, "Data", "/data"],
    [bills, "Electricity", "/utility/electricity"],
    [bills, "Cable TV", "/utility/cable"],
  ];
  for (const [section, name, href] of expected) await expect(section.getByRole("link", { name })).toHaveAttribute("href", href);

  await bills.getByRole("link", { name: "Electricity" }).click();
  await expect(page.getByRole("heading", { name: "Buy Electricity" })).toBeVisible();
  await page.goto("/pay");
  await payments.getByRole("link", { name: "Merchant Pay" }).click();
  await expect(page.getByRole("heading", { name: "Coming Soon" })).toBeVisible();
  await expect(page.getByText("Merchant Pay is not available yet.", { exact: false })).toBeVisible();

  await page.goto("/pay");
  await payments.getByRole("link", { name: "Pay a User" }).click();
  await expect(page).toHaveURL(/\/transfer\/p2p$/);
});
