// Money that arrives and money alerts that are right (docs/product.md "Live updates", "E-mail
// alerts"), at 360×740: the dashboard shows a credit notice for money received, driven by the event
// stream; three quick payments each get an e-mail alert telling the balance their own payment left,
// worded from the reader's side, read through the sandbox mailbox.
import { type Page, expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { balanceCard, newUser, registerAndSkipOnboarding, settlePayout, topUp } from "./helpers";

test.use({ viewport: { width: 360, height: 740 } });

/** A same-origin API call with the page's session; answers the JSON body after checking the status. */
async function call(page: Page, baseURL: string, path: string, data: unknown): Promise<{ transaction: { reference: string } }> {
  const response = await page.request.post(path, { data, headers: { origin: baseURL } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as { transaction: { reference: string } };
}

test("money received shows a credit notice on the dashboard, from the event stream", async ({ page, browser, baseURL }) => {
  const payee = newUser("Adaeze Okafor");
  await registerAndSkipOnboarding(page, payee);
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-state", "live");

  const sender = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await registerAndSkipOnboarding(sender, newUser("EMEKA OKAFOR"));
  await topUp(sender, "30000");
  await call(sender, baseURL!, "/api/transfer/p2p", { recipientEmail: payee.email, amount: 25000 });

  const notice = page.getByRole("status").filter({ hasText: "Money received" });
  await expect(notice).toContainText("₦25,000.00 from EMEKA OKAFOR");
  await expect(balanceCard(page)).toContainText("₦25,000.00");
  await checkScreen(page, "/dashboard, with a credit notice");
  await notice.getByRole("button", { name: "Close notice" }).click();
  await expect(notice).toHaveCount(0);
});

test("three quick payments: each alert in the mailbox tells the balance after its own payment", async ({ page, browser, baseURL }) => {
  const payer = newUser("Chioma Okafor");
  await registerAndSkipOnboarding(page, payer);
  await topUp(page, "30000");
  await expect(balanceCard(page)).toContainText("₦30,000.00");
  const payee = newUser("Adaeze Okafor");
  const payeePage = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await registerAndSkipOnboarding(payeePage, payee);

  await call(page, baseURL!, "/api/transfer/p2p", { recipientEmail: payee.email, amount: 2500 });
  await call(page, baseURL!, "/api/airtime", { phoneNumber: "08031234567", amount: 100, network: "mtn" });
  const payout = await call(page, baseURL!, "/api/transfer/bank", { bankCode: "058", accountNumber: "0123456785", amount: 1000, transferFee: 50 });
  await settlePayout(page, payout.transaction.reference);

  await expect(async () => {
    await page.goto("/sandbox/mail");
    await expect(page.getByRole("article").filter({ hasText: payer.email }).filter({ hasText: "Kolo debit alert" })).toHaveCount(3, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  const alert = (subject: string) => page.getByRole("article").filter({ hasText: payer.email }).filter({ hasText: subject });
  await expect(alert("Kolo debit alert: ₦2,500.00")).toContainText("Money went out: Transfer to Adaeze Okafor");
  await expect(alert("Kolo debit alert: ₦2,500.00")).toContainText("Available balance after this transaction: ₦27,500.00");
  await expect(alert("Kolo debit alert: ₦100.00")).toContainText("Available balance after this transaction: ₦27,400.00");
  await expect(alert("Kolo debit alert: ₦1,050.00")).toContainText("Available balance after this transaction: ₦26,350.00");
  const credit = page.getByRole("article").filter({ hasText: payee.email }).filter({ hasText: "Kolo credit alert: ₦2,500.00" });
  await expect(credit).toContainText("Money came in: Transfer from Chioma Okafor");
  await expect(credit).toContainText("Available balance after this transaction: ₦2,500.00");
});
