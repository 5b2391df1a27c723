// A GOtv renewal at 360x740 (docs/product.md "Cable TV"): the Cable TV tile under Bills Payment,
// the smartcard verified with the provider (holder, current bouquet, due date, renewal amount), the
// renewal at ₦8,500 through the review step and the PIN, the payment's screen and its receipt.
import { expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { balanceCard, confirmWithPin, newUser, registerAndSkipOnboarding, topUp } from "./helpers";

test.use({ viewport: { width: 360, height: 740 } });

test("GOtv Max renewed for smartcard 7032054653 at the renewal amount, with its receipt", async ({ page }) => {
  await registerAndSkipOnboarding(page, newUser("Musa Viewer"));
  await topUp(page, "10000");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pay" }).click();
  await page.getByRole("region", { name: "Bills Payment" }).getByRole("link", { name: "Cable TV" }).click();
  await expect(page).toHaveURL(/\/utility\/cable$/);
  await expect(page.getByRole("heading", { name: "Cable TV" })).toBeVisible();

  const provider = page.getByLabel("Cable TV provider");
  await expect(provider.locator("option")).toHaveText(["Select your provider", "DStv", "GOtv", "StarTimes"]);
  await provider.selectOption({ label: "GOtv" });

  // An unknown card is refused where it was typed.
  await page.getByLabel("Smartcard number").fill("9999999999");
  await page.getByRole("button", { name: "Verify Smartcard" }).click();
  await expect(page.getByText("We could not find this smartcard.", { exact: false })).toBeVisible();

  await page.getByLabel("Smartcard number").fill("7032054653");
  await page.getByRole("button", { name: "Verify Smartcard" }).click();
  const details = page.getByLabel("Smartcard details");
  await expect(details).toContainText("MUSA IBRAHIM");
  await expect(details).toContainText("Current bouquet: GOtv Max");
  await expect(details).toContainText("Due date:");
  await expect(details).toContainText("Renewal amount: ₦8,500.00");
  await expect(page.getByRole("radio", { name: "Renew GOtv Max" })).toBeChecked();
  await expect(page.getByTestId("cable-amount")).toHaveText("Amount: ₦8,500.00");
  await page.mouse.move(0, 0);
  await checkScreen(page, "/utility/cable, smartcard verified");

  await page.getByLabel("Phone number").fill("08011111111");
  await page.getByRole("button", { name: "Pay Subscription" }).click();
  const review = page.getByRole("dialog", { name: "Confirm Transaction" });
  await expect(review).toContainText("MUSA IBRAHIM");
  await expect(review).toContainText("₦8,500.00");
  await expect(review).toContainText("GOtv Max");
  await confirmWithPin(page);

  // The payment's screen, as every payment ends (/done/{reference}).
  await expect(page).toHaveURL(/\/done\//);
  await expect(page.getByTestId("payment-amount")).toHaveText("₦8,500.00");
  await expect(page.getByTestId("payment-recipient")).toContainText("GOtv · MUSA IBRAHIM");
  await expect(page.getByTestId("payment-status")).toHaveText("Completed");
  await checkScreen(page, "/done/{reference}, a GOtv renewal");
  await page.getByRole("link", { name: "View Receipt" }).click();
  await expect(page).toHaveURL(/\/receipt\//);
  const receipt = page.getByRole("region", { name: "Receipt details" });
  await expect(receipt).toContainText("₦8,500.00");
  await expect(receipt).toContainText("Cable TV (renewal)");
  await expect(receipt).toContainText("MUSA IBRAHIM");

  await page.goto("/dashboard");
  await expect(balanceCard(page)).toContainText("₦1,500.00");
});
