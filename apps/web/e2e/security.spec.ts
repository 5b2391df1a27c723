// The Content-Security-Policy (apps/server/src/security.ts) against the real app in Chromium: every
// screen, the sandbox checkout page included, runs without a single CSP violation.
import { writeFile } from "node:fs/promises";
import { type BrowserContext, type Page, expect, test } from "@playwright/test";
import { PNG } from "pngjs";
import { cameraBrowser, qrVideo } from "./camera";
import { balanceCard, newUser, registerAndSkipOnboarding, toast, confirmWithPin, paymentScreen, logOut } from "./helpers";

/** Collects CSP violations of every page of `context`: the DOM event and Chromium's console report. */
async function watchCsp(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding("reportCspViolation", ({ page }, text: string) => void violations.push(`${page.url()}: ${text}`));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber}) ${event.sample}`);
    });
  });
  context.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

const nav = (page: Page, name: string) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name });

test("every screen runs under the CSP without a violation", async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  const violations = await watchCsp(context);
  const page = await context.newPage();
  const payer = newUser("Chidi Okeke");
  const payee = newUser("Ngozi Ade");

  const response = await page.goto("/login");
  const csp = response?.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();

  // Register (and the onboarding it leads to) for the payee, then log out.
  await registerAndSkipOnboarding(page, payee);
  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);

  // Register the payer; dashboard; Add Money through the sandbox checkout page; verification.
  await registerAndSkipOnboarding(page, payer);
  await page.getByRole("button", { name: "Add Money" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Money" });
  await dialog.getByLabel("Amount (NGN)").fill("2000");
  await dialog.getByRole("button", { name: "Add Money" }).click();
  await expect(page).toHaveURL(/\/sandbox\/paystack\/checkout\//);
  await expect(page.getByRole("heading", { name: "Paystack sandbox checkout" })).toBeVisible();
  // The page's stylesheet applied (it is a file, not an inline style the CSP would block).
  await expect(page.getByRole("button", { name: "Pay" })).toHaveCSS("background-color", "rgb(8, 127, 71)");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(/\/payment-verification\?reference=/);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Dashboard" }).click();
  await expect(balanceCard(page)).toContainText("₦2,000.00");

  // Transfer to the payee.
  await nav(page, "Transfer").click();
  await page.getByRole("link", { name: /Send to User/ }).click();
  await page.getByLabel("Recipient email").fill(payee.email);
  await page.getByLabel("Amount (NGN)").fill("500");
  await page.getByRole("button", { name: "Send Money" }).click();
  await confirmWithPin(page);
  await expect(toast(page, "Transfer Successful")).toBeVisible();
  await paymentScreen(page);
  await expect(balanceCard(page)).toContainText("₦1,500.00");

  // History, verification, then log out and sign in again through the login form.
  await nav(page, "History").click();
  await expect(page.getByRole("main").getByRole("listitem")).toHaveCount(2);
  await page.goto("/verification");
  await expect(page.getByRole("heading", { name: "Account Verification" })).toBeVisible();
  await page.goto("/dashboard");
  await logOut(page);
  await page.getByLabel("Email").fill(payer.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(payer.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(balanceCard(page)).toContainText("₦1,500.00");

  // Pay the demo merchant, then a merchant account of one's own and its QR (drawn on a
  // canvas and downloaded through a blob: URL, so the CSP needs no img-src data:).
  await page.goto("/payment-confirmation?merchantId=1&amount=100");
  await page.getByRole("button", { name: "Pay Now" }).click();
  await confirmWithPin(page);
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await page.goto("/merchant/dashboard");
  await page.getByRole("dialog", { name: "Create Merchant Account" }).getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("region", { name: "Merchant Balance" })).toBeVisible();
  await page.getByRole("link", { name: "My QR Code" }).click();
  await expect(page.getByRole("img", { name: "Payment QR code: Scan to pay me" })).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  expect((await downloading).suggestedFilename()).toBe("My-Business.png");

  expect(violations).toEqual([]);
  await context.close();
});

test("the QR screens run under the CSP: /receive and its download, /scan with a camera and a gallery picture", async ({ baseURL }, testInfo) => {
  // The camera plays a picture without a code (so scanning keeps running); the gallery gets the
  // user's own P2P code, downloaded from /receive ('Invalid Transfer').
  const browser = await cameraBrowser(await qrVideo(await writeBlankPng(testInfo.outputPath("blank.png")), testInfo.outputPath("blank.y4m")));
  try {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
    const violations = await watchCsp(context);
    const page = await context.newPage();
    await registerAndSkipOnboarding(page, newUser("Bayo Camera"));
    await page.getByRole("link", { name: "Receive Money" }).click();
    await expect(page.getByRole("img", { name: "Payment QR code: Scan to pay me" })).toBeVisible();
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download" }).click();
    const png = testInfo.outputPath("own-qr.png");
    await (await downloading).saveAs(png);
    await page.goto("/scan");
    await expect(page.getByLabel("Camera view")).toBeVisible();
    await expect(page.getByRole("button", { name: "Flashlight" })).toBeVisible();
    await page.locator('input[type="file"]').setInputFiles(png);
    await expect(page.getByRole("alert").filter({ hasText: "Invalid Transfer" })).toBeVisible();
    expect(violations).toEqual([]);
    await context.close();
  } finally {
    await browser.close();
  }
});

/** A white 64×64 PNG (a camera picture without any code). */
async function writeBlankPng(path: string) {
  const png = new PNG({ width: 64, height: 64 });
  png.data.fill(255);
  await writeFile(path, PNG.sync.write(png));
  return path;
}
