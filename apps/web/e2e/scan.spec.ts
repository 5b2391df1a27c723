// /scan (docs/product.md#qr-codes-and-p2p-transfers) in real Chromium with a fake
// camera. The QR is generated in the app (the merchant's /merchant/qr-code, a user's /receive),
// downloaded as a PNG, turned into a .y4m video with ffmpeg (Debian's package, installed by
// tooling/scripts/kolo.mjs and .ci/run) and fed to a second Chromium as its camera.
import { readFile, writeFile } from "node:fs/promises";
import { type Browser, type BrowserContext, type Page, expect, test } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import QRCode from "qrcode";
import { cameraBrowser, qrVideo } from "./camera";
import { adminApiSession, balanceCard, newUser, registerAndSkipOnboarding, toast, topUp, confirmWithPin, paymentScreen } from "./helpers";

async function phone(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  // Counts the camera tracks the page stops (they must stop when /scan is left).
  await page.addInitScript(() => {
    const stop = MediaStreamTrack.prototype.stop;
    (window as unknown as { tracksStopped: number }).tracksStopped = 0;
    MediaStreamTrack.prototype.stop = function (this: MediaStreamTrack) {
      (window as unknown as { tracksStopped: number }).tracksStopped += 1;
      stop.call(this);
    };
  });
  return { context, page };
}

const tracksStopped = (page: Page) => page.evaluate(() => (window as unknown as { tracksStopped: number }).tracksStopped);

/** Clicks Download on a PaymentQr screen, saves the PNG to `path`, returns the text its QR holds. */
async function downloadQr(page: Page, path: string): Promise<string | undefined> {
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download" }).click();
  await (await downloading).saveAs(path);
  const png = PNG.sync.read(await readFile(path));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

/** Registers a user who creates a merchant account ('My Business', 'Retail'); returns its id. */
async function newMerchant(page: Page, name: string) {
  await registerAndSkipOnboarding(page, newUser(name));
  await page.goto("/merchant/dashboard");
  await page.getByRole("dialog", { name: "Create Merchant Account" }).getByRole("button", { name: "Create Account" }).click();
  await expect(toast(page, "Merchant Account Created")).toBeVisible();
  return ((await (await page.request.get("/api/merchants/me")).json()) as { id: number }).id;
}

const merchantBalance = async (page: Page) => ((await (await page.request.get("/api/merchants/me")).json()) as { balance: number }).balance;

test("scan a merchant's QR with the camera: redirect with the QR's amount, pay, the merchant's balance rises; the camera stops", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000); // two browsers, two sign-ups, a top-up and a payment
  const merchantId = await newMerchant(page, "Bola Merchant");
  await page.goto("/merchant/qr-code");
  await page.getByRole("button", { name: "Add Fixed Amount" }).click();
  await page.getByLabel("Fixed amount").fill("750");
  await page.getByRole("button", { name: "Set Amount" }).click();
  await expect(page.getByText("Scan to pay ₦750.00")).toBeVisible();
  const png = testInfo.outputPath("merchant-qr.png");
  expect(await downloadQr(page, png)).toBe(`kolo://pay/merchant/${merchantId}?name=My%20Business&amount=750`);
  const browser = await cameraBrowser(await qrVideo(png, testInfo.outputPath("merchant-qr.y4m")));
  try {
    const { page: payer } = await phone(browser, baseURL!);
    await registerAndSkipOnboarding(payer, newUser("Kemi Payer"));
    await topUp(payer, "2000");
    await payer.getByRole("link", { name: "Scan" }).click();
    await expect(payer).toHaveURL(/\/payment-confirmation\?/);
    const url = new URL(payer.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ merchantId: String(merchantId), amount: "750", merchantName: "My Business" });
    await expect.poll(() => tracksStopped(payer)).toBeGreaterThan(0);
    const main = payer.getByRole("main");
    await expect(main.getByText("My Business")).toBeVisible();
    await expect(main.getByText("Retail")).toBeVisible();
    await expect(main.getByText("₦750.00").first()).toBeVisible();
    await main.getByRole("button", { name: "Pay Now" }).click();
    await confirmWithPin(payer);
    await expect(payer.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
    expect(await merchantBalance(page)).toBe(750);
    await main.getByRole("button", { name: "Return to Dashboard" }).click();
    await expect(balanceCard(payer)).toContainText("₦1,250.00");
  } finally {
    await browser.close();
  }
});

test("the scanner's screen: title, no navigation, the 240x240 frame with its 2 s line, flashlight with no torch, Scan Again, Cancel and close; an invalid QR video says 'Invalid QR Code'", async ({
  baseURL,
}, testInfo) => {
  const png = testInfo.outputPath("not-a-payment.png");
  await QRCode.toFile(png, "https://example.com/pay/merchant/1", { width: 200, margin: 1 });
  const browser = await cameraBrowser(await qrVideo(png, testInfo.outputPath("not-a-payment.y4m")));
  try {
    const { page } = await phone(browser, baseURL!);
    await registerAndSkipOnboarding(page, newUser("Femi Scanner"));
    await page.goto("/scan");
    await expect(page.getByRole("heading", { name: "Scan to Pay" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
    const invalid = page.getByRole("alert").filter({ hasText: "Invalid QR Code" });
    await expect(invalid).toContainText("This doesn't appear to be a valid payment QR code of the product.");
    await expect(page).toHaveURL(/\/scan$/);
    await expect(page.getByLabel("Camera view")).toBeVisible();
    const frame = await page.locator(".kolo-scan-frame").boundingBox();
    expect([frame?.width, frame?.height]).toEqual([240, 240]);
    // The fake camera has no torch: the toggle does nothing (docs/product.md#qr-codes-and-p2p-transfers).
    await page.getByRole("button", { name: "Flashlight" }).click();
    await expect(page.getByRole("button", { name: "Flashlight" })).toHaveAttribute("aria-pressed", "false");
    // Scan Again decodes the same invalid code again.
    await invalid.getByRole("button", { name: "Scan Again" }).click();
    // The line's 2 s cycle, from the stylesheet (the line itself is gone again within a frame).
    expect(
      await page.evaluate(() => {
        for (const sheet of Array.from(document.styleSheets)) {
          for (const rule of Array.from(sheet.cssRules)) {
            if (rule instanceof CSSStyleRule && rule.selectorText === ".kolo-scan-line") return rule.style.animationDuration || rule.style.animation;
          }
        }
        return "no rule";
      }),
    ).toMatch(/^2s/);
    await expect(page.getByRole("alert").filter({ hasText: "Invalid QR Code" })).toBeVisible();

    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect.poll(() => tracksStopped(page)).toBeGreaterThan(0);
    await page.goto("/scan");
    await expect(page.getByRole("heading", { name: "Scan to Pay" })).toBeVisible();
    await page.getByRole("link", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  } finally {
    await browser.close();
  }
});

test("camera refused: 'Camera access denied. Please allow camera access to scan QR codes.'; the demo button still works", async ({ baseURL }, testInfo) => {
  // The camera films a blank page: only the demo button leads on (a code on it would race the click).
  const browser = await cameraBrowser(await qrVideo(await writeBlank(testInfo.outputPath("blank.png")), testInfo.outputPath("blank.y4m")), false);
  try {
    const { page, context } = await phone(browser, baseURL!);
    await registerAndSkipOnboarding(page, newUser("Dayo Private"));
    await page.goto("/scan");
    await expect(page.getByRole("alert")).toHaveText("Camera access denied. Please allow camera access to scan QR codes.");
    await expect(page.getByLabel("Camera view")).toBeHidden();
    await expect(page.getByText(/tap the lock or camera icon beside the web address and set Camera to Allow/)).toBeVisible();
    // The user allows the camera in the browser, then Try Again starts it without leaving the page.
    await context.grantPermissions(["camera"]);
    await page.getByRole("button", { name: "Try Again" }).click();
    await expect(page.getByLabel("Camera view")).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await page.getByRole("button", { name: "Demo: Proceed with Payment" }).click();
    await expect(page).toHaveURL(/\/payment-confirmation\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ merchantId: "1", merchantName: "Test Store", amount: "1000" });
    await expect(page.getByRole("main").getByText("Test Store")).toBeVisible();
    await expect(page.getByRole("main").getByText("₦1,000.00").first()).toBeVisible();
  } finally {
    await browser.close();
  }
});

async function writeQr(path: string, text: string) {
  await QRCode.toFile(path, text, { width: 200, margin: 1 });
  return path;
}

/** A white picture with no code on it. */
async function writeBlank(path: string) {
  const blank = new PNG({ width: 200, height: 200 });
  blank.data.fill(255);
  await writeFile(path, PNG.sync.write(blank));
  return path;
}

test("a merchant code scanned while the user presses the demo button: the scan, answered late, leads nowhere", async ({ baseURL }, testInfo) => {
  const browser = await cameraBrowser(
    await qrVideo(await writeQr(testInfo.outputPath("merchant-1.png"), "kolo://pay/merchant/1"), testInfo.outputPath("merchant-1.y4m")),
  );
  try {
    const { page } = await phone(browser, baseURL!);
    await registerAndSkipOnboarding(page, newUser("Yemi Quick"));
    // The scanner's check of merchant 1 is held until the user has pressed the demo button.
    let scanChecked!: () => void;
    const checking = new Promise<void>((resolve) => (scanChecked = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let answered!: () => void;
    const answeredLate = new Promise<void>((resolve) => (answered = resolve));
    await page.route(/\/trpc\/[^?]*merchants\.byId/, async (route) => {
      scanChecked();
      await released;
      await route.continue();
      answered();
    });
    await page.goto("/scan");
    await checking;
    await expect(page.getByRole("status").filter({ hasText: "Checking the code..." })).toBeVisible();
    await page.getByRole("button", { name: "Demo: Proceed with Payment" }).click();
    await expect(page).toHaveURL(/\/payment-confirmation\?/);
    release();
    await answeredLate;
    const main = page.getByRole("main");
    await expect(main.getByText("Test Store")).toBeVisible();
    await expect(main.getByText("₦1,000.00").first()).toBeVisible();
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ merchantId: "1", merchantName: "Test Store", amount: "1000" });
    await expect(main.getByLabel("Enter Amount")).toHaveCount(0);
  } finally {
    await browser.close();
  }
});

test("P2P by QR: the payee's /receive code, scanned by another user, opens /transfer/p2p with the name from the server; sending moves the money; one's own code is refused", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000); // two browsers, two sign-ups, a top-up and a transfer
  const payee = newUser("Ada Obi");
  await registerAndSkipOnboarding(page, payee);
  await page.getByRole("link", { name: "Receive Money" }).click();
  await expect(page).toHaveURL(/\/receive$/);
  await expect(page.getByRole("heading", { name: "Ada Obi" })).toBeVisible();
  await expect(page.getByText("Scan to pay me")).toBeVisible();
  const payeeId = ((await (await page.request.get("/api/auth/me")).json()) as { id: number }).id;
  const png = testInfo.outputPath("p2p-qr.png");
  expect(await downloadQr(page, png)).toBe(`kolo://pay/p2p/${payeeId}?name=Ada%20Obi`);

  // Own code, from the gallery (the main browser has no camera: 'Unable to access camera').
  await page.goto("/scan");
  await expect(page.getByRole("alert")).toHaveText("Unable to access camera");
  await page.locator('input[type="file"]').setInputFiles(png);
  const self = page.getByRole("alert").filter({ hasText: "Invalid Transfer" });
  await expect(self).toContainText("You cannot transfer money to yourself.");
  await page.goto(`/transfer?userId=${payeeId}&amount=5`);
  await expect(page).toHaveURL(/\/transfer\/p2p\?/);
  await expect(page.getByRole("alert").filter({ hasText: "Invalid Transfer" })).toContainText("You cannot transfer money to yourself.");
  await expect(page.getByRole("button", { name: "Send Money" })).toBeDisabled();

  const browser = await cameraBrowser(await qrVideo(png, testInfo.outputPath("p2p-qr.y4m")));
  try {
    const { page: payer } = await phone(browser, baseURL!);
    await registerAndSkipOnboarding(payer, newUser("Tobi Sender"));
    await topUp(payer, "1000");
    await payer.goto("/scan");
    await expect(payer).toHaveURL(new RegExp(`/transfer/p2p\\?userId=${payeeId}$`));
    await expect(payer.getByText("Recipient", { exact: true })).toBeVisible();
    await expect(payer.getByText("Ada Obi", { exact: true })).toBeVisible();
    await expect(payer.getByLabel("Recipient email")).toHaveCount(0);
    await payer.getByRole("textbox", { name: /Amount/ }).fill("300");
    await payer.getByRole("button", { name: "Send Money" }).click();
    await confirmWithPin(payer);
    await expect(toast(payer, "Transfer Successful")).toContainText("₦300.00 sent to Ada Obi");
    await paymentScreen(payer);
    await expect(balanceCard(payer)).toContainText("₦700.00");
  } finally {
    await browser.close();
  }
  await page.goto("/dashboard");
  await expect(balanceCard(page)).toContainText("₦300.00");
});

test("a merchant QR from the gallery leads to its confirmation; a picture without a code says so; an unknown merchant is 'Merchant Not Found'", async ({
  page,
}, testInfo) => {
  await registerAndSkipOnboarding(page, newUser("Gbenga Gallery"));
  await page.goto("/scan");
  const picture = page.locator('input[type="file"]');
  await picture.setInputFiles(await writeQr(testInfo.outputPath("unknown-merchant.png"), "kolo://pay/merchant/999999?name=Ghost"));
  await expect(page.getByRole("alert").filter({ hasText: "Merchant Not Found" })).toContainText("Could not find merchant details. The QR code may be invalid.");
  const blank = new PNG({ width: 64, height: 64 });
  blank.data.fill(255);
  await picture.setInputFiles({ name: "blank.png", mimeType: "image/png", buffer: PNG.sync.write(blank) });
  await expect(page.getByRole("alert").filter({ hasText: "No QR Code Found" })).toBeVisible();
  await picture.setInputFiles(await writeQr(testInfo.outputPath("test-store.png"), "kolo://pay/merchant/1?name=Test%20Store&amount=12.5"));
  await expect(page).toHaveURL(/\/payment-confirmation\?/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ merchantId: "1", amount: "12.5", merchantName: "Test Store" });
  await expect(page.getByRole("main").getByText("₦12.50").first()).toBeVisible();
});

// @exclusive (playwright.config.ts): switches Scan & Pay and Merchant off for everyone.
test("switches: feature_scan_pay off hides Pay in the navigation and disables Scan; feature_merchant off hides Merchant", { tag: "@exclusive" }, async ({
  page,
  playwright,
  baseURL,
}) => {
  const admin = await playwright.request.newContext({ baseURL });
  await adminApiSession(admin, baseURL!);
  const set = async (key: string, value: boolean) =>
    expect((await admin.patch(`/api/admin/settings/${key}`, { headers: { origin: baseURL! }, data: { value } })).status()).toBe(200);
  await registerAndSkipOnboarding(page, newUser("Sade Switch"));
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Pay" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Merchant" })).toBeVisible();
  try {
    await set("feature_scan_pay", false);
    await set("feature_merchant", false);
    await page.reload();
    await expect(nav.getByRole("link", { name: "Home" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Pay" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Merchant" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Scan" })).toBeDisabled();
    await page.goto("/scan");
    await expect(page.getByText("Feature disabled by administrator")).toBeVisible();
    await expect(page.getByLabel("Camera view")).toHaveCount(0);
  } finally {
    await set("feature_scan_pay", true);
    await set("feature_merchant", true);
    await admin.dispose();
  }
  await page.goto("/dashboard");
  await expect(nav.getByRole("link", { name: "Pay" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Merchant" })).toBeVisible();
});
