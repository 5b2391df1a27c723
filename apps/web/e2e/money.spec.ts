import { readFile } from "node:fs/promises";
import { type Page, expect, test } from "@playwright/test";
import { balanceCard, newUser, registerAndSkipOnboarding, toast, confirmWithPin, paymentScreen } from "./helpers";

/** The history rows (list items) on /history. */
const historyRows = (page: Page) => page.getByRole("main").getByRole("listitem");

test("top up by card, send to another user, history with signs and CSV export", async ({ browser }) => {
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  const userA = newUser("Amaka Eze");
  const userB = newUser("Bayo Lawal");

  await registerAndSkipOnboarding(a, userA);
  await registerAndSkipOnboarding(b, userB);

  // A tops up ₦5,000 through the sandbox checkout.
  await a.getByRole("button", { name: "Add Money" }).click();
  const dialog = a.getByRole("dialog", { name: "Add Money" });
  await dialog.getByLabel("Amount (NGN)").fill("5000");
  await dialog.getByRole("button", { name: "Add Money" }).click();
  await expect(a).toHaveURL(/\/sandbox\/paystack\/checkout\//);
  await expect(a.getByText("₦5,000.00")).toBeVisible();
  await expect(a.getByText(userA.email)).toBeVisible();
  await expect(a.getByRole("button", { name: "Decline" })).toBeVisible();
  await a.getByRole("button", { name: "Pay" }).click();

  await expect(a).toHaveURL(/\/payment-verification\?reference=/);
  await expect(a.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(a.getByText("₦5,000.00")).toBeVisible();
  expect(await a.evaluate(() => localStorage.getItem("pendingPaymentReference"))).toBeNull();
  await a.getByRole("link", { name: "Return to Dashboard" }).click();
  await expect(balanceCard(a)).toContainText("₦5,000.00");

  // A sends ₦1,250 to B.
  await a.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Transfer" }).click();
  await a.getByRole("link", { name: /Send to User/ }).click();
  await expect(a).toHaveURL(/\/transfer\/p2p$/);
  await a.getByLabel("Recipient email").fill(userB.email);
  await a.getByLabel("Amount (NGN)").click();
  await expect(a.getByText(`Send to ${userB.name}`)).toBeVisible();
  await a.getByLabel("Amount (NGN)").fill("1250");
  await a.getByRole("button", { name: "Send Money" }).click();
  await confirmWithPin(a);
  await expect(toast(a, "Transfer Successful")).toBeVisible();
  await paymentScreen(a);
  await expect(balanceCard(a)).toContainText("₦3,750.00");

  await b.reload();
  await expect(balanceCard(b)).toContainText("₦1,250.00");

  // History with signs.
  await a.goto("/history");
  await expect(historyRows(a).filter({ hasText: "-₦1,250.00" })).toHaveCount(1);
  await expect(historyRows(a).filter({ hasText: "+₦5,000.00" })).toHaveCount(1);
  await b.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" }).click();
  await expect(historyRows(b).filter({ hasText: "+₦1,250.00" })).toHaveCount(1);
  await expect(historyRows(b)).toHaveCount(1);

  // The Transfer tab covers user-to-user transfers only.
  await a.getByRole("tab", { name: "Transfer" }).click();
  await expect(historyRows(a)).toHaveCount(1);
  await expect(historyRows(a).first()).toContainText("-₦1,250.00");
  await a.getByRole("tab", { name: "All" }).click();
  await expect(historyRows(a)).toHaveCount(2);

  // CSV export of the (All) list.
  const downloadPromise = a.waitForEvent("download");
  await a.getByRole("button", { name: "Export" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^kolo-transactions-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe("Date,Reference,Type,Description,Direction,Amount (NGN),Status,Balance change (NGN)");
  expect(lines).toHaveLength(3);
  expect(lines.some((line) => line.includes(",Debit,1250.00,"))).toBe(true);
  expect(lines.some((line) => line.includes(",Credit,5000.00,"))).toBe(true);

  await contextA.close();
  await contextB.close();
});
