// Fraud controls at 360x740 (docs/product.md "Fraud controls"): a second browser of a user is asked
// for the e-mailed code in the review dialog, before the PIN, and then pays; /settings/devices
// removes a device (its session ends); freezing refuses a payment, unfreezing with the password and
// the e-mailed code lets it through again.
import { type Browser, type Page, expect, test } from "@playwright/test";
import { balanceCard, confirmWithPin, login, mailedCode, newUser, registerAndSkipOnboarding, registerByApi, setNewDeviceCap, toast, topUp } from "./helpers";

test.use({ viewport: { width: 360, height: 740 } });

/** A user registered and topped up in a browser of its own, and a recipient registered by API. */
async function payerWithMoney(browser: Browser, baseURL: string, name: string) {
  const home = await (await browser.newContext()).newPage();
  const payer = newUser(name);
  const payee = newUser(`${name} Payee`);
  await registerAndSkipOnboarding(home, payer);
  await topUp(home, "5000");
  await registerByApi(browser, baseURL, payee);
  return { home, payer, payee };
}

/** Starts a P2P transfer of `naira` to `email` up to the review dialog. */
async function startTransfer(page: Page, email: string, naira: string) {
  await page.goto("/transfer/p2p");
  await page.getByLabel("Recipient email").fill(email);
  await page.getByLabel("Amount (NGN)").click();
  await page.getByLabel("Amount (NGN)").fill(naira);
  await page.getByRole("button", { name: "Send Money" }).click();
}

test("a new browser is asked for the e-mailed code in the review dialog, then the PIN, and pays", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { payer, payee } = await payerWithMoney(browser, baseURL!, "Device Tester");

  const phone = await (await browser.newContext()).newPage();
  await login(phone, payer);
  await startTransfer(phone, payee.email, "1000");
  const dialog = phone.getByRole("dialog", { name: "Confirm Transaction" });
  await expect(dialog.getByRole("group", { name: "Confirm this device" })).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: /transaction PIN/i })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Send code" }).click();
  await expect(dialog.getByRole("status")).toContainText("We sent a 6-digit code to your e-mail");
  await dialog.getByRole("textbox", { name: "6-digit code" }).fill(await mailedCode(phone, payer.email, "confirm this device"));
  await dialog.getByRole("button", { name: "Confirm device" }).click();
  await confirmWithPin(phone);
  await expect(toast(phone, "Transfer Successful")).toBeVisible();
});

test("/settings/devices removes a device after a confirmation, and its session ends", async ({ browser, baseURL }) => {
  const { home, payer } = await payerWithMoney(browser, baseURL!, "Device Remover");
  const phone = await (await browser.newContext()).newPage();
  await login(phone, payer);

  await home.goto("/settings");
  await home.getByRole("link", { name: "Manage devices" }).click();
  await expect(home).toHaveURL(/\/settings\/devices$/);
  const devices = home.getByRole("list", { name: "Your devices" }).getByRole("listitem");
  await expect(devices).toHaveCount(2);
  await expect(devices.first()).toContainText("This device");
  await expect(devices.nth(1)).toContainText("Not trusted yet");
  await devices
    .nth(1)
    .getByRole("button", { name: /^Remove/ })
    .click();
  await home.getByRole("dialog", { name: "Remove this device?" }).getByRole("button", { name: "Remove device" }).click();
  await expect(toast(home, "Devices")).toContainText("Device removed");
  await expect(devices).toHaveCount(1);

  await phone.reload();
  await expect(phone).toHaveURL(/\/login$/);
});

test("freeze refuses a payment; unfreezing with the password and the e-mailed code lets it through", async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const { home, payer, payee } = await payerWithMoney(browser, baseURL!, "Freeze Tester");

  await home.goto("/settings");
  const freeze = home.getByRole("region", { name: "Freeze account" });
  await freeze.getByRole("button", { name: "Freeze my account" }).click();
  await home.getByRole("dialog", { name: "Freeze your account?" }).getByRole("button", { name: "Freeze" }).click();
  await expect(toast(home, "Account frozen")).toBeVisible();

  await startTransfer(home, payee.email, "500");
  await confirmWithPin(home);
  await expect(toast(home, "Account frozen")).toContainText("Your account is frozen: unfreeze it in Settings to send money");

  await home.goto("/settings");
  const unfreeze = home.getByRole("region", { name: "Your account is frozen" });
  await unfreeze.getByRole("textbox", { name: "Password", exact: true }).fill(payer.password);
  await unfreeze.getByRole("button", { name: "Send code" }).click();
  await expect(unfreeze.getByRole("status")).toContainText("We sent a 6-digit code");
  await unfreeze.getByRole("textbox", { name: "6-digit code" }).fill(await mailedCode(home, payer.email, "unfreeze your account"));
  await unfreeze.getByRole("button", { name: "Unfreeze" }).click();
  await expect(toast(home, "Account unfrozen")).toBeVisible();
  await expect(home.getByRole("region", { name: "Freeze account" })).toBeVisible();

  await startTransfer(home, payee.email, "500");
  await confirmWithPin(home);
  await expect(toast(home, "Transfer Successful")).toBeVisible();
  await home.goto("/dashboard");
  await expect(balanceCard(home)).toContainText("₦4,500.00");
});

// @exclusive (playwright.config.ts): the first-day cap is one setting for everyone, off for the rest of the suite.
test("the first-day cap refuses what is beyond it and says how much is left and until when", { tag: "@exclusive" }, async ({ browser, baseURL }) => {
  await setNewDeviceCap(2_000);
  try {
    const { home, payee } = await payerWithMoney(browser, baseURL!, "Cap Tester");
    await startTransfer(home, payee.email, "3000");
    await confirmWithPin(home);
    await expect(toast(home, "New device limit")).toContainText(/New device limit: you can send up to ₦2,000 until .+/);
    await home.goto("/dashboard");
    await expect(balanceCard(home)).toContainText("₦5,000.00");

    await startTransfer(home, payee.email, "1500");
    await confirmWithPin(home);
    await expect(toast(home, "Transfer Successful")).toBeVisible();
  } finally {
    await setNewDeviceCap(0);
  }
});
