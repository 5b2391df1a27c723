// /merchant/qr-code (docs/product.md#merchants-and-invoices): the merchant's payment link as a QR of 200 px,
// decoded here from the downloaded PNG with the same jsqr the scanner uses.
import { readFile } from "node:fs/promises";
import { type Page, expect, test } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { newUser, registerAndSkipOnboarding } from "./helpers";

async function signInAsDemoMerchant(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill("merchant@kolo.test");
  await page.getByRole("textbox", { name: "Password" }).fill("merchant123");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Clicks Download and decodes the PNG: its file name, size and the text of its QR. */
async function downloadQr(page: Page) {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  const download = await downloading;
  const png = PNG.sync.read(await readFile(await download.path()));
  const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height, { inversionAttempts: "dontInvert" });
  return { fileName: download.suggestedFilename(), width: png.width, height: png.height, text: code?.data };
}

test("the merchant's QR: title, 'Scan to pay me', fixed amount on and off, PNG download that decodes to the link, share fallback", async ({ page }) => {
  await signInAsDemoMerchant(page);
  await page.goto("/merchant/qr-code");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Test Store" })).toBeVisible();
  await expect(main.getByText("Scan to pay me")).toBeVisible();
  await expect(main.getByRole("img", { name: "Payment QR code: Scan to pay me" })).toBeVisible();

  expect(await downloadQr(page)).toEqual({ fileName: "Test-Store.png", width: 200, height: 200, text: "kolo://pay/merchant/1?name=Test%20Store" });

  await main.getByRole("button", { name: "Add Fixed Amount" }).click();
  await main.getByLabel("Fixed amount").fill("0");
  await main.getByRole("button", { name: "Set Amount" }).click();
  await expect(main.getByText("Please enter a valid amount")).toBeVisible();
  await main.getByLabel("Fixed amount").fill("1,500.50");
  await main.getByRole("button", { name: "Set Amount" }).click();
  await expect(main.getByText("Scan to pay ₦1,500.50")).toBeVisible();
  expect((await downloadQr(page)).text).toBe("kolo://pay/merchant/1?name=Test%20Store&amount=1500.5");

  // Headless Chromium on Linux has no Web Share: the spec's fallback text.
  const canShareFiles = await page.evaluate(() => typeof navigator.canShare === "function" && typeof navigator.share === "function");
  await main.getByRole("button", { name: "Share" }).click();
  if (!canShareFiles) await expect(main.getByRole("alert")).toHaveText("Sharing not supported on this browser.");

  await main.getByRole("button", { name: "Remove Fixed Amount" }).click();
  await expect(main.getByText("Scan to pay me")).toBeVisible();
  expect((await downloadQr(page)).text).toBe("kolo://pay/merchant/1?name=Test%20Store");
});

test("without a merchant account: 'You need a merchant account to generate a QR code.'", async ({ page }) => {
  await registerAndSkipOnboarding(page, newUser("Uche Nwosu"));
  await page.goto("/merchant/qr-code");
  await expect(page.getByText("You need a merchant account to generate a QR code.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Merchant Account" })).toBeVisible();
});
