// Accessibility of every screen on a 360×740 phone: axe finds no violation
// (WCAG 2.2 A/AA and best practices, target-size included), and every touch target is at least
// 44×44 px (WCAG 2.5.5), beyond axe's 24 px: links inside a sentence are the standard's exception.
import { expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import {
  confirmWithPin,
  freeFixtureBvn,
  loginAsAdmin,
  newUser,
  openWithdrawalReference,
  paymentScreen,
  register,
  registerAndSkipOnboarding,
  settlePayout,
  toast,
} from "./helpers";

test("every guest screen: no axe violations, touch targets of 44 px", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await checkScreen(page, "/login");

  // A toast (with its close button) on the screen.
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page, "Login Failed")).toBeVisible();
  await checkScreen(page, "/login with a toast");

  await page.goto("/register");
  await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
  await checkScreen(page, "/register");

  // Field errors under the inputs (their red must be readable too).
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
  await checkScreen(page, "/register with field errors");

  await page.goto("/forgot-password");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await checkScreen(page, "/forgot-password");
  await page.goto("/freeze");
  await expect(page.getByRole("heading", { name: "Freeze my account" })).toBeVisible();
  await checkScreen(page, "/freeze");
  await page.goto("/reset-password?token=not-a-real-token-0000000000");
  await expect(page.getByRole("heading", { name: "Choose a New Password" })).toBeVisible();
  await checkScreen(page, "/reset-password");
  await page.goto("/reset-password");
  await expect(page.getByRole("alert").filter({ hasText: "Link not valid" })).toBeVisible();
  await checkScreen(page, "/reset-password without a token");

  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await checkScreen(page, "the not-found page");
});

test("every signed-in screen: no axe violations, touch targets of 44 px", async ({ page }) => {
  test.setTimeout(180_000);
  const user = newUser("Ngozi Uche");
  await register(page, user);
  await checkScreen(page, "/onboarding, step 1");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Everything in one place" })).toBeVisible();
  await checkScreen(page, "/onboarding, step 2");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("button", { name: "Start Verification" })).toBeVisible();
  await checkScreen(page, "/onboarding, step 3");
  await page.getByRole("button", { name: "Start Verification" }).click();
  await expect(page.getByRole("heading", { name: "Account Verification" })).toBeVisible();
  await checkScreen(page, "/verification");

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: user.name })).toBeVisible();
  await checkScreen(page, "/dashboard");

  await page.getByRole("button", { name: "Add Money" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Money" });
  await expect(dialog.getByLabel("Amount (NGN)")).toBeVisible();
  await checkScreen(page, "the Add Money dialog");
  await dialog.getByLabel("Amount (NGN)").fill("2000");
  await dialog.getByRole("button", { name: "Add Money" }).click();
  await expect(page).toHaveURL(/\/sandbox\/paystack\/checkout\//);
  await expect(page.getByRole("button", { name: "Pay" })).toBeVisible();
  const checkoutUrl = page.url();
  const reference = await page.evaluate(() => localStorage.getItem("pendingPaymentReference"));
  expect(reference).toBeTruthy();
  await checkScreen(page, "the sandbox checkout");

  // Not paid yet: the gateway answers "pending" and the screen keeps verifying.
  await page.goto(`/payment-verification?reference=${reference ?? ""}`);
  await expect(page.getByRole("heading", { name: "Verifying Payment" })).toBeVisible();
  await checkScreen(page, "/payment-verification, verifying");

  await page.goto(checkoutUrl);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await checkScreen(page, "/payment-verification, success");

  await page.goto("/payment-verification?reference=kolo_unknown_reference");
  await expect(page.getByRole("heading", { name: "Payment Verification Failed" })).toBeVisible();
  await expect(toast(page, "Verification Failed")).toBeVisible();
  await checkScreen(page, "/payment-verification, failed, with its toast");

  await page.goto("/transfer");
  await expect(page.getByRole("link", { name: /Send to User/ })).toBeVisible();
  await checkScreen(page, "/transfer");

  await page.goto("/transfer/p2p");
  await expect(page.getByLabel("Recipient email")).toBeVisible();
  await checkScreen(page, "/transfer/p2p");

  await page.goto("/history");
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(1);
  await checkScreen(page, "/history");

  await page.goto("/history?filter=bills&q=no-such-payment&from=2026-01-01&to=2026-01-31");
  await expect(page.getByRole("button", { name: "Clear search and dates" })).toBeVisible();
  await checkScreen(page, "/history with the Bills tab, a search and dates, no results");

  await page.goto("/airtime");
  await page.getByRole("radio", { name: "MTN" }).click();
  await page.getByLabel("Phone number").fill("08099999999");
  await page.getByRole("button", { name: "Verify Phone Number" }).click();
  await expect(page.getByText("Could not verify number, but you can still proceed")).toBeVisible();
  await checkScreen(page, "/airtime with a failed phone check");

  await page.goto("/data");
  await page.getByRole("radio", { name: "Glo" }).click();
  await expect(page.getByLabel("Data plan").getByRole("option", { name: /Glo 1GB/ })).toHaveCount(1);
  await checkScreen(page, "/data with plans loaded");

  await page.goto("/payment-confirmation?merchantId=1&merchantName=Test%20Store");
  await expect(page.getByLabel("Enter Amount")).toBeVisible();
  await checkScreen(page, "/payment-confirmation, Enter Amount");
  await page.getByLabel("Enter Amount").fill("100");
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page.getByRole("dialog", { name: "Confirm Transaction" }).getByLabel("New transaction PIN")).toBeVisible();
  await checkScreen(page, "the review dialog, setting a PIN");
  await confirmWithPin(page);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await checkScreen(page, "/payment-confirmation, receipt");
  await page.goto("/payment-confirmation?merchantId=1&amount=50");
  await expect(page.getByText("You are paying")).toBeVisible();
  await checkScreen(page, "/payment-confirmation, fixed amount");
  await page.getByRole("button", { name: "Pay Now" }).click();
  await expect(page.getByRole("dialog", { name: "Confirm Transaction" }).getByRole("textbox", { name: "Transaction PIN", exact: true })).toBeVisible();
  await checkScreen(page, "the review dialog, entering the PIN");
  await page.getByRole("dialog", { name: "Confirm Transaction" }).getByRole("button", { name: "Cancel" }).click();
  await page.goto("/transaction-pin");
  await expect(page.getByRole("heading", { name: "Change your PIN" })).toBeVisible();
  await page.getByRole("button", { name: "E-mail me a code" }).click();
  await expect(page.getByRole("form", { name: "Reset your PIN" })).toBeVisible();
  await checkScreen(page, "/transaction-pin");
  await page.goto("/settings");
  await expect(page.getByRole("switch", { name: "E-mail me a receipt of every credit and debit" })).toBeChecked();
  await checkScreen(page, "/settings");
  await page.getByRole("button", { name: "Sign out of all devices" }).click();
  const signOutDialog = page.getByRole("dialog", { name: "Sign out of all devices?" });
  await expect(signOutDialog.getByRole("button", { name: "Sign out everywhere" })).toBeVisible();
  await checkScreen(page, "/settings, Sign out of all devices dialog");
  await signOutDialog.getByRole("button", { name: "Cancel" }).click();
  await page.goto("/settings/limits");
  await expect(page.getByTestId("own-daily-limit")).toBeVisible();
  await checkScreen(page, "/settings/limits");
  await page.goto("/settings/devices");
  await expect(page.getByRole("list", { name: "Your devices" })).toBeVisible();
  await checkScreen(page, "/settings/devices");
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("dialog", { name: "Log out?" })).toBeVisible();
  await checkScreen(page, "the Log out confirmation");
  await page.getByRole("dialog", { name: "Log out?" }).getByRole("button", { name: "Cancel" }).click();
});

test("the merchant screens and the bills screens: no axe violations, touch targets of 44 px", async ({ page }) => {
  test.setTimeout(180_000); // an upper bound: fifteen axe walks, 10 to 15 s each when both cores are busy
  await registerAndSkipOnboarding(page, newUser("Emeka Obi"));

  await page.goto("/merchant/dashboard");
  const createDialog = page.getByRole("dialog", { name: "Create Merchant Account" });
  await expect(createDialog).toBeVisible();
  await checkScreen(page, "/merchant/dashboard, Create Merchant Account dialog");
  await createDialog.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("region", { name: "Recent Payments" })).toContainText("No transactions yet");
  await checkScreen(page, "/merchant/dashboard, with an account");
  await page.getByRole("region", { name: "Merchant Balance" }).getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByRole("dialog", { name: "Withdraw to Wallet" })).toBeVisible();
  await checkScreen(page, "/merchant/dashboard, Withdraw to Wallet dialog");

  await page.goto("/merchant/settings");
  await expect(page.getByRole("region", { name: "Settlement account" })).toBeVisible();
  await checkScreen(page, "/merchant/settings");
  await page.goto("/merchant/withdraw");
  await expect(page.getByText("No settlement account")).toBeVisible();
  await checkScreen(page, "/merchant/withdraw without a settlement account");

  await page.goto("/merchant/qr-code");
  await expect(page.getByRole("img", { name: "Payment QR code: Scan to pay me" })).toBeVisible();
  await checkScreen(page, "/merchant/qr-code");
  await page.getByRole("button", { name: "Add Fixed Amount" }).click();
  await expect(page.getByLabel("Fixed amount")).toBeVisible();
  await checkScreen(page, "/merchant/qr-code, fixed amount");

  await page.goto("/merchant/invoice");
  await expect(page.getByText("No invoices yet")).toBeVisible();
  await checkScreen(page, "/merchant/invoice");
  // An unpaid invoice with a payment link and a long name: its QR, its link, and the list's row
  // with its status and both actions.
  const invoiceForm = page.getByRole("main");
  await invoiceForm.getByLabel("Customer name").fill("Oluwaseun Adebayo-Williams");
  await invoiceForm.getByLabel("Amount (NGN)").fill("125,000");
  await invoiceForm.getByRole("checkbox", { name: "Generate payment link" }).check();
  await invoiceForm.getByRole("button", { name: "Create Invoice" }).click();
  await expect(page.getByLabel("Payment link")).toBeVisible();
  await expect(page.getByRole("region", { name: "Your Invoices" }).getByText("Unpaid")).toBeVisible();
  await checkScreen(page, "/merchant/invoice with an unpaid invoice and its payment link");
  // Analytics (its chart loaded) and customers of a merchant without payments yet; merchant-analytics.spec.ts checks both with payments.
  await page.goto("/merchant/analytics");
  await expect(page.getByRole("region", { name: "Sales by channel" })).toBeVisible();
  await expect(page.getByTestId("sales-chart").locator("svg.recharts-surface")).toBeVisible();
  await checkScreen(page, "/merchant/analytics");
  await page.goto("/merchant/customers");
  await expect(page.getByText("No customers yet")).toBeVisible();
  await checkScreen(page, "/merchant/customers");

  await page.goto("/pay");
  await expect(page.getByRole("region", { name: "Bills Payment" })).toBeVisible();
  await checkScreen(page, "/pay");
  await page.goto("/utility/electricity");
  await expect(page.getByRole("heading", { name: "Buy Electricity" })).toBeVisible();
  await checkScreen(page, "/utility/electricity");
  await page.getByLabel("Electricity company").selectOption("eko-electric");
  await page.getByLabel("Meter number").fill("1010101010101");
  await page.getByLabel("Meter type").selectOption("postpaid");
  await page.getByRole("button", { name: "Verify Meter" }).click();
  await expect(page.getByText("4 Marina Lagos")).toBeVisible();
  await page.mouse.move(0, 0); // not hovering the button just pressed
  await checkScreen(page, "/utility/electricity, meter verified");
  await page.goto("/utility/cable");
  await expect(page.getByRole("heading", { name: "Cable TV" })).toBeVisible();
  await checkScreen(page, "/utility/cable");
  await page.getByLabel("Cable TV provider").selectOption("startimes");
  await page.getByLabel("Smartcard number").fill("02134567890");
  await page.getByRole("button", { name: "Verify Smartcard" }).click();
  await expect(page.getByLabel("Bouquet")).toBeVisible();
  await page.getByLabel("Bouquet").selectOption("basic");
  await page.mouse.move(0, 0);
  await checkScreen(page, "/utility/cable, StarTimes verified, bouquet chosen");
});

test("the QR screens: /receive, /scan without a camera, /transfer/p2p from one's own P2P code", async ({ page }) => {
  await register(page, newUser("Chidi Okafor"));
  const ownId = ((await (await page.request.get("/api/auth/me")).json()) as { id: number }).id;
  await page.goto(`/transfer?userId=${ownId}&amount=5`);
  await expect(page.getByRole("alert").filter({ hasText: "Invalid Transfer" })).toBeVisible();
  await checkScreen(page, "/transfer/p2p from one's own P2P code");

  await page.goto("/receive");
  await expect(page.getByRole("img", { name: "Payment QR code: Scan to pay me" })).toBeVisible();
  await checkScreen(page, "/receive");

  // This browser has no camera: the 'Unable to access camera' state.
  await page.goto("/scan");
  await expect(page.getByText("Unable to access camera")).toBeVisible();
  await checkScreen(page, "/scan, no camera");
});

test("support screens, for a user and for the admin: no axe violations, touch targets of 44 px", async ({ page, browser }) => {
  test.setTimeout(180_000); // an upper bound: each axe walk takes 10 to 15 s when both cores are busy
  await register(page, newUser("Zainab Bello"));
  await page.goto("/support");
  await expect(page.getByRole("heading", { name: "No support tickets" })).toBeVisible();
  await checkScreen(page, "/support, empty");

  await page.getByRole("button", { name: "New Ticket" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Support Ticket" });
  await dialog.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(dialog.getByText("Subject must be at least 5 characters")).toBeVisible();
  await checkScreen(page, "the Create New Support Ticket dialog with field errors");
  await dialog.getByLabel("Subject").fill("Cannot add a bank account");
  await dialog.getByLabel("Message").fill("The account name never resolves for my bank.");
  await dialog.getByRole("combobox", { name: "Priority" }).click();
  await expect(page.getByRole("option", { name: "Urgent" })).toBeVisible();
  await checkScreen(page, "the ticket dialog's priority list");
  await page.getByRole("option", { name: "Urgent" }).click();
  await dialog.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(toast(page, "Ticket Created")).toBeVisible();
  await expect(page.getByRole("article", { name: "Cannot add a bank account" })).toBeVisible();
  await checkScreen(page, "/support with a ticket and a toast");

  await page.getByRole("link", { name: /View Details/ }).click();
  await expect(page.getByText("No replies yet")).toBeVisible();
  await checkScreen(page, "/support/{id}");
  const ticketPath = new URL(page.url()).pathname;

  await page.goto("/support/999999");
  await expect(page.getByRole("button", { name: "Try Again" })).toBeVisible();
  await checkScreen(page, "/support/{id}, not found");

  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const admin = await context.newPage();
  await loginAsAdmin(admin);
  await admin.goto("/admin/support-tickets");
  await expect(admin.getByRole("link", { name: /View & Respond/ }).first()).toBeVisible();
  await checkScreen(admin, "/admin/support-tickets");
  await admin.goto(ticketPath);
  await admin.getByLabel("Your reply").fill("We are on it.");
  await admin.getByRole("button", { name: "Send Reply" }).click();
  await expect(admin.getByText("Staff", { exact: true })).toBeVisible();
  await admin.getByRole("button", { name: "Update Status" }).click();
  await expect(admin.getByRole("menuitem", { name: "Mark as Closed" })).toBeVisible();
  await checkScreen(admin, "/support/{id} as admin, with a Staff reply and the status menu");
  await admin.getByRole("menuitem", { name: "Mark as Closed" }).click();
  await expect(admin.getByText("This ticket has been closed and no further replies can be added.")).toBeVisible();
  await checkScreen(admin, "/support/{id}, closed");
  await context.close();
});

test("identity and banking screens: no axe violations, touch targets of 44 px", async ({ page }) => {
  test.setTimeout(180_000); // sixteen axe walks: 2.2 min once with the machine's two cores at a load of 27
  const user = newUser("Chukwuemeka Eze");
  await register(page, user);
  await page.getByRole("button", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // No saved account: Withdraw opens 'Withdraw to Bank'.
  await page.getByRole("region", { name: "Available Balance" }).getByRole("button", { name: "Withdraw" }).click();
  await expect(page.getByRole("dialog", { name: "Withdraw to Bank" })).toBeVisible();
  await checkScreen(page, "the Withdraw to Bank dialog");

  await page.goto("/verification");
  const bvnForm = page.getByRole("form", { name: "BVN verification" });
  await expect(bvnForm).toBeVisible();
  await checkScreen(page, "/verification, BVN tab");
  await bvnForm.getByLabel("BVN").fill("123");
  await bvnForm.getByRole("button", { name: "Verify BVN" }).click();
  await expect(bvnForm.getByText("BVN must be 11 digits")).toBeVisible();
  await checkScreen(page, "/verification, BVN tab with field errors");
  await page.getByRole("tab", { name: "Overview" }).click();
  await expect(page.getByRole("region", { name: "Unverified Account" })).toBeVisible();
  await checkScreen(page, "/verification, Overview");

  await page.goto("/bank-accounts");
  await expect(page.getByText("No bank accounts yet")).toBeVisible();
  await checkScreen(page, "/bank-accounts, empty");
  await page.getByRole("button", { name: "Add New" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Bank Account" });
  await dialog.getByRole("combobox", { name: "Bank" }).fill("United");
  await page.getByRole("option", { name: "United Bank For Africa" }).click();
  await dialog.getByLabel("Account number").fill("1234567895");
  await expect(dialog.getByLabel("Account name")).toHaveValue("CHUKWUEMEKA EZE");
  await checkScreen(page, "the Add Bank Account dialog, name resolved");
  await dialog.getByRole("button", { name: "Add Account" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: "1234567895" })).toBeVisible();
  await checkScreen(page, "/bank-accounts, one account");
  await page.getByRole("button", { name: "Delete United Bank For Africa 1234567895" }).click();
  await expect(page.getByRole("dialog", { name: "Remove Bank Account" })).toBeVisible();
  await checkScreen(page, "the Remove Bank Account dialog");
  await page.getByRole("dialog", { name: "Remove Bank Account" }).getByRole("button", { name: "Cancel" }).click();

  // Level 1 (the BVN fixture of this name): the Bank tab with the saved account to choose.
  await freeFixtureBvn("22222222223");
  await page.goto("/verification");
  const bvn = page.getByRole("form", { name: "BVN verification" });
  await bvn.getByLabel("BVN").fill("22222222223");
  await bvn.getByLabel("Date of birth").fill("1988-11-02");
  await bvn.getByLabel("Phone number").fill("07061234567");
  await bvn.getByRole("button", { name: "Verify BVN" }).click();
  await expect(page.getByRole("tab", { name: "Bank Verification" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("radio", { name: /United Bank For Africa 1234567895/ }).click();
  await checkScreen(page, "/verification, Bank tab with a chosen account");

  await page.goto("/withdraw");
  await page.getByRole("radio", { name: /United Bank For Africa 1234567895/ }).click();
  await page.getByLabel("Amount (NGN)").fill("1000");
  await expect(page.getByText("Insufficient funds. You need ₦1,050.00.")).toBeVisible();
  await checkScreen(page, "/withdraw, insufficient funds");

  await page.goto("/transfer/bank");
  await page.getByRole("radio", { name: /United Bank For Africa 1234567895/ }).click();
  await page.getByLabel("Amount (NGN)").fill("1000");
  await expect(page.getByRole("region", { name: "Transfer summary" })).toContainText("₦1,050.00");
  await checkScreen(page, "/transfer/bank with its summary");

  // A withdrawal's status view, after a top-up.
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Add Money" }).click();
  await page.getByRole("dialog", { name: "Add Money" }).getByLabel("Amount (NGN)").fill("2000");
  await page.getByRole("dialog", { name: "Add Money" }).getByRole("button", { name: "Add Money" }).click();
  await expect(page).toHaveURL(/\/sandbox\/paystack\/checkout\//);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await page.goto("/withdraw");
  await page.getByRole("radio", { name: /United Bank For Africa 1234567895/ }).click();
  await page.getByLabel("Amount (NGN)").fill("500");
  await page.getByRole("button", { name: "Withdraw" }).click();
  await confirmWithPin(page);
  const reference = await openWithdrawalReference(page);
  const status = page.getByRole("region", { name: "Withdrawal status" });
  await expect(status.getByText(/^(Pending|Processing)$/)).toBeVisible();
  // Paystack pays it now (the sandbox held it); its webhook has reached Kolo when this returns.
  await settlePayout(page, reference);
  await expect(status.getByText("Completed", { exact: true })).toBeVisible({ timeout: 15_000 });
  await checkScreen(page, "/withdraw?reference, completed");

  // The screen a payment ends on (docs/product.md "Payment endings"), a bank transfer still processing.
  await page.goto("/transfer/bank");
  await page.getByRole("radio", { name: /United Bank For Africa 1234567895/ }).click();
  await page.getByLabel("Amount (NGN)").fill("500");
  await page.getByRole("button", { name: "Transfer to Bank" }).click();
  await confirmWithPin(page);
  await paymentScreen(page, { done: false });
  await expect(page.getByTestId("payment-status")).toHaveText("Processing with the bank");
  await checkScreen(page, "/done/{reference}, a bank transfer processing");
});

test("every admin screen: no axe violations, touch targets of 44 px", async ({ page }) => {
  test.setTimeout(180_000); // an upper bound: eight axe walks, 10 to 15 s each when both cores are busy
  await loginAsAdmin(page);
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("region", { name: "Recent Users" }).getByRole("listitem").first()).toBeVisible();
  await expect(page.getByRole("img", { name: /Completed volume over the last 14 days/ })).toBeVisible();
  await checkScreen(page, "/admin/dashboard");

  await page.goto("/admin/users");
  await expect(page.getByRole("button", { name: /^Credit / }).first()).toBeVisible();
  await checkScreen(page, "/admin/users");
  await page
    .getByRole("button", { name: /^Credit / })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Credit Wallet" })).toBeVisible();
  await checkScreen(page, "/admin/users, Credit Wallet dialog");
  await page.getByRole("dialog", { name: "Credit Wallet" }).getByRole("button", { name: "Cancel" }).click();
  await page
    .getByRole("button", { name: /^History of / })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: /Transaction History/ })).toBeVisible();
  await checkScreen(page, "/admin/users, History dialog");
  await page
    .getByRole("dialog", { name: /Transaction History/ })
    .getByRole("button", { name: "Close" })
    .click();
  await page.getByRole("searchbox", { name: "Search users" }).fill("nobody-matches-this");
  await expect(page.getByText("No users found")).toBeVisible();
  await checkScreen(page, "/admin/users, no users found");

  await page.goto("/admin/transactions");
  await expect(page.getByRole("tab", { name: /^All/ })).toBeVisible();
  await checkScreen(page, "/admin/transactions");

  await page.goto("/admin/settings");
  await expect(page.getByRole("switch", { name: "Send Money" })).toBeVisible();
  // The fraud controls card (docs/product.md "Fraud controls") below the switches.
  await expect(page.getByRole("region", { name: "Fraud controls" }).getByLabel("First-day cap (₦)")).toBeVisible();
  await checkScreen(page, "/admin/settings");

  await page.goto("/admin/audit");
  await expect(page.getByRole("heading", { name: "Audit Trail" })).toBeVisible();
  await checkScreen(page, "/admin/audit");
});
