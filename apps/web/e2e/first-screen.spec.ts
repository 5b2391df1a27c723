// The first screen's JavaScript budget: bytes, not time, so the check is
// deterministic. Every script /login loads without any interaction, gzipped at level 9, must
// total at most 130 KB; the server must send them compressed. Timings: `pnpm bench:web`.
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { login } from "./helpers";

const JS_BUDGET_GZIP_BYTES = 130 * 1024;

test("/login loads at most 130 KB of gzipped JavaScript, sent compressed", async ({ page }) => {
  const scripts: { url: string; encoding: string | undefined; gzip: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    pending.push(
      response.body().then((body) => {
        scripts.push({ url: response.url(), encoding: response.headers()["content-encoding"], gzip: gzipSync(body, { level: 9 }).length });
      }),
    );
  });

  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  await page.waitForLoadState("networkidle");
  await Promise.all(pending);

  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  const report = scripts
    .sort((a, b) => b.gzip - a.gzip)
    .map((s) => `${(s.gzip / 1024).toFixed(1).padStart(6)} KB  ${s.encoding ?? "identity"}  ${new URL(s.url).pathname}`)
    .join("\n");
  console.log(`/login JavaScript: ${scripts.length} files, ${(total / 1024).toFixed(1)} KB gzipped\n${report}`);
  expect(total, report).toBeLessThanOrEqual(JS_BUDGET_GZIP_BYTES);
  for (const script of scripts) expect(script.encoding, script.url).toBe("br");
});

test("/login's form is in the server's HTML, styled, before any JavaScript; what is typed there survives React's start", async ({ browser, baseURL }) => {
  // Without JavaScript at all: the prerendered page (scripts/route-pages.ts) shows the form.
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const bare = await noScript.newPage();
  await bare.goto("/login");
  await expect(bare.getByRole("heading", { name: "Sign In" })).toBeVisible();
  await expect(bare.getByLabel("Email")).toBeVisible();
  const button = bare.getByRole("button", { name: "Sign In" });
  await expect(button).toBeVisible();
  // Its styles came with it (full width, Mantine's grey of a disabled button), though the CSP
  // ignores style attributes. It is disabled: only React's form signs in, and the browser's own
  // submission would put the password in the URL.
  await expect(button).toBeDisabled();
  await expect(button).toHaveCSS("background-color", "rgb(233, 236, 239)");
  expect((await button.boundingBox())?.width).toBeGreaterThan(250);
  await expect(bare.locator("form")).toHaveAttribute("method", "post");
  await noScript.close();

  // With JavaScript held back: the visitor types into the server's form, then the app starts.
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/login", { waitUntil: "commit" });
  await expect(page.locator("[data-prerendered]").getByLabel("Email")).toBeVisible();
  await page.locator("[data-prerendered]").getByLabel("Email").fill("ada@example.com");
  // Enter in the server's form submits nothing: the page stays /login with no query.
  await page.locator("[data-prerendered]").getByLabel("Email").press("Enter");
  await expect(page.locator("[data-prerendered]").getByRole("button", { name: "Sign In" })).toBeDisabled();
  expect(new URL(page.url()).search).toBe("");
  release();
  await expect(page.locator("[data-prerendered]")).toHaveCount(0);
  await expect(page.getByLabel("Email")).toHaveValue("ada@example.com");
  await expect(page.getByLabel("Email")).toBeFocused();
  await context.close();
});

test("/dashboard paints its frame before any JavaScript, and the real screen replaces it in one go", async ({ browser, baseURL }) => {
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const bare = await noScript.newPage();
  await bare.goto("/dashboard");
  const frame = bare.locator("[data-prerendered]");
  await expect(frame.getByRole("main", { name: "Loading your wallet" })).toHaveAttribute("aria-busy", "true");
  await expect(frame.getByText("Available Balance")).toBeVisible();
  await expect(frame.getByRole("heading", { name: "Recent Transactions" })).toBeVisible();
  // Nothing in the frame can be used before the app runs.
  await expect(frame.getByRole("link")).toHaveCount(0);
  await expect(frame.getByRole("button")).toHaveCount(0);
  await noScript.close();

  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await login(page, { email: "user@kolo.test", password: "user1234" });
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Chioma Okafor" })).toBeVisible();
  await expect(page.locator("[data-prerendered]")).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Available Balance" })).toBeVisible();
  await context.close();
});

test("/dashboard's page names no zod among the scripts it loads before the first render", async ({ request }) => {
  // The event stream (lib/live.tsx) brings @kolo/domain's payout texts and zod; it is loaded when
  // the browser is idle, so zod must not be among dashboard.html's scripts (docs/performance.md
  // "/dashboard: JavaScript before the first render").
  const html = await (await request.get("/dashboard")).text();
  const scripts = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="(\/[^"]+\.js)"/g)].map((match) => match[1]!);
  expect(scripts.length).toBeGreaterThan(10);
  const withZod: string[] = [];
  for (const script of scripts) if ((await (await request.get(script)).text()).includes("$ZodObject")) withZod.push(script);
  expect(withZod).toEqual([]);
});

test("/dashboard asks for the user's data with the page: the app's first request is the one dashboard.html preloads", async ({ browser, baseURL }) => {
  // dashboard.html preloads the signed-in layout's first batch (src/lib/first-batch.ts); the app's
  // own request is answered from it only when the URL is the same, else the browser fetches twice.
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await login(page, { email: "user@kolo.test", password: "user1234" });
  const batches: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname.startsWith("/trpc/features.list,")) batches.push(request.url());
  });
  await page.goto("/dashboard");
  await expect(page.getByRole("region", { name: "Available Balance" })).toBeVisible();
  const preload = await page.locator('link[rel="preload"][as="fetch"]').getAttribute("href");
  expect(preload).toMatch(/^\/trpc\/features\.list,/);
  expect(batches).toEqual([new URL(preload ?? "", baseURL).href]);
  await context.close();
});
