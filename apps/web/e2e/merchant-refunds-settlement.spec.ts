// Merchant refunds and settlement (docs/product.md "Refunds", "Settlement") at 360×740, against the
// real server: a payer pays a new merchant from the wallet, the merchant refunds part of it from the
// dashboard; a merchant sets a settlement account (BVN name match) and pays out by hand.
import { type Browser, type Page, expect, test } from "@playwright/test";
import { confirmWithPin, newUser, registerAndSkipOnboarding, toast, topUp, withE2eDatabase } from "./helpers";

/**
 * Marks `email`'s user BVN-verified as CHIOMA OKAFOR (level 1) in this run's throwaway database (as
 * freeFixtureBvn reaches it): the four sandbox BVNs each belong to another spec running beside this
 * one, and a BVN verifies one account only. The BVN form itself is covered by identity-banking.spec.ts.
 */
async function verifiedAsChioma(email: string): Promise<void> {
  await withE2eDatabase(async (sql) => {
    const [row] = await sql<{ id: number }[]>`update users set verification_level = 1 where email = ${email} returning id`;
    expect(row).toBeDefined();
    await sql`insert into user_verifications (user_id, bvn_name) values (${row!.id}, 'CHIOMA OKAFOR')
      on conflict (user_id) do update set bvn_name = excluded.bvn_name`;
  });
}

/** The signed-in page's user opens a merchant account (POST /api/merchants); answers its id. */
async function openMerchant(page: Page, baseURL: string): Promise<number> {
  const created = await page.request.post("/api/merchants", {
    headers: { origin: baseURL },
    data: { name: "Chioma's Kitchen", description: "Food", category: "Food" },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** A new payer in a context of its own tops up and pays `naira` to merchant `merchantId` from the wallet; answers the payer's page. */
async function payFromWallet(browser: Browser, merchantId: number, naira: number): Promise<Page> {
  const payer = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await registerAndSkipOnboarding(payer, newUser("Ada Payer"));
  await topUp(payer, String(naira));
  await payer.goto(`/payment-confirmation?merchantId=${merchantId}&merchantName=Chioma%27s%20Kitchen&amount=${naira}`);
  await payer.getByRole("main").getByRole("button", { name: "Pay Now" }).click();
  await confirmWithPin(payer);
  await expect(payer.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  return payer;
}

const walletBalance = async (page: Page) => ((await (await page.request.get("/api/auth/me")).json()) as { balance: number }).balance;
const merchantBalance = async (page: Page) => ((await (await page.request.get("/api/merchants/me")).json()) as { balance: number }).balance;

test("a merchant refunds part of a wallet payment from the dashboard", async ({ page, browser, baseURL }) => {
  await registerAndSkipOnboarding(page, newUser("Chioma Okafor"));
  const merchantId = await openMerchant(page, baseURL!);
  const payer = await payFromWallet(browser, merchantId, 1_000);
  expect(await walletBalance(payer)).toBe(0);

  await page.goto("/merchant/dashboard");
  const payments = page.getByRole("region", { name: "Payments" });
  await payments
    .getByRole("button", { name: /^Refund / })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Refund Payment" });
  await dialog.getByLabel("Amount (NGN)").fill("400");
  await dialog.getByLabel("Reason").fill("One item out of stock");
  await dialog.getByRole("button", { name: "Refund" }).click();
  await confirmWithPin(page);
  await expect(toast(page, "Refund Successful")).toBeVisible();
  await expect(page.getByRole("region", { name: "Merchant Balance" })).toContainText("₦600.00");
  expect(await walletBalance(payer)).toBe(400);
  expect(await merchantBalance(page)).toBe(600);
  await payer.context().close();
});

test("a merchant sets a settlement account matching the BVN and pays out by hand", async ({ page, browser, baseURL }) => {
  const owner = newUser("Chioma Okafor");
  await registerAndSkipOnboarding(page, owner);
  await verifiedAsChioma(owner.email);
  const merchantId = await openMerchant(page, baseURL!);
  const payer = await payFromWallet(browser, merchantId, 2_000);
  await payer.context().close();

  await page.goto("/merchant/settings");
  const main = page.getByRole("main");
  await main.getByLabel("Business name").fill("Chioma Foods");
  await main.getByRole("combobox", { name: "Bank" }).fill("Guaranty");
  await page.getByRole("option", { name: "Guaranty Trust Bank", exact: true }).click();
  await main.getByLabel("Account number").fill("0123456785");
  await expect(main.getByLabel("Account name")).toHaveValue("CHIOMA OKAFOR");
  await main.getByLabel("Float to keep (NGN)").fill("500");
  await main.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page, "Settings saved")).toContainText("CHIOMA OKAFOR");
  await expect(main.getByText(/CHIOMA OKAFOR, Guaranty Trust Bank ••••6785/)).toBeVisible();

  await main.getByRole("link", { name: "Pay out now" }).click();
  await expect(page).toHaveURL(/\/merchant\/withdraw$/);
  await page.getByRole("main").getByLabel("Amount (NGN)").fill("1,000");
  await expect(page.getByRole("main").getByText("Fee: ₦50.00")).toBeVisible();
  await page.getByRole("main").getByRole("button", { name: "Pay Out" }).click();
  await confirmWithPin(page);
  await expect(toast(page, "Payout started to your settlement account")).toBeVisible();
  await expect(page).toHaveURL(/\/merchant\/dashboard$/);
  expect(await merchantBalance(page)).toBe(950);
});
