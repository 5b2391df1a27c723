// Password reset by e-mail (docs/product.md#accounts-and-sessions): the link arrives in the sandbox
// mailbox (read over HTTP, as people trying the app read it), is valid for 30 minutes and usable
// once, and a reset ends every session. Through the real server on a real PostgreSQL.
import { schema } from "@kolo/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseEnv } from "../src/env";
import { type Client, api, signIn, signUp, useTestServer } from "./helpers";

const { t, server } = useTestServer();

interface Mail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}
const SENT = "If an account exists for this e-mail, a link to reset its password is on its way.";
const INVALID = "This reset link is invalid or has expired. Ask for a new one.";

/** A response body's `message`. */
const messageOf = async (response: Response) => ((await response.json()) as { message: string }).message;
const post = (path: string, body: unknown) =>
  fetch(`${server.base}${path}`, { method: "POST", headers: { "content-type": "application/json", origin: server.base }, body: JSON.stringify(body) });
const mailTo = async (email: string): Promise<Mail[]> =>
  ((await (await fetch(`${server.base}/sandbox/mail/messages.json`)).json()) as Mail[]).filter((m) => m.to === email);
const tokenOf = (mail: Mail) => new URL(mail.links[0] ?? "").searchParams.get("token") ?? "";
const login = (email: string, password: string) => signIn(server.base, email, password);

async function requestLink(user: Client): Promise<string> {
  const response = await post("/api/auth/forgot-password", { email: user.user.email.toUpperCase() });
  expect([response.status, await response.json()]).toEqual([200, { message: SENT }]);
  // Newest first; a sign-in from a new device may have sent a notice in between.
  const mail = (await mailTo(user.user.email)).find((m) => m.subject === "Reset your Kolo password");
  expect(mail).toMatchObject({ subject: "Reset your Kolo password" });
  return tokenOf(mail!);
}

describe("POST /api/auth/forgot-password and /api/auth/reset-password", () => {
  it("mails a link to /reset-password; the new password signs in, the old one and every session are gone", async () => {
    const user = await signUp(server.base, "Ada Obi");
    const token = await requestLink(user);
    const [mail] = await mailTo(user.user.email);
    expect(mail!.links[0]).toBe(`${server.base}/reset-password?token=${token}`);
    expect(mail!.text).toContain("within 30 minutes");
    expect((await api(user, "GET", "/api/auth/me")).status).toBe(200);

    const reset = await post("/api/auth/reset-password", { token, password: "brand-new-secret" });
    expect([reset.status, await reset.json()]).toEqual([200, { message: "Your password has been reset. Please sign in with the new one." }]);
    expect((await api(user, "GET", "/api/auth/me")).status).toBe(401);
    expect((await login(user.user.email, "secret123")).status).toBe(401);
    expect((await login(user.user.email, "brand-new-secret")).status).toBe(200);

    const again = await post("/api/auth/reset-password", { token, password: "another-secret" });
    expect([again.status, await messageOf(again)]).toEqual([400, INVALID]);
  });

  it("answers the same for an unknown e-mail and sends nothing; a suspended account gets nothing either", async () => {
    const unknown = await post("/api/auth/forgot-password", { email: "nobody-here@example.com" });
    expect([unknown.status, await unknown.json()]).toEqual([200, { message: SENT }]);
    expect(await mailTo("nobody-here@example.com")).toEqual([]);
    const suspended = await signUp(server.base);
    await t.db.update(schema.users).set({ status: "suspended" }).where(eq(schema.users.id, suspended.user.id));
    expect((await post("/api/auth/forgot-password", { email: suspended.user.email })).status).toBe(200);
    expect(await mailTo(suspended.user.email)).toEqual([]);
  });

  it("refuses an expired, unknown or malformed token and a short password, changing nothing; a locked account is unlocked", async () => {
    const user = await signUp(server.base);
    const token = await requestLink(user);
    for (const [body, message] of [
      [{ token: "x".repeat(43), password: "brand-new-secret" }, INVALID],
      [{ token: "short", password: "brand-new-secret" }, INVALID],
      [{ token, password: "123" }, "Password must be at least 6 characters"],
    ] as const) {
      const response = await post("/api/auth/reset-password", body);
      expect([response.status, await messageOf(response)]).toEqual([400, message]);
    }
    await t.db
      .update(schema.passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.passwordResetTokens.userId, user.user.id));
    const expired = await post("/api/auth/reset-password", { token, password: "brand-new-secret" });
    expect([expired.status, await messageOf(expired)]).toEqual([400, INVALID]);
    expect((await login(user.user.email, "secret123")).status).toBe(200);

    await t.db.update(schema.users).set({ status: "locked", failedLoginCount: 5 }).where(eq(schema.users.id, user.user.id));
    expect((await post("/api/auth/reset-password", { token: await requestLink(user), password: "brand-new-secret" })).status).toBe(200);
    expect((await login(user.user.email, "brand-new-secret")).status).toBe(200);
  });

  it("lists the mailbox newest first as HTML with its links", async () => {
    const user = await signUp(server.base);
    await requestLink(user);
    const page = await fetch(`${server.base}/sandbox/mail`);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain("Reset your Kolo password");
    expect(html).toContain(`${server.base}/reset-password?token=`);
  });
});

describe("SMTP_URL", () => {
  const live = {
    NODE_ENV: "production",
    BVN_HASH_KEY: "k".repeat(32),
    PAYSTACK_SECRET_KEY: "sk_live_x",
    VTPASS_API_KEY: "api_x",
    VTPASS_PUBLIC_KEY: "PK_x",
    VTPASS_SECRET_KEY: "SK_x",
  };

  it("is required in production unless KOLO_SANDBOX=1 (the sandbox mailbox); blank counts as unset", () => {
    expect(parseEnv(live).error?.issues).toEqual([expect.objectContaining({ path: ["SMTP_URL"] })]);
    expect(parseEnv({ ...live, SMTP_URL: "" }).error?.issues).toEqual([expect.objectContaining({ path: ["SMTP_URL"] })]);
    expect(parseEnv({ ...live, SMTP_URL: "not a url" }).success).toBe(false);
    expect(parseEnv({ ...live, SMTP_URL: "smtps://user:pass@mail.example.com:465" }).success).toBe(true);
    expect(parseEnv({ NODE_ENV: "production", KOLO_SANDBOX: "1", BVN_HASH_KEY: "k".repeat(32) }).success).toBe(true);
    expect(parseEnv({ SMTP_URL: "" }).success).toBe(true);
  });
});
