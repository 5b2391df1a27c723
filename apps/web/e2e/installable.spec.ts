// The installable app (docs/decisions/web.md "Installable app", "Offline balance"): Chromium finds
// nothing missing to install it; the service worker precaches the app but never an API answer;
// a new version waits for the user's Reload; a signed-in user sees their last balance offline,
// and signing out deletes the copy kept on the device; so does a session ended elsewhere, and
// another open tab cannot write the copy back (docs/decisions/web.md "Offline copy").
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, type Page, chromium, expect, test } from "@playwright/test";
import { type TestUser, balanceCard, newUser, registerAndSkipOnboarding, topUp, logOut } from "./helpers";

// The other specs block service workers (playwright.config.ts); these are about them.
test.use({ serviceWorkers: "allow" });

const SW_FILE = fileURLToPath(new URL("../dist/sw.js", import.meta.url));

/** Waits until the page's service worker is active, then reloads so that it controls the page. */
async function underServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

/** Every URL in the service worker's caches. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });

test("installable: manifest and icons, no installability error, the shell opens offline, no API answer cached", async ({
  page,
  context,
  baseURL,
  browserName,
}, testInfo) => {
  // Chromium never offers to install from an incognito profile, which every Playwright context
  // is: this check runs in a browser with a profile on disk, launched as the project's is.
  const profile = await mkdtemp(join(tmpdir(), "kolo-install-"));
  try {
    const installer = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL, serviceWorkers: "allow" });
    const installPage = installer.pages()[0] ?? (await installer.newPage());
    await installPage.goto("/login");
    await expect(installPage.getByRole("button", { name: "Sign In" })).toBeEnabled();
    await underServiceWorker(installPage);
    const cdp = await installer.newCDPSession(installPage);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors, browserName).toEqual([]);
    await installer.close();
  } finally {
    await rm(profile, { recursive: true, force: true });
  }

  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  await underServiceWorker(page);

  const manifest = (await (await page.request.get("/manifest.webmanifest")).json()) as Record<string, unknown>;
  expect(manifest).toMatchObject({ name: "Kolo", start_url: "/dashboard", display: "standalone", theme_color: "#087f47" });
  expect(manifest.icons).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ sizes: "192x192", type: "image/png" }),
      expect.objectContaining({ sizes: "512x512", purpose: "any" }),
      expect.objectContaining({ sizes: "512x512", purpose: "maskable" }),
    ]),
  );
  for (const icon of manifest.icons as { src: string }[]) expect((await page.request.get(icon.src)).headers()["content-type"]).toBe("image/png");

  // Offline, the precached shell still opens the app.
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  await context.setOffline(false);

  const urls = await cachedUrls(page);
  expect(urls).toContain("/index.html");
  expect(urls.some((url) => url.startsWith("/assets/"))).toBe(true);
  expect(urls.filter((url) => /^\/(api|trpc|sandbox)(\/|$)/.test(url))).toEqual([]);
});

test("a new version waits for the user: 'A new version of Kolo is available', Reload switches to it", async ({ page }) => {
  const original = await readFile(SW_FILE, "utf8");
  // The server prefers a precompressed copy when there is one (vite.config.ts precompress): set aside.
  for (const ext of [".br", ".gz"]) await copyFile(SW_FILE + ext, `${SW_FILE}${ext}.saved`).catch(() => undefined);
  try {
    await page.goto("/login");
    await underServiceWorker(page);
    await expect(page.getByText("A new version of Kolo is available")).toHaveCount(0);

    // A new build: a service worker that differs by a byte is a new version.
    for (const ext of [".br", ".gz"]) await rm(SW_FILE + ext, { force: true });
    await writeFile(SW_FILE, `${original}\n// next version\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByRole("status").filter({ hasText: "A new version of Kolo is available" });
    await expect(prompt).toBeVisible();
    // Waiting, not in control yet: nothing changes under the user until they choose.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);

    await Promise.all([page.waitForEvent("load"), prompt.getByRole("button", { name: "Reload" }).click()]);
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
    await expect(prompt).toHaveCount(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null)).toBeNull();
  } finally {
    await writeFile(SW_FILE, original);
    for (const ext of [".br", ".gz"])
      await copyFile(`${SW_FILE}${ext}.saved`, SW_FILE + ext).then(
        () => rm(`${SW_FILE}${ext}.saved`),
        () => undefined,
      );
  }
});

test("offline: the last balance and recent transactions, marked with their time; sign-out deletes them", async ({ page, context }) => {
  const user = newUser("Offline Okafor");
  await registerAndSkipOnboarding(page, user);
  await topUp(page, "2500");
  await expect(balanceCard(page)).toContainText("₦2,500.00");
  await expect(page.getByRole("region", { name: "Recent Transactions" })).toContainText("2,500");
  await underServiceWorker(page);
  await expect(balanceCard(page)).toContainText("₦2,500.00");
  // The copy on the device is written within a second of the last change (superjson text).
  await expect.poll(() => page.evaluate(() => indexedDbGet("kolo-offline-cache"))).toContain('"balance":2500');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: /^Offline: showing your balance as of \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} [ap]m$/ })).toBeVisible();
  await expect(balanceCard(page)).toContainText("₦2,500.00");
  await expect(page.getByRole("region", { name: "Recent Transactions" })).toContainText("2,500");
  // Read-only: a money action is refused and says so.
  await page.getByRole("button", { name: "Add Money" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Money" });
  await dialog.getByLabel("Amount (NGN)").fill("1000");
  await dialog.getByRole("button", { name: "Add Money" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "You are offline" })).toBeVisible();
  await page.keyboard.press("Escape");

  await context.setOffline(false);
  await page.reload();
  await expect(balanceCard(page)).toContainText("₦2,500.00");
  await expect(page.getByText(/^Offline: showing/)).toHaveCount(0);
  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => indexedDbGet("kolo-offline-cache"))).toBeUndefined();

  // Offline after sign-out: nobody's balance, only the sign-in screen.
  await context.setOffline(true);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(page.getByText("₦2,500.00")).toHaveCount(0);
  await context.setOffline(false);
});

/** Registers, tops up ₦4,321 and waits until the copy on the device holds it; the page is on /dashboard under the service worker. */
async function userWithOfflineCopy(page: Page, name: string) {
  const user = newUser(name);
  await registerAndSkipOnboarding(page, user);
  await topUp(page, "4321");
  await expect(balanceCard(page)).toContainText("₦4,321.00");
  await underServiceWorker(page);
  await expect.poll(() => page.evaluate(() => indexedDbGet("kolo-offline-cache"))).toContain('"balance":4321');
  return user;
}

/** Offline, /dashboard opens the sign-in screen and nothing of `user`'s. */
async function offlineShowsNobody(page: Page, context: BrowserContext, user: TestUser) {
  await context.setOffline(true);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(page.getByText("₦4,321.00")).toHaveCount(0);
  await expect(page.getByText(user.name)).toHaveCount(0);
  await context.setOffline(false);
}

test("a session ended elsewhere: the next load goes to /login and deletes the copy; offline shows nobody", async ({ page, context, request, baseURL }) => {
  const user = await userWithOfflineCopy(page, "Elsewhere Eze");
  // No tab of the app open while the session is ended: the next load is the first to see it.
  await page.goto("about:blank");
  const headers = { origin: baseURL! };
  expect((await request.post("/api/auth/login", { headers, data: { email: user.email, username: user.email, password: user.password } })).status()).toBe(200);
  expect((await request.post("/api/auth/logout-all", { headers })).status()).toBe(200);

  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => page.evaluate(() => indexedDbGet("kolo-offline-cache"))).toBeUndefined();
  await offlineShowsNobody(page, context, user);
});

test("two tabs: 'Sign out of all devices' in one signs the other out, which cannot write the copy back", async ({ page, context }) => {
  const user = await userWithOfflineCopy(page, "Twotab Tunde");
  const other = await context.newPage();
  await other.goto("/dashboard");
  await expect(balanceCard(other)).toContainText("₦4,321.00");

  await page.goto("/settings");
  await page.getByRole("button", { name: "Sign out of all devices" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out of all devices?" });
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The other tab drops the user it held and goes to /login too.
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByText("₦4,321.00")).toHaveCount(0);
  expect(await page.evaluate(() => indexedDbGet("kolo-offline-cache"))).toBeUndefined();
  await other.close();
  await offlineShowsNobody(page, context, user);
});

declare global {
  function indexedDbGet(key: string): Promise<string | undefined>;
}
test.beforeEach(async ({ page }) => {
  // idb-keyval's default database and store (lib/offline-cache.ts).
  await page.addInitScript(() => {
    globalThis.indexedDbGet = (key: string) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("keyval-store");
        open.onupgradeneeded = () => open.result.createObjectStore("keyval");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction("keyval").objectStore("keyval").get(key);
          request.onsuccess = () => resolve(request.result as string | undefined);
          request.onerror = () => reject(request.error);
        };
      });
  });
});
