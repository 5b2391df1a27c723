// /payment-confirmation (docs/product.md#merchants-and-invoices) and
// its receipt, against the real server with the demo data (merchant 1 is 'Test Store', owned by
// merchant@kolo.test).
import { type APIRequestContext, expect, test } from "@playwright/test";
import { balanceCard, newUser, registerAndSkipOnboarding, toast, topUp, confirmWithPin } from "./helpers";

/** A signed-in REST client for the demo merchant. */
async function demoMerchant(request: APIRequestContext, baseURL: string) {
  const login = await request.post("/api/auth/login", {
    headers: { origin: baseURL },
    data: { email: "merchant@kolo.test", username: "merchant@kolo.test", password: "merchant123" },
  });
  expect(login.status()).toBe(200);
  return {
    balance: async () => ((await (await request.get("/api/merchants/me")).json()) as { balance: number }).balance,
    invoice: async (data: object) => {
      const response = await request.post("/api/invoices", { headers: { origin: baseURL }, data });
      expect(response.status()).toBe(201);
      return (await response.json()) as { id: number; token: string };
    },
  };
}

test("pay a merchant from its link: the spec's texts, amount then balance checks, receipt, merchant balance rises", async ({ page, playwright, baseURL }) => {
  const merchantApi = await playwright.request.newContext({ baseURL });
  const merchant = await demoMerchant(merchantApi, baseURL!);
  const before = await merchant.balance();

  await registerAndSkipOnboarding(page, newUser("Ngozi Ibe"));
  await topUp(page, "2000");
  await expect(balanceCard(page)).toContainText("₦2,000.00");

  // More than the balance: 'Insufficient Balance', nothing moves, the page stays.
  await page.goto("/payment-confirmation?merchantId=1&merchantName=Test%20Store&amount=2500");
  await expect(page.getByText("Test Store")).toBeVisible();
  await expect(page.getByText("Retail")).toBeVisible();
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(toast(page, "Insufficient Balance")).toBeVisible();
  await expect(page).toHaveURL(/\/payment-confirmation\?/);

  await page.goto("/payment-confirmation?merchantId=1&merchantName=Test%20Store&amount=1000");
  const main = page.getByRole("main");
  await expect(main.getByText("Test Store")).toBeVisible();
  await expect(main.getByText("Retail")).toBeVisible();
  await expect(main.getByText("Transaction fee")).toBeVisible();
  await expect(main.getByText("₦0.00")).toBeVisible();
  await expect(main.getByText("You are paying")).toBeVisible();
  await expect(main.getByText("₦1,000.00").first()).toBeVisible();
  await expect(main.getByText("Secure Payment")).toBeVisible();
  await expect(main.getByLabel("Enter Amount")).toHaveCount(0);
  await expect(main.getByRole("button", { name: "Cancel", exact: true })).toBeVisible();
  await main.getByRole("button", { name: "Pay Now" }).click();
  await confirmWithPin(page);

  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(main.getByText("Paid to Test Store")).toBeVisible();
  await expect(main.getByText(/^KOLO-PAY-/)).toBeVisible();
  await expect(main.getByRole("button", { name: "Share Receipt" })).toBeVisible();
  expect(await merchant.balance()).toBe(before + 1000);

  await main.getByRole("button", { name: "Return to Dashboard" }).click();
  await expect(balanceCard(page)).toContainText("₦1,000.00");
  await merchantApi.dispose();
});

test("no amount: the editable 'Enter Amount' field, refused at 0; no parameters: the demo merchant with ₦3,550", async ({ page }) => {
  await registerAndSkipOnboarding(page, newUser("Tunde Bello"));
  await topUp(page, "500");

  await page.goto("/payment-confirmation?merchantId=1&merchantName=Test%20Store");
  const main = page.getByRole("main");
  const field = main.getByLabel("Enter Amount");
  await expect(field).toBeVisible();
  await field.fill("0");
  await main.getByRole("button", { name: "Pay Now" }).click();
  await expect(toast(page, "Invalid Amount")).toBeVisible();
  await field.fill("120.50");
  await expect(main.getByText("₦120.50")).toBeVisible();
  // The complaint goes once the amount is edited, not 6 s later.
  await expect(toast(page, "Invalid Amount")).toHaveCount(0);
  // Keyboard only: Tab to Pay Now and press Enter.
  await field.focus();
  await page.keyboard.press("Tab");
  await expect(main.getByRole("button", { name: "Pay Now" })).toBeFocused();
  await page.keyboard.press("Enter");
  await confirmWithPin(page);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(main.getByText("₦120.50")).toBeVisible();

  await page.goto("/payment-confirmation");
  await expect(main.getByText("Test Store")).toBeVisible();
  await expect(main.getByText("₦3,550.00").first()).toBeVisible();
  await main.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an unknown merchant or invoice says so and goes to the dashboard", async ({ page }) => {
  await registerAndSkipOnboarding(page, newUser("Femi Ade"));
  await page.goto("/payment-confirmation?merchantId=999999&amount=10");
  await expect(toast(page, "Error")).toContainText("Could not find merchant details");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto(`/payment-confirmation?invoiceToken=${"A".repeat(32)}`);
  await expect(toast(page, "Error")).toContainText("Could not find invoice details");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("pay an invoice: 'Invoice Payment', the amount due, then 'Invoice already paid'", async ({ page, playwright, baseURL }) => {
  const merchantApi = await playwright.request.newContext({ baseURL });
  const merchant = await demoMerchant(merchantApi, baseURL!);
  const invoice = await merchant.invoice({ customerName: "Kemi Alabi", amount: 750 });

  await registerAndSkipOnboarding(page, newUser("Kemi Alabi"));
  await topUp(page, "1000");
  await page.goto(`/invoice/pay/${invoice.token}`);
  const main = page.getByRole("main");
  await expect(main.getByText("Test Store")).toBeVisible();
  await expect(main.getByText("Invoice Payment")).toBeVisible();
  await expect(main.getByText("₦750.00").first()).toBeVisible();
  await main.getByRole("button", { name: "Pay Now" }).click();
  await confirmWithPin(page);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await expect(main.getByText(/^KOLO-INV-/)).toBeVisible();

  await page.goto(`/invoice/pay/${invoice.token}`);
  await expect(main.getByText("Invoice already paid")).toBeVisible();
  // When it was paid, in Lagos time; never 'You are paying ₦0.00'.
  await expect(main.getByText(/^Paid ₦750\.00 on \d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [ap]m$/)).toBeVisible();
  await expect(main.getByText("You are paying")).toHaveCount(0);
  await expect(main.getByText("₦0.00", { exact: true })).toHaveCount(1); // the fee only
  await expect(main.getByRole("button", { name: "Pay Now" })).toBeDisabled();
  await merchantApi.dispose();
});

test("merchant dashboard: create the account, receive a payment, see it in Recent Payments, withdraw to the wallet", async ({ browser }) => {
  test.setTimeout(60_000); // two users, a top-up, a payment and a withdrawal
  const merchantContext = await browser.newContext();
  const payerContext = await browser.newContext();
  const m = await merchantContext.newPage();
  const p = await payerContext.newPage();

  await registerAndSkipOnboarding(m, newUser("Segun Shop"));
  await expect(m.getByText("Personal Account", { exact: true })).toBeVisible();
  await m.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Merchant" }).click();
  await expect(m).toHaveURL(/\/merchant\/dashboard$/);
  const dialog = m.getByRole("dialog", { name: "Create Merchant Account" });
  await expect(dialog).toContainText("receive payments");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(m).toHaveURL(/\/dashboard$/);

  await m.goto("/merchant/dashboard");
  await expect(dialog).toBeVisible();
  await m.keyboard.press("Escape");
  await expect(m.getByRole("dialog")).toHaveCount(0);
  await m.getByRole("button", { name: "Create Merchant Account" }).click();
  await expect(toast(m, "Merchant Account Created")).toContainText("Your merchant account has been set up successfully");
  const balance = m.getByRole("region", { name: "Merchant Balance" });
  await expect(balance).toContainText("₦0.00");
  await expect(m.getByRole("heading", { name: "My Business" })).toBeVisible();
  for (const tool of ["My QR Code", "Create Invoice", "Customers", "Settings"]) await expect(m.getByRole("link", { name: tool })).toBeVisible();
  const recent = m.getByRole("region", { name: "Recent Payments" });
  await expect(recent).toContainText("No transactions yet");
  await expect(recent.getByRole("link", { name: "Generate Payment QR" })).toBeVisible();
  const merchantId = ((await (await m.request.get("/api/merchants/me")).json()) as { id: number }).id;

  await registerAndSkipOnboarding(p, newUser("Bisi Payer"));
  await topUp(p, "1000");
  await p.goto(`/payment-confirmation?merchantId=${merchantId}&amount=300`);
  await expect(p.getByRole("main").getByText("My Business")).toBeVisible();
  await p.getByRole("button", { name: "Pay Now" }).click();
  await confirmWithPin(p);
  await expect(p.getByRole("heading", { name: "Payment Successful" })).toBeVisible();

  await m.reload();
  await expect(balance).toContainText("₦300.00");
  await expect(recent.getByRole("listitem")).toHaveCount(1);
  await expect(recent.getByRole("listitem").first()).toContainText("+₦300.00");
  await expect(recent.getByRole("listitem").first()).toContainText("Payment from Bisi Payer");

  await balance.getByRole("button", { name: "Withdraw" }).click();
  const withdraw = m.getByRole("dialog", { name: "Withdraw to Wallet" });
  await withdraw.getByRole("button", { name: "Withdraw ₦300.00" }).click();
  await expect(toast(m, "Withdrawal Successful")).toBeVisible();
  await expect(balance).toContainText("₦0.00");
  await m.goto("/dashboard");
  await expect(m.getByText("Merchant Account", { exact: true })).toBeVisible();
  await expect(balanceCard(m)).toContainText("₦300.00");

  await merchantContext.close();
  await payerContext.close();
});

test("a signed-out payer who opens an invoice link signs in and comes back to the invoice", async ({ page, browser, playwright, baseURL }) => {
  const merchantApi = await playwright.request.newContext({ baseURL });
  const invoice = await (await demoMerchant(merchantApi, baseURL!)).invoice({ customerName: "Sade Bello", amount: 1200 });
  const payer = newUser("Sade Bello");
  await registerAndSkipOnboarding(page, payer);

  const signedOut = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await signedOut.goto(`/invoice/pay/${invoice.token}`);
  await expect(signedOut).toHaveURL(/\/login\?redirect=/);
  expect(new URL(signedOut.url()).searchParams.get("redirect")).toBe(`/invoice/pay/${invoice.token}`);
  await signedOut.getByLabel("Email").fill(payer.email);
  await signedOut.getByRole("textbox", { name: "Password", exact: true }).fill(payer.password);
  await signedOut.getByRole("button", { name: "Sign In" }).click();
  // Back to the invoice: /invoice/pay/{token} opens its payment screen at once (a redirect that
  // replaces the URL), so the URL to wait for is that screen's, with the same token.
  await expect(signedOut).toHaveURL(new RegExp(`/payment-confirmation\\?invoiceToken=${invoice.token}$`));
  await expect(signedOut.getByRole("main").getByText("Invoice Payment")).toBeVisible();

  // Only a path of this site: anything else signs in to /dashboard.
  await signedOut.context().clearCookies();
  await signedOut.goto("/login?redirect=%2F%2Fevil.example%2Finvoice%2Fpay%2Fabc");
  await signedOut.getByLabel("Email").fill(payer.email);
  await signedOut.getByRole("textbox", { name: "Password", exact: true }).fill(payer.password);
  await signedOut.getByRole("button", { name: "Sign In" }).click();
  await expect(signedOut).toHaveURL(/\/dashboard$/);
  await signedOut.context().close();
  await merchantApi.dispose();
});
