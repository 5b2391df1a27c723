// Forms that move money (items 16-19): the amount field, single-flight top-ups, offline
// sends, and how unfinished top-ups are shown.
import { type Page, expect, test } from "@playwright/test";
import { balanceCard, newUser, registerAndSkipOnboarding, toast, confirmWithPin, paymentScreen, logOut } from "./helpers";

/** The history rows (list items) on /history. */
const historyRows = (page: Page) => page.getByRole("main").getByRole("listitem");
/** The dashboard's recent transactions. */
const recentRows = (page: Page) => page.getByRole("region", { name: "Recent Transactions" }).getByRole("listitem");

async function openAddMoney(page: Page) {
  await page.getByRole("button", { name: "Add Money" }).click();
  return page.getByRole("dialog", { name: "Add Money" });
}

test("the amount field reads 1,000 as a thousand and refuses 1e3, -5, 1,00 and 1.234 visibly; a declined top-up shows unsigned and Failed", async ({
  page,
}) => {
  await registerAndSkipOnboarding(page, newUser("Chidi Okafor"));
  const dialog = await openAddMoney(page);
  const amount = dialog.getByLabel("Amount (NGN)");
  const submit = dialog.getByRole("button", { name: "Add Money" });

  const refused: [string, string][] = [
    ["1e3", "Use digits only, like 1,000 or 1,000.50"],
    ["-5", "Amount must be positive"],
    ["1,00", "Put commas between groups of three digits, like 1,000"],
    ["1.234", "Amount can have at most 2 decimals"],
    ["abc", "Use digits only, like 1,000 or 1,000.50"],
  ];
  for (const [typed, message] of refused) {
    await amount.fill(typed);
    await submit.click();
    await expect(amount).toHaveValue(typed); // kept as typed, never silently rewritten
    await expect(dialog.getByText(message)).toBeVisible();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await expect(page).toHaveURL(/\/dashboard$/);
  }

  await amount.fill("1,000");
  await submit.click();
  await expect(page).toHaveURL(/\/sandbox\/paystack\/checkout\//);
  await expect(page.getByText("₦1,000.00")).toBeVisible();
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page).toHaveURL(/\/payment-verification\?reference=/);
  await expect(page.getByRole("heading", { name: "Payment Verification Failed" })).toBeVisible();
  // The product's text stays; a plain line says the declined card cost nothing.
  await expect(page.getByText("Payment verification failed. Please contact support.")).toBeVisible();
  await expect(page.getByText("Card declined. No money was taken.")).toBeVisible();

  await page.goto("/history");
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page).first()).toContainText("₦1,000.00");
  await expect(historyRows(page).first()).toContainText("Failed");
  await expect(historyRows(page).first()).not.toContainText("+₦");
});

test("a double click on Add Money starts one top-up, shown unsigned and Pending", async ({ page }) => {
  await registerAndSkipOnboarding(page, newUser("Dayo Adeyemi"));
  // tRPC batches calls made together into one request: count the procedure calls in the URLs.
  let topupCalls = 0;
  page.on("request", (request) => {
    topupCalls += request.url().split("wallet.topup").length - 1;
  });
  const dialog = await openAddMoney(page);
  await dialog.getByLabel("Amount (NGN)").fill("2,000");
  await dialog.getByRole("button", { name: "Add Money" }).dblclick();
  await expect(page).toHaveURL(/\/sandbox\/paystack\/checkout\//);
  expect(topupCalls).toBe(1);

  await page.goto("/dashboard");
  await expect(recentRows(page)).toHaveCount(1);
  await expect(recentRows(page).first()).toContainText("₦2,000.00");
  await expect(recentRows(page).first()).toContainText("Pending");
  await expect(recentRows(page).first()).not.toContainText("+₦");

  await page.goto("/history");
  await expect(historyRows(page)).toHaveCount(1);
  await expect(historyRows(page).first()).toContainText("Pending");
});

test("Send while offline says so at once and never sends later on its own; Send again once online sends once", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const sender = newUser("Efe Ogun");
  const recipient = newUser("Funke Bello");
  await registerAndSkipOnboarding(page, recipient);
  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);
  await registerAndSkipOnboarding(page, sender);

  const dialog = await openAddMoney(page);
  await dialog.getByLabel("Amount (NGN)").fill("5000");
  await dialog.getByRole("button", { name: "Add Money" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();

  const transferCalls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("transfers.p2p")) transferCalls.push(request.url());
  });

  await page.goto("/transfer/p2p");
  await page.getByLabel("Recipient email").fill(recipient.email);
  // the same amount rule as Add Money
  await page.getByLabel("Amount (NGN)").fill("1e3");
  await page.getByRole("button", { name: "Send Money" }).click();
  await expect(page.getByText("Use digits only, like 1,000 or 1,000.50")).toBeVisible();
  expect(transferCalls).toEqual([]);
  await page.getByLabel("Amount (NGN)").fill("1,250");
  await expect(page.getByText("Use digits only, like 1,000 or 1,000.50")).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByText("No internet connection")).toBeVisible();
  await page.getByRole("button", { name: "Send Money" }).click();
  await expect(toast(page, "You are offline")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Money" })).toBeEnabled();

  await context.setOffline(false);
  await expect(page.getByText("No internet connection")).toHaveCount(0);
  // A round trip from the page after the connection returned: anything queued would have gone first.
  expect(await page.evaluate(async () => (await fetch("/api/health")).status)).toBe(200);
  expect(transferCalls).toEqual([]);

  await page.getByRole("button", { name: "Send Money" }).click();
  await confirmWithPin(page);
  await expect(toast(page, "Transfer Successful")).toBeVisible();
  await paymentScreen(page);
  await expect(balanceCard(page)).toContainText("₦3,750.00");
  expect(transferCalls).toHaveLength(1);
  await context.close();
});
