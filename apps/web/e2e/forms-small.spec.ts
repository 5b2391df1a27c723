// Forms and small things: placeholders, client-side checks, keyboards (360×740).
import { expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { newUser, registerAndSkipOnboarding } from "./helpers";

test("a field in error keeps its placeholder grey, and Add Money refuses ₦50 before sending anything", async ({ page }) => {
  await registerAndSkipOnboarding(page, newUser("Bisi Adewale"));
  const topups: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("wallet.topup") || request.url().includes("/api/wallet/topup")) topups.push(request.url());
  });
  await page.getByRole("button", { name: "Add Money" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Money" });
  const amount = dialog.getByLabel("Amount (NGN)");
  const placeholderColour = () => amount.evaluate((input) => getComputedStyle(input, "::placeholder").color);
  const typedColour = () => amount.evaluate((input) => getComputedStyle(input).color);
  const grey = await placeholderColour();

  await dialog.getByRole("button", { name: "Add Money" }).click();
  await expect(amount).toHaveAttribute("aria-invalid", "true");
  expect(await placeholderColour()).toBe(grey);
  expect(await placeholderColour()).not.toBe(await typedColour());

  await amount.fill("50");
  await dialog.getByRole("button", { name: "Add Money" }).click();
  await expect(dialog.getByText("Minimum top-up amount is ₦100")).toHaveCount(1);
  await amount.fill("2,000,000");
  await dialog.getByRole("button", { name: "Add Money" }).click();
  await expect(dialog.getByText("Maximum top-up amount is ₦1,000,000")).toHaveCount(1);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(topups).toEqual([]);
});

test("the recipient field opens the phone keypad for a phone number and the e-mail keyboard otherwise", async ({ page }) => {
  await registerAndSkipOnboarding(page, newUser("Kunle Bello"));
  await page.goto("/transfer/p2p");
  const recipient = page.getByLabel("Recipient email or phone number");
  await expect(recipient).toHaveAttribute("inputmode", "email");
  await recipient.fill("0803");
  await expect(recipient).toHaveAttribute("inputmode", "tel");
  await recipient.fill("+234803");
  await expect(recipient).toHaveAttribute("inputmode", "tel");
  await recipient.fill("ada@example.com");
  await expect(recipient).toHaveAttribute("inputmode", "email");
});

test("an amount gets its thousands separators as it is typed, and the amount sent is the number", async ({ page }) => {
  await registerAndSkipOnboarding(page, newUser("Tolu Ogun"));
  await page.getByRole("button", { name: "Add Money" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Money" });
  const amount = dialog.getByLabel("Amount (NGN)");
  await amount.pressSequentially("250000");
  await expect(amount).toHaveValue("250,000");
  await amount.press("Backspace");
  await expect(amount).toHaveValue("25,000");
  await amount.pressSequentially(".5");
  await expect(amount).toHaveValue("25,000.5");
  const sent = page.waitForRequest((request) => request.url().includes("wallet.topup"));
  await dialog.getByRole("button", { name: "Add Money" }).click();
  expect((await sent).postData()).toContain('"amount":25000.5');
  // The top-up opens the gateway's checkout for that amount: the test ends once it has loaded, not
  // while the page is still leaving (a context closed mid-navigation once hung its teardown).
  await expect(page.getByRole("heading", { name: "Paystack sandbox checkout" })).toBeVisible();
  await expect(page.getByText("₦25,000.50")).toBeVisible();
});

test("bank search knows the short names users type: UBA, GTB, FBN", async ({ page }) => {
  await registerAndSkipOnboarding(page, newUser("Femi Ade"));
  await page.goto("/transfer/bank");
  const bank = page.getByRole("combobox", { name: "Bank" });
  for (const [typed, name] of [
    ["UBA", "United Bank For Africa"],
    ["gtb", "Guaranty Trust Bank"],
    ["FBN", "First Bank of Nigeria"],
  ] as const) {
    await bank.fill(typed);
    await expect(page.getByRole("option")).toHaveText([name]);
  }
  await page.getByRole("option", { name: "First Bank of Nigeria" }).click();
  await expect(bank).toHaveValue("First Bank of Nigeria");
});

test("offline, the verification card is a neutral 'Offline' state, not 'Verification Status Error'", async ({ page, context }) => {
  await registerAndSkipOnboarding(page, newUser("Nkechi Obi"));
  // The status never arrives (as when the connection drops while the dashboard loads), then the phone goes offline.
  await page.route(/verification\./, (route) => route.abort("internetdisconnected"));
  await page.reload();
  await expect(page.getByText("Verification Status Error")).toBeVisible();
  await context.setOffline(true);
  const card = page.getByRole("region", { name: "Offline" });
  await expect(card).toContainText("Your verification status shows again when you are back online.");
  await expect(page.getByText("Verification Status Error")).toHaveCount(0);
  await checkScreen(page, "/dashboard, verification card offline");
  await context.setOffline(false);
});
