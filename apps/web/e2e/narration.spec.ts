// A transfer's optional narration (docs/product.md "Forms and small things"), at 360×740: typed on
// the P2P form, shown on the review step and the success screen, and seen by the recipient on their receipt.
import { expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { confirmWithPin, login, newUser, paymentScreen, registerAndSkipOnboarding, toast, topUp, registerByApi } from "./helpers";

test("a P2P with a narration: on the review step, the success screen and the recipient's receipt", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const friend = newUser("Ada Narration");
  await registerByApi(browser, baseURL!, friend);

  await registerAndSkipOnboarding(page, newUser("Narration Sender"));
  await topUp(page, "2000");
  await page.goto("/transfer/p2p");
  await page.getByLabel("Recipient email or phone number").fill(friend.email);
  await page.getByLabel("Amount (NGN)").fill("500");
  const narration = page.getByLabel("Narration (optional)");
  await expect(narration).toHaveAttribute("maxlength", "100");
  await narration.fill("Rent for May");
  await checkScreen(page, "/transfer/p2p with a narration");
  await page.getByRole("button", { name: "Send Money" }).click();
  await expect(page.getByRole("dialog", { name: "Confirm Transaction" })).toContainText("Rent for May");
  await confirmWithPin(page);
  await expect(toast(page, "Transfer Successful")).toBeVisible();
  const reference = await paymentScreen(page, { done: false });
  await expect(page.getByTestId("payment-narration")).toContainText("Rent for May");

  // Axe needs a page of its own context.
  const recipientContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const recipient = await recipientContext.newPage();
  await login(recipient, friend);
  await recipient.goto(`/receipt/${reference}`);
  const details = recipient.getByRole("region", { name: "Receipt details" });
  await expect(details).toContainText("Narration");
  await expect(details).toContainText("Rent for May");
  await checkScreen(recipient, "/receipt/{reference} with a narration");
  await recipientContext.close();
});
