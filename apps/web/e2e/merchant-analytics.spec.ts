// /merchant/analytics and /merchant/customers (docs/product.md#merchants-and-invoices "Analytics and
// customers") at 360×740: a payer pays the merchant through the app, a guest's card payment is
// beside it; the merchant reads the figures, the chart and the channels, downloads the CSV, and
// searches the customers.
import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { confirmWithPin, newUser, registerAndSkipOnboarding, topUp, withE2eDatabase } from "./helpers";

test("analytics with its chart and CSV, customers searched", async ({ browser }) => {
  test.setTimeout(90_000); // two users, a top-up, a payment
  const merchantContext = await browser.newContext();
  const payerContext = await browser.newContext();
  const m = await merchantContext.newPage();
  const p = await payerContext.newPage();

  await registerAndSkipOnboarding(m, newUser("Kemi Foods"));
  await m.goto("/merchant/dashboard");
  await m.getByRole("dialog", { name: "Create Merchant Account" }).getByRole("button", { name: "Create Account" }).click();
  await expect(m.getByRole("region", { name: "Recent Payments" })).toContainText("No transactions yet");
  const merchantId = ((await (await m.request.get("/api/merchants/me")).json()) as { id: number }).id;

  const payer = newUser("Tunde Bakare");
  await registerAndSkipOnboarding(p, payer);
  await topUp(p, "2000");
  await p.goto(`/payment-confirmation?merchantId=${merchantId}&merchantName=My%20Business&amount=1500`);
  await p.getByRole("main").getByRole("button", { name: "Pay Now" }).click();
  await confirmWithPin(p);
  await expect(p.getByRole("heading", { name: "Payment Successful" })).toBeVisible();

  // A guest's card payment (a payment link paid by card) as its record reads, ten minutes ago.
  await withE2eDatabase(
    (sql) => sql`
      insert into transactions (type, amount, status, reference, description, metadata, created_at)
      values ('payment', 50000, 'completed', ${`E2E-CARD-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`}, 'Payment to My Business',
              ${sql.json({ merchantId, merchantName: "My Business", channel: "card", payerName: "Ada Guest", payerEmail: "ada.guest@example.com" })},
              now() - interval '10 minutes')`,
  );

  // The dashboard's Analytics button opens the page on 30 days.
  await m.goto("/merchant/dashboard");
  await m.getByRole("region", { name: "Merchant Balance" }).getByRole("link", { name: "Analytics" }).click();
  await expect(m).toHaveURL(/\/merchant\/analytics/);
  const main = m.getByRole("main");
  await expect(main.getByRole("heading", { name: "Last 30 days" })).toBeVisible();
  const summary = main.getByRole("region", { name: "Last 30 days" });
  await expect(summary.getByText("₦2,000.00")).toBeVisible();
  await expect(summary.getByText("Payments").locator("..")).toContainText("2");
  await expect(summary.getByText("Average ticket").locator("..")).toContainText("₦1,000.00");
  await expect(summary.getByText("Refunds").locator("..")).toContainText("₦0.00 (0)");
  const channels = main.getByRole("region", { name: "Sales by channel" }).getByRole("listitem");
  await expect(channels).toHaveCount(4);
  await expect(channels.filter({ hasText: "QR" })).toContainText("₦1,500.00 · 1 payment");
  await expect(channels.filter({ hasText: "Card" })).toContainText("₦500.00 · 1 payment");
  await expect(channels.filter({ hasText: "Invoice" })).toContainText("₦0.00 · 0 payments");
  // The chart (loaded after the figures) draws one bar per day with sales.
  const chart = main.getByRole("img", { name: /^Sales per day from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}: ₦2,000\.00 in 2 payments$/ });
  await expect(chart.locator(".recharts-bar-rectangle path").first()).toBeVisible();
  await checkScreen(m, "/merchant/analytics with payments");

  await main.getByText("7 days", { exact: true }).click();
  await expect(m).toHaveURL(/days=7/);
  await expect(main.getByRole("heading", { name: "Last 7 days" })).toBeVisible();
  const downloadPromise = m.waitForEvent("download");
  await main.getByRole("button", { name: "Download CSV" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^kolo-sales-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, "utf8")).split("\r\n");
  expect(csv[0]).toBe("Date,Payments,Sales (NGN)");
  expect(csv).toHaveLength(1 + 7 + 1 + 4 + 1);
  expect(csv[8]).toBe("Total,2,2000.00");
  expect(csv).toContain("Channel: QR,1,1500.00");
  expect(csv).toContain("Channel: Card,1,500.00");
  expect(csv.at(-1)).toBe("Refunds,0,0.00");

  // Customers: both payers, the latest first; searched by name and e-mail.
  await m.goto("/merchant/dashboard");
  await m.getByRole("link", { name: "Customers" }).click();
  await expect(m).toHaveURL(/\/merchant\/customers$/);
  const list = m.getByRole("list", { name: "Customers" }).getByRole("listitem");
  await expect(list).toHaveCount(2);
  await expect(list.first()).toContainText("Tunde Bakare");
  await expect(list.first()).toContainText(payer.email);
  await expect(list.first()).toContainText("₦1,500.00");
  await expect(list.first()).toContainText("1 payment · Last");
  await expect(list.nth(1)).toContainText("Ada Guest (guest)");
  await checkScreen(m, "/merchant/customers with customers");
  const searchBox = m.getByRole("searchbox", { name: "Search customers" });
  await searchBox.fill("bakare");
  await expect(m).toHaveURL(/search=bakare/);
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText("Tunde Bakare");
  await searchBox.fill("ADA.GUEST@");
  await expect(list).toHaveCount(1);
  await expect(list.first()).toContainText("Ada Guest");
  await searchBox.fill("nobody at all");
  await expect(m.getByText("No customers match your search")).toBeVisible();

  await merchantContext.close();
  await payerContext.close();
});
