// Your own account number at 360x740 (docs/product.md "Your account number"): locked below level
// 1, assigned by the background job once the BVN is verified, copied, and credited by a transfer
// sent from the Paystack sandbox's /sandbox/paystack/transfer-in page (its webhook, as Paystack's).
// BVN 22222222224 (FATIMA BELLO, docs/providers.md) is used by this spec only.
import { expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { balanceCard, newUser, registerAndSkipOnboarding, toast } from "./helpers";

test.use({ viewport: { width: 360, height: 740 } });

test("a new user verifies the BVN, gets an account number, copies it, and a bank transfer to it lands in the wallet", async ({ page, context }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await registerAndSkipOnboarding(page, newUser("Fatima Bello"));

  // Below level 1 the Add Money dialog explains how to unlock the number.
  await page.getByRole("button", { name: "Add Money" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Money" });
  const card = dialog.getByRole("region", { name: "Your Kolo account number" });
  await expect(card).toContainText("Verify your BVN to get your own account number for bank transfers.");
  await checkScreen(page, "the Add Money dialog below level 1");
  await card.getByRole("link", { name: "Verify BVN" }).click();
  await expect(page).toHaveURL(/\/verification$/);

  const bvnForm = page.getByRole("form", { name: "BVN verification" });
  await bvnForm.getByLabel("BVN").fill("22222222224");
  await bvnForm.getByLabel("Date of birth").fill("1996-01-30");
  await bvnForm.getByLabel("Phone number").fill("09051234567");
  await bvnForm.getByRole("button", { name: "Verify BVN" }).click();
  await expect(toast(page, "BVN Verified")).toBeVisible();

  // /receive shows the number once the job has assigned it (pending until then).
  await page.goto("/receive");
  const receive = page.getByRole("region", { name: "Your Kolo account number" });
  const number = receive.getByTestId("account-number");
  await expect(number).toHaveText(/^\d{10}$/, { timeout: 30_000 });
  await expect(receive).toContainText("Wema Bank");
  await expect(receive).toContainText("KOLO/FATIMA BELLO");
  await checkScreen(page, "/receive with an account number");
  const accountNumber = (await number.textContent())!;
  await receive.getByRole("button", { name: "Copy account number" }).click();
  await expect(toast(page, "Copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accountNumber);

  // Someone sends ₦7,500 from another bank through the sandbox's page.
  const bank = await context.newPage();
  await bank.goto("/sandbox/paystack/transfer-in");
  await checkScreen(bank, "the sandbox transfer-in page");
  await bank.getByLabel("Account number").fill(accountNumber);
  await bank.getByLabel("Sender name").fill("Tunde Bakare");
  await bank.getByLabel("Sender bank").selectOption("Access Bank");
  await bank.getByLabel("Amount (₦)").fill("7,500");
  await bank.getByRole("button", { name: "Send transfer" }).click();
  await expect(bank.getByRole("status")).toHaveText(`Sent ₦7,500.00 to ${accountNumber} (KOLO/FATIMA BELLO).`);
  await checkScreen(bank, "the sandbox transfer-in page, sent");

  await page.goto("/dashboard");
  await expect(balanceCard(page)).toContainText("₦7,500.00");
  await expect(page.getByText("Bank transfer from TUNDE BAKARE")).toBeVisible();
});
