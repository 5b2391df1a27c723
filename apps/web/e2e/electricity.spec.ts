// Prepaid electricity at 360x740 (docs/product.md "Electricity"), the whole path: the meter is
// verified with its disco, ₦2,000 bought through the review step and the PIN, the token shown
// large and copyable, kept on the receipt and its PDF; the receipt's /verify link confirms the
// purchase to someone signed out, and an altered code is refused.
import { expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { balanceCard, confirmWithPin, newUser, registerAndSkipOnboarding, topUp } from "./helpers";

test.use({ viewport: { width: 360, height: 740 } });

const TOKEN = "4224-8751-7325-1062-8154";

test("₦2,000 of prepaid electricity for meter 1111111111111: token shown, on the receipt and its PDF, confirmed signed out", async ({ page, browser }) => {
  await registerAndSkipOnboarding(page, newUser("Ngozi Power"));
  await topUp(page, "5000");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pay" }).click();
  await page.getByRole("region", { name: "Bills Payment" }).getByRole("link", { name: "Electricity" }).click();
  await expect(page.getByRole("heading", { name: "Buy Electricity" })).toBeVisible();

  const company = page.getByLabel("Electricity company");
  await expect(company.locator("option")).toHaveCount(13); // the prompt and the twelve discos
  await company.selectOption({ label: "Ikeja Electric (IKEDC)" });
  await expect(page.getByLabel("Meter type")).toHaveValue("prepaid");

  // An unknown meter is refused where it was typed.
  await page.getByLabel("Meter number").fill("9999999999999");
  await page.getByRole("button", { name: "Verify Meter" }).click();
  await expect(page.getByText("We could not find this meter.", { exact: false })).toBeVisible();

  await page.getByLabel("Meter number").fill("1111111111111");
  await page.getByRole("button", { name: "Verify Meter" }).click();
  await expect(page.getByText("TESTMETER ONE")).toBeVisible();
  await expect(page.getByText("12 Allen Avenue Ikeja")).toBeVisible();
  await expect(page.getByText("Minimum purchase ₦1,000.00")).toBeVisible();

  await page.getByLabel("Amount (NGN)").fill("500");
  await page.getByRole("button", { name: "Buy Electricity" }).click();
  await expect(page.getByText("Minimum amount for this meter is ₦1,000.00")).toBeVisible();
  await page.getByLabel("Amount (NGN)").fill("2000");
  await page.getByLabel("Phone number").fill("08011111111");
  await page.getByRole("button", { name: "Buy Electricity" }).click();
  const review = page.getByRole("dialog", { name: "Confirm Transaction" });
  await expect(review).toContainText("TESTMETER ONE");
  await expect(review).toContainText("Ikeja Electric (IKEDC)");
  await confirmWithPin(page);

  const result = page.getByRole("status").filter({ hasText: "Electricity Purchase Successful" });
  await expect(result.getByTestId("electricity-token")).toHaveText(TOKEN);
  await expect(result.getByTestId("electricity-amount")).toHaveText("₦2,000.00");
  await expect(result).toContainText("32.6 kWh");
  await expect(result.getByRole("button", { name: "Copy token" })).toBeVisible();
  await checkScreen(page, "/utility/electricity, token");

  await result.getByRole("link", { name: "View Receipt" }).click();
  await expect(page).toHaveURL(/\/receipt\//);
  const details = page.getByRole("region", { name: "Receipt details" });
  await expect(details).toContainText("₦2,000.00");
  await expect(details).toContainText("Electricity (prepaid)");
  await expect(details).toContainText(TOKEN);
  await expect(details).toContainText("32.6 kWh");
  await checkScreen(page, "/receipt/{reference}, electricity");
  const pdf = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download PDF" }).click();
  const file = await pdf;
  expect(file.suggestedFilename()).toMatch(/^kolo-receipt-.+\.pdf$/);
  const bytes = await (await import("node:fs/promises")).readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

  const verifyUrl = await page.getByText(/\/verify\/[a-z2-7]{16}$/).textContent();
  const code = (await page.getByTestId("receipt-code").textContent())!.replaceAll(" ", "");
  expect(verifyUrl).toContain(`/verify/${code}`);

  const stranger = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await stranger.goto(new URL(verifyUrl!).pathname);
  const confirmed = stranger.getByRole("region", { name: "Confirmed transaction" });
  await expect(confirmed).toContainText("This Kolo transaction exists.");
  await expect(confirmed).toContainText("₦2,000.00");
  await expect(confirmed).toContainText("TESTMETER ONE");
  await expect(confirmed).not.toContainText(TOKEN);
  const altered = `${code.slice(0, -1)}${code.endsWith("a") ? "b" : "a"}`;
  await stranger.goto(`/verify/${altered}`);
  await expect(stranger.getByRole("alert")).toContainText("No Kolo transaction matches this receipt");

  await page.goto("/dashboard");
  await expect(balanceCard(page)).toContainText("₦3,000.00");
});
