// /merchant/invoice (docs/product.md#merchants-and-invoices): the form's sections and messages,
// the created invoice's payment QR (decoded with jsqr), the list with statuses, a partial payment.
import { type Page, expect, test } from "@playwright/test";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { newUser, registerAndSkipOnboarding, toast, confirmWithPin } from "./helpers";

/** The text of the QR drawn on the canvas named `name`. */
async function canvasQrText(page: Page, name: string) {
  const dataUrl = await page.getByRole("img", { name }).evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL("image/png"));
  const png = PNG.sync.read(Buffer.from(dataUrl.split(",")[1] ?? "", "base64"));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

test("create an invoice with a payment link, see it Unpaid, then Partially Paid after a part is paid", async ({ browser }) => {
  test.setTimeout(60_000); // two users, a top-up, two payments
  const merchantContext = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"] });
  const payerContext = await browser.newContext();
  const m = await merchantContext.newPage();
  const p = await payerContext.newPage();

  await registerAndSkipOnboarding(m, newUser("Ife Caterer"));
  await m.goto("/merchant/invoice");
  await expect(m.getByText("Merchant account required to create invoices")).toBeVisible();
  await m.goto("/merchant/dashboard");
  await m.getByRole("dialog", { name: "Create Merchant Account" }).getByRole("button", { name: "Create Account" }).click();
  await m.getByRole("link", { name: "Create Invoice" }).click();
  await expect(m).toHaveURL(/\/merchant\/invoice$/);
  const main = m.getByRole("main");
  await expect(main.getByRole("group", { name: "Invoice Details" })).toBeVisible();
  await expect(main.getByRole("group", { name: "Payment Options" })).toBeVisible();
  await expect(main.getByText("No invoices yet")).toBeVisible();

  await main.getByRole("button", { name: "Create Invoice" }).click();
  await expect(main.getByText("Customer name is required")).toBeVisible();
  await main.getByLabel("Customer name").fill("Tola Ade");
  await main.getByLabel("Customer email (optional)").fill("not-an-email");
  await main.getByLabel("Amount (NGN)").fill("2,000");
  await main.getByRole("button", { name: "Create Invoice" }).click();
  await expect(main.getByText("Please enter a valid email")).toBeVisible();
  await main.getByLabel("Customer email (optional)").fill("tola@example.com");
  await main.getByLabel("Description").fill("Small chops for 20");
  await main.getByLabel("Due date").fill("2026-12-31");
  await main.getByRole("checkbox", { name: "Allow partial payment" }).click();
  await expect(main.getByRole("checkbox", { name: "Allow partial payment" })).toBeChecked();
  await main.getByRole("checkbox", { name: "Generate payment link" }).click();
  await main.getByRole("button", { name: "Create Invoice" }).click();
  await expect(toast(m, "Invoice Created")).toContainText("Your invoice has been created successfully");

  const heading = main.getByRole("heading", { name: /^Invoice #\d+$/ });
  await expect(heading).toBeVisible();
  const invoiceId = Number((await heading.textContent())?.replace(/\D/g, ""));
  expect(await canvasQrText(m, `Payment QR code for invoice #${invoiceId}`)).toMatch(
    /^kolo:\/\/pay\/invoice\/[A-Za-z0-9_-]{32}\?name=My%20Business&amount=2000$/,
  );
  // The link to send, beside the QR: copied as it is shown.
  const paymentLink = main.getByLabel("Payment link");
  await expect(paymentLink).toHaveValue(/^http:\/\/127\.0\.0\.1:\d+\/invoice\/pay\/[A-Za-z0-9_-]{32}$/);
  await main.getByRole("button", { name: "Copy Link" }).click();
  await expect(main.getByRole("button", { name: "Link copied" })).toBeVisible();
  const copiedLink = await m.evaluate(() => navigator.clipboard.readText());
  expect(copiedLink).toBe(await paymentLink.inputValue());
  const list = main.getByRole("region", { name: "Your Invoices" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem").first()).toContainText("Unpaid");
  // The list offers the unpaid invoice's QR again, with download and share.
  await list.getByRole("button", { name: `Payment QR of invoice #${invoiceId}` }).click();
  const qrDialog = m.getByRole("dialog", { name: `Invoice #${invoiceId}` });
  await expect(qrDialog.getByRole("button", { name: "Download" })).toBeVisible();
  await expect(qrDialog.getByRole("button", { name: "Add Fixed Amount" })).toHaveCount(0);
  // The link carries the invoice's unguessable token, never its id.
  const link = await canvasQrText(m, "Payment QR code: Scan to pay ₦2,000.00");
  expect(link).toMatch(/^kolo:\/\/pay\/invoice\/[A-Za-z0-9_-]{32}\?name=My%20Business&amount=2000$/);
  const token = /invoice\/([A-Za-z0-9_-]+)\?/.exec(link ?? "")![1]!;
  expect(copiedLink.endsWith(`/invoice/pay/${token}`)).toBe(true);
  await m.keyboard.press("Escape");
  await expect(qrDialog).toHaveCount(0);

  await registerAndSkipOnboarding(p, newUser("Tola Ade"));
  await p.getByRole("button", { name: "Add Money" }).click();
  await p.getByRole("dialog", { name: "Add Money" }).getByLabel("Amount (NGN)").fill("1000");
  await p.getByRole("dialog", { name: "Add Money" }).getByRole("button", { name: "Add Money" }).click();
  await p.getByRole("button", { name: "Pay" }).click();
  await expect(p.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  // By its id the invoice is the merchant's alone; the payer opens the link's page.
  await p.goto(copiedLink);
  await expect(p).toHaveURL(new RegExp(`/payment-confirmation\\?invoiceToken=${token}$`));
  await expect(p.getByText("Invoice Payment")).toBeVisible();
  await expect(p.getByLabel("Enter Amount")).toHaveValue("2000");
  await p.getByLabel("Enter Amount").fill("800");
  await p.getByRole("button", { name: "Pay Now" }).click();
  await confirmWithPin(p);
  await expect(p.getByRole("heading", { name: "Payment Successful" })).toBeVisible();

  await m.reload();
  await expect(list.getByRole("listitem").first()).toContainText("Partially Paid");
  await expect(list.getByRole("listitem").first()).toContainText("₦1,200.00 due");
  await main.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(m).toHaveURL(/\/merchant\/dashboard$/);

  await merchantContext.close();
  await payerContext.close();
});
