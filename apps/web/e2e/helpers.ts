import { type Page, expect } from "@playwright/test";

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

/** Registers and skips onboarding; leaves the page on /dashboard. */
export async function registerAndSkipOnboarding(page: Page, user: TestUser): Promise<void> {
  await register(page, user);
  await page.getByRole("button", { name: "Skip for now" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: user.name })).toBeVisible();
}

/** The dashboard's balance card. */
export const balanceCard = (page: Page) => page.getByRole("region", { name: "Available Balance" });

/** Tops the signed-in user up with `naira` through the sandbox checkout; back on /dashboard. */
export async function topUp(page: Page, naira: string) {
  await page.getByRole("button", { name: "Add Money" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Money" });
  await dialog.getByLabel("Amount (NGN)").fill(naira);
  await dialog.getByRole("button", { name: "Add Money" }).click();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Dashboard" }).click();
}

/** The seeded demo admin (apps/server/src/seed.ts; the e2e server seeds demo sign-ins). */
export const DEMO_ADMIN = { email: "admin@kolo.test", password: "admin123" } as const;

/** Signs in through /login; leaves the page on /dashboard. */
export async function login(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Signs the demo admin in through /login (and whatever an admin's sign-in asks); leaves the page on /dashboard. */
export async function loginAsAdmin(page: Page): Promise<void> {
  await login(page, DEMO_ADMIN);
}
