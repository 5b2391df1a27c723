import { expect, test } from "@playwright/test";
import { balanceCard, newUser, register, toast, logOut } from "./helpers";

test("register, onboard, log out, fail and then succeed to log in, unknown path", async ({ page }) => {
  const user = newUser("Ada Obi");

  await register(page, user);

  // Onboarding: Welcome -> Benefits -> Verify, then Start Verification.
  await expect(page.getByRole("heading", { name: "Welcome to Kolo, Ada!" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Everything in one place" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("₦50,000.00 per day")).toBeVisible();
  await page.getByRole("button", { name: "Start Verification" }).click();
  await expect(page).toHaveURL(/\/verification$/);
  await expect(page.getByRole("heading", { name: "Account Verification" })).toBeVisible();
  await page.getByRole("link", { name: "Back" }).click();

  // Dashboard of a new account.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: user.name })).toBeVisible();
  await expect(page.getByText("Personal Account")).toBeVisible();
  await expect(balanceCard(page)).toContainText("₦0.00");
  await expect(page.getByText("No transactions yet")).toBeVisible();
  await expect(page.getByRole("button", { name: "Top Up Wallet" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Unverified Account" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Verification" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");

  // Log out.
  await logOut(page);
  await expect(page).toHaveURL(/\/login$/);

  // Signed out: a signed-in page sends the visitor to /login.
  await page.goto("/history");
  await expect(page).toHaveURL(/\/login$/);

  // Nothing typed: each field says what is wrong, and editing a field takes its message away.
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  await page.getByLabel("Email").fill("x");
  await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();

  // Wrong password: the toast, and the button is usable again.
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(toast(page, "Login Failed")).toContainText("Invalid email or password");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();

  // Right password: a full redirect to /dashboard.
  await page.getByRole("textbox", { name: "Password", exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: user.name })).toBeVisible();

  // Signed in: /login goes to /dashboard.
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);

  // Unknown path.
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});

test("registration shows the server's field error for a taken e-mail", async ({ page, browser }) => {
  const user = newUser("Bola Ade");
  await register(page, user);

  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto("/register");
  await second.getByLabel("Full name").fill("Someone Else");
  await second.getByLabel("Email").fill(user.email.toUpperCase());
  await second.getByRole("textbox", { name: "Password", exact: true }).fill(user.password);
  await second.getByRole("textbox", { name: "Confirm password" }).fill(user.password);
  await second.getByRole("button", { name: "Create Account" }).click();
  await expect(toast(second, "Registration Failed")).toContainText("There was an error creating your account. Please try again.");
  await expect(second.getByText("Email already registered")).toBeVisible();
  await expect(second.getByRole("button", { name: "Create Account" })).toBeEnabled();
  await other.close();
});
