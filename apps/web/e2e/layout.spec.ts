// Layout on a 360×740 phone: toasts cover neither the page's header nor its main
// buttons, and the failed-payment screen's buttons show their whole label.
import { type Locator, type Page, expect, test } from "@playwright/test";
import { newUser, register, toast } from "./helpers";

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error(`${locator.toString()} has no box`);
  return rect;
}

/** Fails when the toast's box overlaps the box of any of `targets`. */
async function expectToastClearOf(page: Page, title: string, targets: Locator[]) {
  const toastBox = await box(toast(page, title));
  for (const target of targets) {
    const other = await box(target);
    const overlaps =
      toastBox.x < other.x + other.width &&
      other.x < toastBox.x + toastBox.width &&
      toastBox.y < other.y + other.height &&
      other.y < toastBox.y + toastBox.height;
    expect(overlaps, `toast "${title}" ${JSON.stringify(toastBox)} covers ${target.toString()} ${JSON.stringify(other)}`).toBe(false);
  }
}

/** Fails when a button's label is cut off (Mantine's label hides its overflow) or leaves the screen. */
async function expectWholeLabel(page: Page, button: Locator) {
  const label = button.locator(".mantine-Button-label");
  const { scrollWidth, clientWidth } = await label.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth, `${button.toString()} label is clipped`).toBeLessThanOrEqual(clientWidth);
  const rect = await box(button);
  const viewport = page.viewportSize();
  expect(rect.x).toBeGreaterThanOrEqual(0);
  expect(rect.x + rect.width).toBeLessThanOrEqual(viewport?.width ?? 0);
}

test("toasts cover neither the page header nor the main buttons; failed payment buttons are whole", async ({ page }) => {
  // Sign-in failure.
  await page.goto("/login");
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page, "Login Failed")).toBeVisible();
  await expectToastClearOf(page, "Login Failed", [page.getByRole("heading", { name: "Sign In" }), page.getByRole("button", { name: "Sign In" })]);

  // Registration success, shown on the first onboarding step.
  const user = newUser("Chidi Okafor");
  await register(page, user);
  await expectToastClearOf(page, "Registration Successful", [
    page.getByRole("heading", { name: "Welcome to Kolo, Chidi!" }),
    page.getByRole("button", { name: "Continue" }),
    page.getByRole("button", { name: "Skip for now" }),
  ]);

  // An inner page with a page header: the transfer form's "Insufficient Balance" (balance ₦0).
  await page.goto("/transfer/p2p");
  await page.getByLabel("Recipient email").fill("someone@example.com");
  await page.getByLabel("Amount (NGN)").fill("100");
  await page.getByRole("button", { name: "Send Money" }).click();
  await expect(toast(page, "Insufficient Balance")).toBeVisible();
  await expectToastClearOf(page, "Insufficient Balance", [
    page.getByRole("heading", { level: 1 }),
    page.getByRole("link", { name: "Back" }),
    page.getByRole("button", { name: "Send Money" }),
  ]);

  // A payment that cannot be verified: the failed screen, its toast, and its two buttons.
  await page.goto("/payment-verification?reference=kolo_unknown_reference");
  await expect(page.getByRole("heading", { name: "Payment Verification Failed" })).toBeVisible();
  await expect(toast(page, "Verification Failed")).toBeVisible();
  const back = page.getByRole("link", { name: "Return to Dashboard" });
  const retry = page.getByRole("button", { name: "Try Again" });
  await expectWholeLabel(page, back);
  await expectWholeLabel(page, retry);
  await expectToastClearOf(page, "Verification Failed", [page.getByRole("heading", { name: "Payment Verification Failed" }), back, retry]);
});
