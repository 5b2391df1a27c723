// Payment links (docs/product.md "Payment links") at 360×740, against the real server: a merchant
// creates a link; a visitor who is not signed in pays it by card through the sandbox checkout; a
// Kolo user pays it from the wallet through the review step and the PIN; the merchant's list
// counts both. Each new screen gets the a11y walk's checks (axe, touch targets, clipping).
import { type Page, expect, test } from "@playwright/test";
import { checkScreen } from "./a11y-checks";
import { confirmWithPin, newUser, registerAndSkipOnboarding, toast, topUp } from "./helpers";

test.use({ viewport: { width: 360, height: 740 } });

/** The merchant's links as GET /api/merchants/me/links answers them (naira). */
async function linksOf(page: Page): Promise<{ title: string; slug: string; paymentsCount?: number; totalPaid?: number }[]> {
  const answer = await page.request.get("/api/merchants/me/links");
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { links: { title: string; slug: string }[] } | { title: string; slug: string }[];
  return Array.isArray(body) ? body : body.links;
}

test("a merchant creates a link; a visitor pays it by card, a Kolo user from the wallet", async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await registerAndSkipOnboarding(page, newUser("Bisi Adeyemi"));
  const opened = await page.request.post("/api/merchants", {
    headers: { origin: baseURL! },
    data: { name: "Bisi's Fabrics", description: "Ankara and lace", category: "Retail" },
  });
  expect(opened.status()).toBe(201);

  await page.goto("/merchant/links");
  await page.getByLabel("Title").fill("Ankara, 6 yards");
  await page.getByLabel("Amount (NGN)").fill("7500");
  await page.getByRole("button", { name: "Create Link" }).click();
  await expect(toast(page, "Payment link created")).toBeVisible();
  const [link] = await linksOf(page);
  expect(link).toMatchObject({ title: "Ankara, 6 yards" });
  expect(link!.slug).toMatch(/^[A-Za-z0-9_-]{8,}$/);
  await expect(page.getByRole("listitem", { name: "Ankara, 6 yards" })).toBeVisible();
  await checkScreen(page, "/merchant/links with a link");

  // A visitor with no Kolo account pays by card.
  const visitor = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await visitor.goto(`/l/${link!.slug}`);
  await expect(visitor.getByRole("heading", { name: "Ankara, 6 yards" })).toBeVisible();
  await expect(visitor.getByRole("main")).toContainText("Bisi's Fabrics");
  await expect(visitor.getByRole("main")).toContainText("₦7,500.00");
  await checkScreen(visitor, "/l/{slug}, signed out");
  await visitor.getByLabel("Your name").fill("Kemi Lawal");
  await visitor.getByLabel("Your e-mail").fill(`kemi.${Date.now()}@example.com`);
  await visitor.getByRole("button", { name: "Pay by card" }).click();
  await expect(visitor).toHaveURL(/\/sandbox\/paystack\/checkout\//);
  await visitor.getByRole("button", { name: "Pay" }).click();
  await expect(visitor.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(visitor.getByRole("main")).toContainText("₦7,500.00 paid to Bisi's Fabrics for Ankara, 6 yards");
  await checkScreen(visitor, "/l/{slug} after a card payment");

  // A Kolo user pays from the wallet: the review step, then the PIN.
  const payer = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await registerAndSkipOnboarding(payer, newUser("Tunde Payer"));
  await topUp(payer, "10000");
  await payer.goto(`/l/${link!.slug}`);
  await payer.getByRole("link", { name: "Pay from Kolo wallet" }).click();
  await payer.getByRole("main").getByRole("button", { name: "Pay Now" }).click();
  await confirmWithPin(payer);
  await expect(payer.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  const me = (await (await payer.request.get("/api/auth/me")).json()) as { balance: number };
  expect(me.balance).toBe(2_500);

  // The merchant's balance holds both payments.
  const merchant = (await (await page.request.get("/api/merchants/me")).json()) as { balance: number };
  expect(merchant.balance).toBe(15_000);
});
