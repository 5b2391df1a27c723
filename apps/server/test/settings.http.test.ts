// What the user changes from /settings, through the REST adapter on a real PostgreSQL with a
// controllable clock: the daily limit the user sets (docs/product.md "Limits the user sets":
// lower at once, higher after 24 hours, pending and cancellable, enforced on money out with the
// level's limit), the profile (the name until the BVN is verified, never after), and the password
// (the current one checked; every other session ends).
import { schema } from "@kolo/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Client, api, call, signIn, sessionCookieOf, useTestServer } from "./helpers";

let clock = new Date("2026-06-01T09:00:00Z");
const HOUR = 60 * 60_000;

const files = useTestServer({ services: { now: () => clock } });

const limits = async (c: Client) => (await call(c, "GET", "/api/auth/limits")).body;
const setLimit = (c: Client, dailyLimit: unknown) => call(c, "PATCH", "/api/auth/limits", { dailyLimit });
const p2p = (c: Client, to: Client, amount: number) => call(c, "POST", "/api/transfer/p2p", { recipientEmail: to.user.email, amount });

describe("limits the user sets", () => {
  it("starts at the level's limit; lowering applies at once and a P2P above it is refused, nothing moved", async () => {
    const [payer, payee] = [await files.user("Limit Payer", 20_000), await files.user("Limit Payee")];
    expect(await limits(payer)).toEqual({ dailyLimit: 50_000, levelLimit: 50_000, pending: null });

    expect(await setLimit(payer, 5_000)).toEqual({
      status: 200,
      body: { message: "Daily limit updated", dailyLimit: 5_000, levelLimit: 50_000, pending: null },
    });
    expect(await p2p(payer, payee, 3_000)).toMatchObject({ status: 200 });
    expect(await p2p(payer, payee, 2_000.01)).toEqual({
      status: 400,
      body: { code: "DAILY_LIMIT_EXCEEDED", message: "Daily limit exceeded", details: { remainingAllowance: 2_000, dailyLimit: 5_000 } },
    });
    expect((await call(payee, "GET", "/api/auth/me")).body.balance).toBe(3_000);
    expect(await p2p(payer, payee, 2_000)).toMatchObject({ status: 200 });
  });

  it("raising waits 24 hours as pending, then applies", async () => {
    const [payer, payee] = [await files.user("Raise Payer", 20_000), await files.user("Raise Payee")];
    await setLimit(payer, 1_000);
    const raised = await setLimit(payer, 4_000);
    const effectiveAt = new Date(clock.getTime() + 24 * HOUR).toISOString();
    expect(raised).toEqual({
      status: 200,
      body: { message: "Your new daily limit takes effect in 24 hours", dailyLimit: 1_000, levelLimit: 50_000, pending: { dailyLimit: 4_000, effectiveAt } },
    });
    expect((await p2p(payer, payee, 1_500)).status).toBe(400);

    clock = new Date(clock.getTime() + 24 * HOUR - 60_000);
    expect(await limits(payer)).toMatchObject({ dailyLimit: 1_000, pending: { dailyLimit: 4_000 } });
    expect((await p2p(payer, payee, 1_500)).status).toBe(400);

    clock = new Date(clock.getTime() + 60_000);
    expect(await limits(payer)).toEqual({ dailyLimit: 4_000, levelLimit: 50_000, pending: null });
    expect((await p2p(payer, payee, 4_000)).status).toBe(200);
    expect(await p2p(payer, payee, 1)).toMatchObject({ status: 400, body: { details: { remainingAllowance: 0, dailyLimit: 4_000 } } });
  });

  it("a pending raise can be cancelled; lowering again also drops it", async () => {
    const c = await files.user("Cancel Limit");
    await setLimit(c, 2_000);
    await setLimit(c, 30_000);
    expect(await call(c, "DELETE", "/api/auth/limits/pending")).toEqual({
      status: 200,
      body: { message: "Pending daily limit cancelled", dailyLimit: 2_000, levelLimit: 50_000, pending: null },
    });
    clock = new Date(clock.getTime() + 25 * HOUR);
    expect(await limits(c)).toEqual({ dailyLimit: 2_000, levelLimit: 50_000, pending: null });

    await setLimit(c, 30_000);
    expect((await setLimit(c, 1_500)).body).toMatchObject({ dailyLimit: 1_500, pending: null });
    clock = new Date(clock.getTime() + 25 * HOUR);
    expect((await limits(c)).dailyLimit).toBe(1_500);
  });

  it("₦0 stops money out, airtime included; outside ₦0 to the level's limit is refused and nothing changes", async () => {
    const c = await files.user("Zero Limit", 5_000);
    for (const bad of [50_000.01, -1, 1.234, "100", null]) expect([bad, (await setLimit(c, bad)).status]).toEqual([bad, 400]);
    expect((await setLimit(c, 50_001)).body).toMatchObject({ code: "VALIDATION", message: "Daily limit must be between ₦0 and ₦50,000" });
    expect(await limits(c)).toEqual({ dailyLimit: 50_000, levelLimit: 50_000, pending: null });

    await setLimit(c, 0);
    const airtime = await call(c, "POST", "/api/airtime", { phoneNumber: "08031234567", amount: 100, network: "mtn" });
    expect(airtime).toMatchObject({ status: 400, body: { code: "DAILY_LIMIT_EXCEEDED", details: { remainingAllowance: 0, dailyLimit: 0 } } });
    expect((await call(c, "GET", "/api/auth/me")).body.balance).toBe(5_000);
  });
});

describe("profile", () => {
  it("the name can be corrected before the BVN is verified, and never after; the phone can", async () => {
    const c = await files.user("Chioma Okafo");
    expect(await call(c, "PATCH", "/api/auth/profile", { name: "Chioma Okafor" })).toMatchObject({ status: 200, body: { name: "Chioma Okafor" } });
    expect((await call(c, "PATCH", "/api/auth/profile", { name: "C" })).status).toBe(400);
    expect((await call(c, "PATCH", "/api/auth/profile", {})).status).toBe(400);

    const bvn = await call(c, "POST", "/api/verification/bvn", { bvn: "22222222221", dateOfBirth: "1994-08-12", phoneNumber: "08031234567" });
    expect(bvn.status).toBe(200);
    expect(await call(c, "PATCH", "/api/auth/profile", { name: "Tunde Bakare" })).toEqual({
      status: 409,
      body: {
        code: "CONFLICT",
        message: "Your name cannot be changed after your BVN is verified",
        details: { name: ["Your name cannot be changed after your BVN is verified"] },
      },
    });
    expect(await call(c, "PATCH", "/api/auth/profile", { phone: "+234 803 123 4567" })).toMatchObject({
      status: 200,
      body: { name: "Chioma Okafor", phone: "08031234567" },
    });
    const [row] = await files.t.db.select().from(schema.users).where(eq(schema.users.id, c.user.id));
    expect(row!.name).toBe("Chioma Okafor");
  });
});

describe("change password", () => {
  it("needs the current password; ends every other session and keeps this one", async () => {
    const c = await files.user("Password Changer");
    const other = { ...c, cookie: sessionCookieOf(await signIn(c.base, c.user.email)) };
    expect((await call(other, "GET", "/api/auth/me")).status).toBe(200);

    expect(await call(c, "POST", "/api/auth/password", { currentPassword: "wrong-one", newPassword: "newsecret456" })).toMatchObject({
      status: 400,
      body: { message: "Current password is incorrect" },
    });
    expect((await call(c, "POST", "/api/auth/password", { currentPassword: "secret123", newPassword: "short" })).status).toBe(400);
    expect((await call(other, "GET", "/api/auth/me")).status).toBe(200);

    expect(await call(c, "POST", "/api/auth/password", { currentPassword: "secret123", newPassword: "newsecret456" })).toEqual({
      status: 200,
      body: { message: "Password changed. Other devices have been signed out." },
    });
    expect((await api(other, "GET", "/api/auth/me")).status).toBe(401);
    expect((await api(c, "GET", "/api/auth/me")).status).toBe(200);
    expect((await signIn(c.base, c.user.email)).status).toBe(401);
    expect((await signIn(c.base, c.user.email, "newsecret456")).status).toBe(200);
  });
});
