import { createHmac } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type APIRequestContext, type Browser, type BrowserContext, type Page, expect, test } from "@playwright/test";
import postgres from "postgres";

export interface TestUser {
  name: string;
  email: string;
  password: string;
}

/** A user no earlier run has registered (the e-mail is unique per run and call). */
export function newUser(name: string): TestUser {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { name, email: `${name.split(" ")[0]?.toLowerCase() ?? "user"}.${id}@example.com`, password: "secret-pass-1" };
}

/** The toast (Mantine notification) whose text contains `title`. */
export const toast = (page: Page, title: string) => page.getByRole("alert").filter({ hasText: title });

/** Registers through /register; leaves the page on /onboarding. */
export async function register(page: Page, user: TestUser): Promise<void> {
  await page.goto("/register");
  await page.getByLabel("Full name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Phone (optional)").fill("+234 801 234 5678");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(user.password);
  await page.getByRole("textbox", { name: "Confirm password" }).fill(user.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(toast(page, "Registration Successful")).toContainText("Your account has been created.");
  await expect(page).toHaveURL(/\/onboarding$/);
}

/**
 * Registers `user` through POST /api/auth/register in a context of its own (the page stays signed in
 * as whoever it is): a recipient for a test's transfers. `phone` is optional.
 */
export async function registerByApi(browser: Browser, baseURL: string, user: TestUser, phone?: string): Promise<void> {
  const context = await browser.newContext();
  const registered = await context.request.post(`${baseURL}/api/auth/register`, {
    headers: { origin: baseURL },
    data: { name: user.name, email: user.email, password: user.password, username: user.email, ...(phone ? { phone } : {}) },
  });
  expect(registered.status()).toBe(201);
  await context.close();
}

/**
 * Registers `user` through POST /api/auth/register in the page's own context (its session cookie
 * lands there, replacing any earlier one), then opens /dashboard: the state the form and 'Skip for
 * now' leave, in one page load instead of three. The form itself, its toast and onboarding are under
 * test in auth, layout and a11y (`register` above). Leaves the page on /dashboard.
 */
export async function registerAndSkipOnboarding(page: Page, user: TestUser): Promise<void> {
  const registered = await page.request.post("/api/auth/register", {
    headers: { origin: test.info().project.use.baseURL ?? "" },
    data: { name: user.name, email: user.email, phone: "+234 801 234 5678", password: user.password, username: user.email },
  });
  expect(registered.status()).toBe(201);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: user.name })).toBeVisible();
}

/** The dashboard's balance card. */
export const balanceCard = (page: Page) => page.getByRole("region", { name: "Available Balance" });

/** Logs out from the Home header: Log out, then the confirmation it asks once. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Log out" }).click();
  await page.getByRole("dialog", { name: "Log out?" }).getByRole("button", { name: "Log out" }).click();
}

/** Tops the signed-in user up with `naira` through the sandbox checkout; back on /dashboard. */
export async function topUp(page: Page, naira: string) {
  await page.getByRole("button", { name: "Add Money" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Money" });
  await dialog.getByLabel("Amount (NGN)").fill(naira);
  await dialog.getByRole("button", { name: "Add Money" }).click();
  await expect(page).toHaveURL(/\/sandbox\/paystack\/checkout\//);
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The seeded demo admin (apps/server/src/seed.ts; the e2e server seeds demo sign-ins). */
export const DEMO_ADMIN = { email: "admin@kolo.test", password: "admin123" } as const;
/** The second seeded admin (four-eyes approvals need a different admin). */
export const DEMO_ADMIN_2 = { email: "admin2@kolo.test", password: "admin123" } as const;

/** Signs in through /login; leaves the page on /dashboard. */
export async function login(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The demo admins' development-only TOTP secret JBSWY3DPEHPK3PXP (base32) as bytes (README, docs/admin-security.md). */
const DEV_TOTP_SECRET = Buffer.from("48656c6c6f21deadbeef", "hex");

/** A base32 (RFC 4648, no padding) secret as bytes: what an authenticator app does with the key it is shown. */
export function decodeBase32(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  return Buffer.from(bits.match(/.{8}/g)!.map((byte) => Number.parseInt(byte, 2)));
}

/** The RFC 6238 code (6 digits, 30 s steps) of `secret` (default: the development secret) for `step`, as an authenticator app computes it. */
export function totpCode(step: number, secret: Buffer = DEV_TOTP_SECRET): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", secret).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

/**
 * Gives the second factor with `send` (a code -> whether it was accepted). A code is accepted once
 * and the server takes the step either side of now, so an admin signed in earlier in this step has
 * spent `now`: the next step's code is tried, and only when both are spent does it wait for the
 * next step to begin (the protocol's own clock, at most 30 s).
 */
async function giveSecondFactor(send: (code: string) => Promise<boolean>): Promise<void> {
  for (let round = 0; round < 2; round++) {
    const step = Math.floor(Date.now() / 30_000);
    for (const candidate of [step, step + 1]) if (await send(totpCode(candidate))) return;
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - Date.now() + 200));
  }
  throw new Error("No TOTP code of the development secret was accepted");
}

/**
 * Where each demo admin's signed-in session (its cookies) is kept for the rest of the run: written
 * by the first sign-in (e2e/admin-sessions.setup.ts, before every other test), read by every later
 * loginAsAdmin. Playwright empties test-results/ when a run starts, so no run reuses another's.
 */
const adminSessionFile = (email: string) => fileURLToPath(new URL(`../test-results/admin-sessions/${email}.json`, import.meta.url));

/** Signs in through /login and /two-factor (password, then the second factor); ends on /admin/dashboard. */
async function signInWithSecondFactor(page: Page, admin: { email: string; password: string }): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(admin.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(admin.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/two-factor$/);
  await giveSecondFactor(async (code) => {
    await page.getByRole("textbox", { name: "Code" }).fill(code);
    await page.getByRole("button", { name: "Verify" }).click();
    const outcome = await Promise.race([
      page.waitForURL(/\/admin\/dashboard$/).then(() => true),
      page
        .getByText("Invalid code")
        .waitFor()
        .then(() => false),
    ]);
    return outcome;
  });
}

/** Puts the saved session of `email` into `context`; false when there is none or the server no longer takes it. */
async function reuseAdminSession(context: BrowserContext, page: Page, email: string): Promise<boolean> {
  const file = adminSessionFile(email);
  if (!existsSync(file)) return false;
  await context.addCookies(JSON.parse(readFileSync(file, "utf8")) as Parameters<BrowserContext["addCookies"]>[0]);
  const session = (await (await page.request.get("/api/auth/session")).json()) as { signedIn: boolean; mfaRequired: boolean };
  return session.signedIn && !session.mfaRequired;
}

/**
 * Signs the demo admin in; leaves the page on /dashboard. The first sign-in of the run goes through
 * /login and /two-factor and saves the session; later ones reuse it. Each sign-in spends a TOTP step
 * (30 s), so signing in for every test made tests wait for the next step, and two workers signing in
 * at once could spend five wrong codes and throttle the admin for 15 minutes (docs/admin-security.md).
 */
export async function loginAsAdmin(page: Page, admin: { email: string; password: string } = DEMO_ADMIN): Promise<void> {
  if (!(await reuseAdminSession(page.context(), page, admin.email))) {
    await signInWithSecondFactor(page, admin);
    const file = adminSessionFile(admin.email);
    mkdirSync(dirname(file), { recursive: true });
    // Written whole, then renamed: a worker reading it meanwhile never sees half a file.
    writeFileSync(`${file}.${process.pid}`, JSON.stringify(await page.context().cookies()));
    renameSync(`${file}.${process.pid}`, file);
  }
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs the demo admin in on an API request context (password, then the second factor); its cookie then acts as the admin. */
export async function adminApiSession(request: APIRequestContext, baseURL: string): Promise<void> {
  const headers = { origin: baseURL };
  const signedIn = await request.post("/api/auth/login", {
    headers,
    data: { email: DEMO_ADMIN.email, username: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
  });
  expect(signedIn.status()).toBe(200);
  await giveSecondFactor(async (code) => (await request.post("/api/auth/mfa", { headers, data: { code } })).status() === 200);
}

/** The transaction PIN the browser tests set at a user's first payment. */
export const TEST_PIN = "2580";

/**
 * The review step of a money-out flow (docs/product.md "Transaction PIN"): checks the dialog shows
 * the summary, sets the PIN on a user's first payment (twice), else enters it, and confirms.
 */
export async function confirmWithPin(page: Page, pin = TEST_PIN): Promise<void> {
  const dialog = page.getByRole("dialog", { name: "Confirm Transaction" });
  await expect(dialog.getByRole("term").filter({ hasText: "Total" })).toBeVisible();
  const newPin = dialog.getByRole("textbox", { name: "New transaction PIN" });
  const pinField = dialog.getByRole("textbox", { name: "Transaction PIN", exact: true });
  await expect(newPin.or(pinField)).toBeVisible();
  if (await newPin.isVisible()) {
    await newPin.fill(pin);
    await dialog.getByRole("textbox", { name: "Confirm transaction PIN" }).fill(pin);
    await dialog.getByRole("button", { name: "Set PIN and Pay" }).click();
  } else {
    await pinField.fill(pin);
    await dialog.getByRole("button", { name: "Confirm and Pay" }).click();
  }
}

/** The reference of the signed-in user's newest transaction whose description contains `text` (GET /api/transactions). */
export async function transactionReference(page: Page, text: string): Promise<string> {
  const response = await page.request.get("/api/transactions");
  expect(response.status()).toBe(200);
  const found = ((await response.json()) as { reference: string; description: string }[]).find((t) => t.description.includes(text));
  if (!found) throw new Error(`No transaction of this user says '${text}'`);
  return found.reference;
}

/**
 * The e2e server's sandboxes hold every slow fixture (SANDBOX_HOLD=1, tooling/scripts/e2e-server.mjs):
 * a pending VTpass purchase stays pending and a payout stays in flight until the test moves it on
 * with these controls (docs/providers.md "Sandbox controls"), never by a timer.
 */
async function sandboxControl(page: Page, path: string) {
  const response = await page.request.post(path, { headers: { origin: new URL(page.url()).origin } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
}

/** The held VTpass purchase `reference` (its request_id) reaches its fixture's final status; Kolo's next requery reads it. */
export const releasePurchase = (page: Page, reference: string) => sandboxControl(page, `/sandbox/vtpass/requests/${encodeURIComponent(reference)}/release`);

/** The held payout `reference` takes its next step at Paystack; its webhook has reached Kolo when this resolves. */
export const settlePayout = (page: Page, reference: string) => sandboxControl(page, `/sandbox/paystack/transfers/${encodeURIComponent(reference)}/settle`);

/** The reference of the withdrawal whose status view is open (/withdraw?reference=…). */
export async function openWithdrawalReference(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/withdraw\?reference=/);
  return new URL(page.url()).searchParams.get("reference")!;
}

/**
 * Turns fraud monitoring (docs/product.md "Fraud controls") on or off in this run's throwaway
 * database (the setting `fraud_monitoring` in admin_limits): off for the suite, whose fresh
 * accounts pay most of their balance at once; on only inside a test about it, run @exclusive.
 */
export const setFraudMonitoring = (on: boolean) =>
  withE2eDatabase(
    (sql) => sql`insert into admin_limits (key, value_kobo, description) values ('fraud_monitoring', ${on ? 1 : 0}, 'Fraud monitoring: on or off')
      on conflict (key) do update set value_kobo = excluded.value_kobo`,
  );

/**
 * Frees a sandbox BVN fixture (docs/providers.md) for the next repeat of a test: a BVN verifies at
 * most one Kolo account, so a test that verifies a new user with it would be refused the second
 * time it runs on the same server (`--repeat-each`). The account that holds it keeps its level; its
 * stored BVN hash is replaced by one no BVN has. Reaches this run's throwaway database through the
 * file tooling/scripts/e2e-server.mjs writes; the fixture BVNs differ in their last 4 digits.
 */
export async function freeFixtureBvn(bvn: string): Promise<void> {
  await withE2eDatabase(
    (sql) => sql`update user_verifications set bvn_hash = 'freed-by-e2e:' || user_id where bvn_last4 = ${bvn.slice(-4)} and bvn_hash is not null`,
  );
}

/**
 * Runs `work` on this run's throwaway database (the file tooling/scripts/e2e-server.mjs writes), for
 * the few tests that must set up what no screen makes yet.
 */
export async function withE2eDatabase(work: (sql: postgres.Sql) => Promise<unknown>): Promise<void> {
  const port = process.env.E2E_PORT ?? "3210";
  const { databaseUrl } = JSON.parse(readFileSync(join(tmpdir(), `kolo-e2e-${port}.json`), "utf8")) as { databaseUrl: string };
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await work(sql);
  } finally {
    await sql.end();
  }
}

/**
 * Sets the first-day cap (docs/product.md "Fraud controls", the `new_device_cap` setting) in naira;
 * 0 turns it off. The browser tests run with it off (admin-sessions.setup.ts): their users register
 * and pay more than ₦20,000 on their first day.
 */
export const setNewDeviceCap = (naira: number) =>
  withE2eDatabase((sql) => sql`update admin_limits set value_kobo = ${naira * 100} where key = 'new_device_cap'`);

/** The newest 6-digit code e-mailed to `email` whose mail contains `subject`, read from the sandbox mailbox (/sandbox/mail). */
export async function mailedCode(page: Page, email: string, subject: string): Promise<string> {
  const mailbox = await page.context().newPage();
  try {
    await mailbox.goto("/sandbox/mail");
    const message = mailbox.getByRole("article").filter({ hasText: email }).filter({ hasText: subject }).first();
    await expect(message).toBeVisible();
    return /is (\d{6})\./.exec((await message.textContent()) ?? "")![1]!;
  } finally {
    await mailbox.close();
  }
}

/**
 * The screen a payment ends on after its toast (/done/{reference}, docs/product.md "Payment
 * endings"): checks it is open and answers the reference; with `done`, leaves it by 'Done' for /dashboard.
 */
export async function paymentScreen(page: Page, { done = true }: { done?: boolean } = {}): Promise<string> {
  await expect(page).toHaveURL(/\/done\/[^/?]+/);
  const reference = decodeURIComponent(new URL(page.url()).pathname.split("/")[2]!);
  await expect(page.getByTestId("payment-reference")).toHaveText(reference);
  if (done) {
    await page.getByRole("button", { name: "Done", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  }
  return reference;
}
