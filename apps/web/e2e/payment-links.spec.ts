// Payment links (docs/product.md "Payment links") at 360×740, against the real server: a merchant
// creates a link; a visitor who is not signed in pays it by card through the sandbox checkout, and
// the merchant refunds half of it from the dashboard; a Kolo user pays it from the wallet through
// the review step and the PIN; the merchant's balance holds both, less the refund. Each new screen
// gets the a11y walk's checks (axe, touch targets, clipping).
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

test("a merchant creates a link; a visitor pays it by card and gets half back; a Kolo user pays from the wallet", async ({ page, browser, baseURL }) => {
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

  // The merchant refunds half of it from the dashboard: back to the card through the gateway.
  await page.goto("/merchant/dashboard");
  await page
    .getByRole("region", { name: "Payments" })
    .getByRole("button", { name: /^Refund / })
    .first()
    .click();
  const refund = page.getByRole("dialog", { name: "Refund Payment" });
  await expect(refund).toContainText("₦7,500.00");
  await refund.getByLabel("Amount (NGN)").fill("3750");
  await refund.getByLabel("Reason").fill("Half the fabric was out of stock");
  await refund.getByRole("button", { name: "Refund" }).click();
  await confirmWithPin(page);
  await expect(toast(page, "Refund sent").or(toast(page, "Refund Successful"))).toBeVisible();

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

  // The merchant's balance holds both payments, less the half refunded.
  const merchant = (await (await page.request.get("/api/merchants/me")).json()) as { balance: number };
  expect(merchant.balance).toBe(11_250);
});
