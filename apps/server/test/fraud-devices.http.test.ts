// Fraud controls through the REST adapter on a real PostgreSQL (docs/product.md "Fraud controls"):
// trusted devices (the registering browser trusted, a new sign-in's device asked for an e-mailed
// code before any money out, devices listed and removed), the first-day cap counted under the
// daily counter's lock, and freezing (signed in, or from the sign-in screen) and unfreezing.
import { schema } from "@kolo/db";
import { formatDateTime } from "@kolo/domain";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Client, api, call, sessionCookieOf, signIn, useTestServer } from "./helpers";

/** The server's clock: real time moved on by `offset` (the cap's window is compared in SQL with the real clock). */
let offset = 0;
const files = useTestServer({ services: { now: () => new Date(Date.now() + offset) } });

const p2p = (c: Client, to: Client, amount: number) => call(c, "POST", "/api/transfer/p2p", { recipientEmail: to.user.email, amount });

/** Signs `c`'s user in again from a browser without the device cookie: a new, untrusted device. */
async function fromNewDevice(c: Client): Promise<Client> {
  const response = await signIn(c.base, c.user.email);
  expect(response.status).toBe(200);
  return { ...c, cookie: sessionCookieOf(response) };
}

/** The newest code e-mailed to `c` (the sandbox mailbox). */
async function mailedCode(c: Client): Promise<string> {
  const [mail] = await files.t.db
    .select()
    .from(schema.sandboxMail)
    .where(eq(schema.sandboxMail.to, c.user.email))
    .orderBy(desc(schema.sandboxMail.id))
    .limit(1);
  return /is (\d{6})\./.exec(mail!.text)![1]!;
}

const setCap = (naira: number) => files.t.client`update admin_limits set value_kobo = ${naira * 100} where key = 'new_device_cap'`;
const NOT_TRUSTED = { code: "DEVICE_NOT_TRUSTED", message: "This device is not trusted yet: confirm it with the code we e-mail you", details: null };

/** Every money-out path of the REST API (P2P, bank, withdraw, bills, merchant payments, merchant withdraw). */
const MONEY_OUT_PATHS = [
  "/api/transfer/p2p",
  "/api/transfer/bank",
  "/api/wallet/withdraw",
  "/api/airtime",
  "/api/data",
  "/api/electricity",
  "/api/cable",
  "/api/payments/merchant",
  "/api/payments/invoice/1",
  "/api/payments/invoice/by-token/abc",
  "/api/merchants/withdraw",
];

describe("trusted devices", () => {
  it("the registering browser pays; a new sign-in's device is refused on every money-out path until its code is given", async () => {
    const [payer, payee] = [await files.user("Device Payer", 10_000), await files.user("Device Payee")];
    expect(await p2p(payer, payee, 100)).toMatchObject({ status: 200 });

    const phone = await fromNewDevice(payer);
    for (const path of MONEY_OUT_PATHS) expect({ path, ...(await call(phone, "POST", path, {})) }).toEqual({ path, status: 403, body: NOT_TRUSTED });
    expect((await call(payee, "GET", "/api/auth/me")).body.balance).toBe(100);

    const listed = await call<{ devices: { id: number; current: boolean; trustedSince: string | null; name: string }[] }>(phone, "GET", "/api/auth/devices");
    expect(listed.body.devices).toHaveLength(2);
    expect(listed.body.devices.map((d) => [d.current, d.trustedSince === null])).toEqual([
      [false, false],
      [true, true],
    ]);

    expect(await call(phone, "POST", "/api/auth/devices/current/code")).toEqual({
      status: 200,
      body: { message: "We sent a 6-digit code to your e-mail. It is valid for 10 minutes." },
    });
    const code = await mailedCode(payer);
    const [stored] = await files.t.db.select().from(schema.securityCodes).where(eq(schema.securityCodes.userId, payer.user.id));
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.codeHash).not.toContain(code);
    expect(await call(phone, "POST", "/api/auth/devices/current/trust", { code: "12345" })).toMatchObject({ status: 400, body: { code: "VALIDATION" } });
    expect(await call(phone, "POST", "/api/auth/devices/current/trust", { code })).toEqual({ status: 200, body: { message: "This device is now trusted" } });
    expect(await call(phone, "POST", "/api/auth/devices/current/trust", { code })).toMatchObject({
      status: 400,
      body: { message: "This device is already trusted" },
    });
    expect(await p2p(phone, payee, 200)).toMatchObject({ status: 200 });
    expect((await call(payee, "GET", "/api/auth/me")).body.balance).toBe(300);
  });

  it("a code takes 5 tries and lives 10 minutes, one a minute; another device's code does not trust this one", async () => {
    const payer = await files.user("Code Payer", 1_000);
    const phone = await fromNewDevice(payer);
    await call(phone, "POST", "/api/auth/devices/current/code");
    const code = await mailedCode(payer);
    expect(await call(phone, "POST", "/api/auth/devices/current/code")).toMatchObject({
      status: 429,
      body: { code: "RATE_LIMITED", message: "Too many requests" },
    });
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      expect(await call(phone, "POST", "/api/auth/devices/current/trust", { code: wrong })).toMatchObject({
        status: 400,
        body: { message: "Incorrect or expired code. Ask for a new one if it has expired." },
      });
    }
    expect(await call(phone, "POST", "/api/auth/devices/current/trust", { code })).toMatchObject({ status: 400 });

    try {
      offset = 2 * 60_000;
      expect(await call(phone, "POST", "/api/auth/devices/current/code")).toMatchObject({ status: 200 });
      const late = await mailedCode(payer);
      offset = 13 * 60_000;
      expect(await call(phone, "POST", "/api/auth/devices/current/trust", { code: late })).toMatchObject({ status: 400 });

      offset = 14 * 60_000;
      await call(phone, "POST", "/api/auth/devices/current/code");
      const forPhone = await mailedCode(payer);
      const tablet = await fromNewDevice(payer);
      expect(await call(tablet, "POST", "/api/auth/devices/current/trust", { code: forPhone })).toMatchObject({ status: 400 });
      expect(await call(phone, "POST", "/api/auth/devices/current/trust", { code: forPhone })).toMatchObject({ status: 200 });
      expect(await call(tablet, "POST", "/api/transfer/p2p", {})).toMatchObject({ status: 403, body: { code: "DEVICE_NOT_TRUSTED" } });
    } finally {
      offset = 0;
    }
  });

  it("removing a device ends its sessions; another user's device is not found", async () => {
    const [owner, other] = [await files.user("Remove Owner"), await files.user("Remove Other")];
    const phone = await fromNewDevice(owner);
    const { devices } = (await call<{ devices: { id: number; current: boolean }[] }>(owner, "GET", "/api/auth/devices")).body;
    const phoneDevice = devices.find((d) => !d.current)!;
    expect(await call(other, "DELETE", `/api/auth/devices/${phoneDevice.id}`)).toMatchObject({ status: 404, body: { message: "Device not found" } });
    expect((await call(phone, "GET", "/api/auth/me")).status).toBe(200);
    expect(await call(owner, "DELETE", `/api/auth/devices/${phoneDevice.id}`)).toEqual({ status: 200, body: { message: "Device removed" } });
    expect((await call(phone, "GET", "/api/auth/me")).status).toBe(401);
    expect((await call<{ devices: unknown[] }>(owner, "GET", "/api/auth/devices")).body.devices).toHaveLength(1);
    expect(await call(owner, "DELETE", `/api/auth/devices/${phoneDevice.id}`)).toMatchObject({ status: 404 });
  });
});

describe("the first-day cap", () => {
  it("20 parallel ₦5,000 payments in the first day let exactly 4 through; the refusal names what is left and until when", async () => {
    await setCap(20_000);
    try {
      const [payer, payee] = [await files.user("Cap Payer", 200_000), await files.user("Cap Payee")];
      const answers = await Promise.all(Array.from({ length: 20 }, () => p2p(payer, payee, 5_000)));
      expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
      const refused = answers.filter((a) => a.status !== 200);
      expect(new Set(refused.map((a) => `${a.status} ${a.body.code}`))).toEqual(new Set(["403 NEW_DEVICE_LIMIT"]));
      expect((await call(payee, "GET", "/api/auth/me")).body.balance).toBe(20_000);
      expect((await call(payer, "GET", "/api/auth/me")).body.balance).toBe(180_000);

      const [window] = await files.t.db.select().from(schema.firstDayCaps).where(eq(schema.firstDayCaps.userId, payer.user.id));
      expect(refused[0]!.body).toEqual({
        code: "NEW_DEVICE_LIMIT",
        message: `New device limit: you can send up to ₦0 until ${formatDateTime(window!.until)}`,
        details: { left: 0, until: window!.until.toISOString() },
      });
    } finally {
      await setCap(0);
    }
  });

  it("counts every kind of money out; what is left is named; after the 24 hours, or with the setting at 0, the cap is gone", async () => {
    await setCap(20_000);
    try {
      const [payer, payee] = [await files.user("Cap Mixed", 100_000), await files.user("Cap Mixed Payee")];
      expect(await p2p(payer, payee, 15_000)).toMatchObject({ status: 200 });
      const [window] = await files.t.db.select().from(schema.firstDayCaps).where(eq(schema.firstDayCaps.userId, payer.user.id));
      expect(await call(payer, "POST", "/api/airtime", { network: "mtn", phoneNumber: "08011111111", amount: 6_000 })).toMatchObject({
        status: 403,
        body: { message: `New device limit: you can send up to ₦5,000 until ${formatDateTime(window!.until)}` },
      });
      expect(await p2p(payer, payee, 5_000)).toMatchObject({ status: 200 });
      expect(await p2p(payer, payee, 1)).toMatchObject({ status: 403 });

      await files.t.client`update first_day_caps set until = now() - interval '1 second' where user_id = ${payer.user.id}`;
      expect(await p2p(payer, payee, 1)).toMatchObject({ status: 200 });

      await files.t.client`update first_day_caps set until = now() + interval '1 hour' where user_id = ${payer.user.id}`;
      await setCap(0);
      expect(await p2p(payer, payee, 1)).toMatchObject({ status: 200 });
    } finally {
      await setCap(0);
    }
  });

  it("a newly trusted device opens the cap again", async () => {
    const [payer, payee] = [await files.user("Cap Device", 100_000), await files.user("Cap Device Payee")];
    await files.t.client`delete from first_day_caps where user_id = ${payer.user.id}`;
    await setCap(20_000);
    try {
      expect(await p2p(payer, payee, 25_000)).toMatchObject({ status: 200 });
      const phone = await fromNewDevice(payer);
      await call(phone, "POST", "/api/auth/devices/current/code");
      await call(phone, "POST", "/api/auth/devices/current/trust", { code: await mailedCode(payer) });
      expect(await p2p(phone, payee, 20_001)).toMatchObject({ status: 403, body: { code: "NEW_DEVICE_LIMIT" } });
      expect(await p2p(phone, payee, 20_000)).toMatchObject({ status: 200 });
    } finally {
      await setCap(0);
    }
  });
});

describe("freeze", () => {
  it("stops all money out and ends the other sessions; unfreezing takes the password and an e-mailed code and starts the cap", async () => {
    const [payer, payee] = [await files.user("Freeze Payer", 100_000), await files.user("Freeze Payee")];
    const other = await fromNewDevice(payer);
    expect(await call(payer, "POST", "/api/auth/freeze")).toEqual({
      status: 200,
      body: { message: "Your account is frozen. Money can no longer leave it until you unfreeze it." },
    });
    expect((await call(other, "GET", "/api/auth/me")).status).toBe(401);
    expect((await call(payer, "GET", "/api/auth/me")).body.frozen).toBe(true);
    expect(await p2p(payer, payee, 100)).toEqual({
      status: 403,
      body: { code: "ACCOUNT_FROZEN", message: "Your account is frozen: unfreeze it in Settings to send money", details: null },
    });
    expect(await call(payer, "POST", "/api/wallet/withdraw", {})).toMatchObject({ status: 403, body: { code: "ACCOUNT_FROZEN" } });
    expect((await call(payer, "POST", "/api/auth/freeze")).status).toBe(200);

    expect(await call(payer, "POST", "/api/auth/unfreeze", { password: "wrong-password" })).toMatchObject({
      status: 400,
      body: { message: "Incorrect password" },
    });
    expect(await call(payer, "POST", "/api/auth/unfreeze", { password: "secret123" })).toMatchObject({ status: 200 });
    const code = await mailedCode(payer);
    expect(await call(payer, "POST", "/api/auth/unfreeze", { password: "secret123", code: code === "000000" ? "111111" : "000000" })).toMatchObject({
      status: 400,
    });
    expect((await call(payer, "GET", "/api/auth/me")).body.frozen).toBe(true);

    await files.t.client`delete from first_day_caps where user_id = ${payer.user.id}`;
    await setCap(20_000);
    try {
      expect(await call(payer, "POST", "/api/auth/unfreeze", { password: "secret123", code })).toEqual({
        status: 200,
        body: { message: "Your account is unfrozen" },
      });
      expect(await p2p(payer, payee, 20_001)).toMatchObject({ status: 403, body: { code: "NEW_DEVICE_LIMIT" } });
      expect(await p2p(payer, payee, 100)).toMatchObject({ status: 200 });
    } finally {
      await setCap(0);
    }
    expect(await call(payer, "POST", "/api/auth/unfreeze", { password: "secret123" })).toMatchObject({
      status: 400,
      body: { message: "Your account is not frozen" },
    });
  });

  it("from the sign-in screen: e-mail and password freeze the account and end every session", async () => {
    const [payer, payee] = [await files.user("Stolen Phone", 1_000), await files.user("Stolen Payee")];
    const freeze = (body: unknown) =>
      fetch(`${payer.base}/api/auth/freeze/password`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: payer.base },
        body: JSON.stringify(body),
      });
    expect((await freeze({ email: payer.user.email, password: "not-the-password" })).status).toBe(401);
    expect((await api(payer, "GET", "/api/auth/me")).status).toBe(200);
    const frozen = await freeze({ email: payer.user.email, password: "secret123" });
    expect(frozen.status).toBe(200);
    expect((await api(payer, "GET", "/api/auth/me")).status).toBe(401);
    const back = { ...payer, cookie: sessionCookieOf(await signIn(payer.base, payer.user.email)) };
    expect(await p2p(back, payee, 100)).toMatchObject({ status: 403, body: { code: "ACCOUNT_FROZEN" } });
    expect((await freeze({ email: "nobody@example.com", password: "secret123" })).status).toBe(401);
  });
});
