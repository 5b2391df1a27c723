// Live updates in the browser (docs/product.md "Live updates"): money another user sends shows on
// the dashboard's balance and recent activity through the event stream alone; after the page has
// loaded, the stream is its only request.
import { expect, test } from "@playwright/test";
import { balanceCard, newUser, registerAndSkipOnboarding, topUp } from "./helpers";

test.use({ viewport: { width: 360, height: 740 } });

test("a transfer received shows on the dashboard with no request but the event stream", async ({ page, browser, baseURL }) => {
  const payee = newUser("Live Payee");
  await registerAndSkipOnboarding(page, payee);
  await expect(balanceCard(page)).toContainText("₦0.00");
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-state", "live");

  const sender = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await registerAndSkipOnboarding(sender, newUser("Live Sender"));
  await topUp(sender, "5000");

  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  const sent = await sender.request.post("/api/transfer/p2p", {
    data: { recipientEmail: payee.email, amount: 1500 },
    headers: { origin: baseURL! },
  });
  expect(sent.status()).toBe(200);

  await expect(balanceCard(page)).toContainText("₦1,500.00");
  await expect(page.getByRole("main").getByText("Transfer from Live Sender")).toBeVisible();
  // No data was asked of the server: the stream (opened before) carried it. Code chunks are not data:
  // the credit notice moves the page, and a link that comes under the resting pointer is preloaded.
  expect(requests.filter((url) => !url.includes("/trpc/events.stream") && !new URL(url).pathname.startsWith("/assets/"))).toEqual([]);
});
