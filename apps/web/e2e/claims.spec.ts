// Fraud claims (docs/product.md "Fraud claims"): at 360×740 a user reports a P2P on its receipt
// ('Report a problem': reason and details) and finds the claim in /support with its deadlines; at
// 1280×800 the admin opens it in /admin/claims, places a lien on the recipient's wallet (who sees
// 'Held: under investigation' under the balance) and refunds the claimant from it.
import { expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { balanceCard, confirmWithPin, loginAsAdmin, newUser, paymentScreen, registerAndSkipOnboarding, registerByApi, toast, topUp } from "./helpers";

test("report a problem on a receipt → a claim with its deadlines; the admin's lien and refund", async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);
  const recipient = newUser("Claim Recipient");
  await registerByApi(browser, baseURL!, recipient);
  await registerAndSkipOnboarding(page, newUser("Claim Reporter"));
  await topUp(page, "2000");
  await page.goto("/transfer/p2p");
  await page.getByLabel("Recipient email or phone number").fill(recipient.email);
  await page.getByLabel("Amount (NGN)").fill("500");
  await page.getByRole("button", { name: "Send Money" }).click();
  await confirmWithPin(page);
  await expect(toast(page, "Transfer Successful")).toBeVisible();
  const reference = await paymentScreen(page, { done: false });

  // The receipt offers 'Report a problem'; the dialog asks what happened and the details.
  await page.goto(`/receipt/${reference}`);
  await page.getByRole("button", { name: "Report a problem" }).click();
  const dialog = page.getByRole("dialog", { name: "Report a problem with this payment" });
  await expect(dialog.getByRole("button", { name: "Send report" })).toBeDisabled();
  await dialog.getByRole("radio", { name: "I was tricked" }).click();
  await dialog.getByLabel("Details").fill("Someone posing as a seller took the money and blocked me.");
  await checkScreen(page, "/receipt/{reference}, the Report a problem dialog");
  await dialog.getByRole("button", { name: "Send report" }).click();
  await expect(toast(page, "Report sent")).toContainText("We have received your report and will answer within 24 hours.");
  await expect(page).toHaveURL(/\/support$/);
  const claim = page.getByRole("list", { name: "Reported payments" }).getByRole("article");
  await expect(claim).toContainText("I was tricked: ₦500.00");
  await expect(claim).toContainText(reference);
  await expect(claim).toContainText("Answer by:");
  await expect(claim).toContainText("Decision by:");
  await expect(claim).toContainText("Under review");
  await checkScreen(page, "/support with a reported payment");
  await claim.getByRole("link", { name: /View Ticket/ }).click();
  await expect(page.getByText("We have received your report about this payment.")).toBeVisible();

  // The admin at a desk: the claim, a lien of the whole ₦500, then the refund.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await adminContext.newPage();
  await loginAsAdmin(admin);
  await admin.goto("/admin/claims");
  await expect(admin.getByRole("heading", { level: 1, name: "Fraud Claims" })).toBeVisible();
  await admin.getByRole("button", { name: `Open the claim on ${reference}` }).click();
  const detail = admin.getByRole("dialog", { name: "Fraud claim" });
  await expect(detail.getByTestId("claim-recipient")).toContainText("balance ₦500.00, held ₦0.00");
  await detail.getByLabel("Lien amount (₦)").fill("500");
  await checkScreen(admin, "/admin/claims, a claim open");
  await detail.getByRole("button", { name: "Place lien" }).click();
  await expect(toast(admin, "Lien placed")).toBeVisible();
  await expect(detail.getByTestId("claim-recipient")).toContainText("balance ₦0.00, held ₦500.00");

  // The recipient sees the money held under the balance.
  const recipientContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const recipientPage = await recipientContext.newPage();
  // Signed in through the API: this test is about the held notice, not the sign-in form.
  const signedIn = await recipientContext.request.post(`${baseURL}/api/auth/login`, {
    headers: { origin: baseURL! },
    data: { email: recipient.email, username: recipient.email, password: recipient.password },
  });
  expect(signedIn.status()).toBe(200);
  await recipientPage.goto("/dashboard");
  await expect(balanceCard(recipientPage).getByTestId("held-notice")).toHaveText("Held: under investigation: ₦500.00");
  await checkScreen(recipientPage, "/dashboard with money held by a lien");
  await recipientContext.close();

  await detail.getByRole("button", { name: "Refund claimant" }).click();
  await expect(toast(admin, "Claimant refunded")).toBeVisible();
  await expect(detail).toContainText("Refunded");
  await checkScreen(admin, "/admin/claims, a refunded claim");
  await adminContext.close();

  await page.goto("/support");
  await expect(page.getByRole("list", { name: "Reported payments" }).getByRole("article")).toContainText("Refunded");
  await page.goto("/dashboard");
  await expect(page.getByTestId("home-balance")).toHaveText("₦2,000.00");
});
