// Receipts anyone can check, at 360x740 (docs/product.md "Receipts"): a transaction in history
// opens its receipt with a code, downloads as PDF and PNG; a CSV statement of the period closes at
// the wallet's balance; the code's /verify page confirms it to someone signed out, and an altered
// code is refused.
import { expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { newUser, registerAndSkipOnboarding, topUp } from "./helpers";

test.use({ viewport: { width: 360, height: 740 } });

test("a top-up's receipt opens from history; its code is confirmed signed out, an altered one refused", async ({ page, browser }) => {
  const user = newUser("Receipt Holder");
  await registerAndSkipOnboarding(page, user);
  await topUp(page, "2500");
  await page.goto("/history");
  await page.getByRole("main").getByRole("listitem").first().getByRole("link").click();
  await expect(page).toHaveURL(/\/receipt\//);
  const details = page.getByRole("region", { name: "Receipt details" });
  await expect(details).toContainText("₦2,500.00");
  await expect(details).toContainText("Card top-up");
  await expect(details).toContainText("Receipt Holder");
  const code = (await page.getByTestId("receipt-code").textContent())!.replaceAll(" ", "");
  expect(code).toMatch(/^[a-z2-7]{16}$/);
  await checkScreen(page, "/receipt/{reference}");

  // The files the server draws: the PDF, and (no share sheet in this browser) Share Receipt saves the PNG.
  const pdf = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  expect((await pdf).suggestedFilename()).toMatch(/^kolo-receipt-.+\.pdf$/);
  const png = page.waitForEvent("download");
  await page.getByRole("button", { name: "Share Receipt" }).click();
  expect((await png).suggestedFilename()).toMatch(/^kolo-receipt-.+\.png$/);

  // A statement of the last 30 days, as CSV: its closing balance is the wallet's.
  await page.goto("/history");
  await page.getByRole("button", { name: "Download Statement" }).click();
  const dialog = page.getByRole("dialog", { name: "Download Statement" });
  await checkScreen(page, "the Download Statement dialog");
  await dialog.getByText("CSV", { exact: true }).click();
  await expect(dialog.getByRole("radio", { name: "CSV" })).toBeChecked();
  const statement = page.waitForEvent("download");
  await dialog.getByRole("link", { name: "Download" }).click();
  const file = await statement;
  expect(file.suggestedFilename()).toMatch(/^kolo-statement-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await import("node:fs/promises")).readFile((await file.path())!, "utf8");
  expect(csv).toContain("Account holder,Receipt Holder");
  expect(csv.trim().split("\n").at(-1)).toBe("Closing balance (NGN),2500.00");

  const stranger = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await stranger.goto(`/verify/${code}`);
  const confirmed = stranger.getByRole("region", { name: "Confirmed transaction" });
  await expect(confirmed).toContainText("This Kolo transaction exists.");
  await expect(confirmed).toContainText("₦2,500.00");
  await expect(confirmed).toContainText("Receipt Holder");
  await expect(confirmed).not.toContainText("@");
  await checkScreen(stranger, "/verify/{code}, confirmed");

  const altered = `${code.slice(0, -1)}${code.endsWith("a") ? "b" : "a"}`;
  await stranger.goto(`/verify/${altered}`);
  await expect(stranger.getByRole("alert")).toContainText("No Kolo transaction matches this receipt");
  await checkScreen(stranger, "/verify/{code}, refused");

  // A code typed by hand: in capitals with spaces, in the address or in the box of /verify.
  const typed = code.toUpperCase().replace(/(.{4})(?!$)/g, "$1 ");
  await stranger.goto(`/verify/${encodeURIComponent(typed)}`);
  await expect(stranger.getByRole("region", { name: "Confirmed transaction" })).toContainText("₦2,500.00");
  await stranger.goto("/verify");
  await checkScreen(stranger, "/verify, the box to type a code");
  const box = stranger.getByLabel("Receipt code");
  await box.fill("not a code");
  await stranger.getByRole("button", { name: "Check" }).click();
  await expect(stranger.getByText("Type the 16 letters and digits printed on the receipt")).toBeVisible();
  await box.fill(typed);
  await stranger.getByRole("button", { name: "Check" }).click();
  await expect(stranger).toHaveURL(new RegExp(`/verify/${code}$`));
  await expect(stranger.getByRole("region", { name: "Confirmed transaction" })).toContainText("₦2,500.00");
});
