// Identity verification (docs/product.md#verification-and-limits; docs/decisions.md)
// through the REST adapter, against the Paystack sandbox over HTTP (docs/providers.md BVN fixtures),
// on a real database, with a controllable clock for the 24-hour reset.
import { createHash, createHmac } from "node:crypto";
import { schema } from "@kolo/db";
import { createTestDatabase, promoteToAdmin } from "@kolo/db/testing";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Client, TEST_BVN_HASH_KEY, api, call, signUp, startSandboxServer, useTestServer } from "./helpers";

let clock = new Date("2026-06-01T09:00:00Z");
const HOUR = 60 * 60 * 1000;

const { t, server } = useTestServer({ services: { now: () => clock } });

const CHIOMA = { bvn: "22222222221", dateOfBirth: "1994-08-12", phoneNumber: "08031234567" };
const ADAEZE = { bvn: "22222222222", dateOfBirth: "1992-03-14", phoneNumber: "08123456789" };

const verifyBvn = (c: Client, body: unknown) => call(c, "POST", "/api/verification/bvn", body);
const status = async (c: Client) => (await call(c, "GET", "/api/verification/status")).body;
const attempts = async (c: Client) => ((await status(c)).verificationDetails as { verificationAttempts: number }).verificationAttempts;

describe("status and limits", () => {
  it("a new user is level 0 with ₦50,000 a day, in both of the spec's status views", async () => {
    const c = await signUp(server.base, "Chioma Okafor");
    expect(await status(c)).toEqual({
      verificationLevel: 0,
      bvnVerified: false,
      bankAccountVerified: false,
      level: 0,
      bankVerified: false,
      verificationDetails: { verificationAttempts: 0, verificationStatus: "unverified", maxAttempts: 3, bvnLast4: null, resetAvailableAt: null },
    });
    expect((await call(c, "GET", "/api/verification/transaction-limit")).body).toEqual({ currentLimit: 50_000, currentLevel: 0 });
  });

  it("needs a session", async () => {
    expect((await fetch(`${server.base}/api/verification/status`)).status).toBe(401);
  });
});

describe("BVN then bank account: level 0 -> 1 -> 2", () => {
  it("Chioma Okafor verifies BVN 22222222221 (phone given as +234…) then 058/0123456785", async () => {
    const c = await signUp(server.base, "Chioma Okafor");
    const bvn = await verifyBvn(c, { ...CHIOMA, phoneNumber: "+234 803 123 4567" });
    expect(bvn).toEqual({ status: 200, body: { success: true, message: "BVN verified successfully", verificationLevel: 1 } });
    expect(await status(c)).toMatchObject({
      verificationLevel: 1,
      bvnVerified: true,
      bankAccountVerified: false,
      verificationDetails: { bvnLast4: "2221", verificationStatus: "partially_verified" },
    });
    expect((await call(c, "GET", "/api/verification/transaction-limit")).body).toEqual({ currentLimit: 200_000, currentLevel: 1 });
    expect(await verifyBvn(c, CHIOMA)).toMatchObject({ status: 400, body: { message: "BVN already verified" } });

    const account = await call(c, "POST", "/api/bank-accounts", {
      bankName: "GTBank",
      bankCode: "058",
      accountNumber: "0123456785",
      accountName: "CHIOMA OKAFOR",
    });
    const bank = await call(c, "POST", `/api/verification/bank-account/${String(account.body.id)}`);
    expect(bank).toEqual({ status: 200, body: { success: true, message: "Bank account verified successfully", verificationLevel: 2 } });
    expect(await status(c)).toMatchObject({ verificationLevel: 2, bvnVerified: true, bankAccountVerified: true, level: 2, bankVerified: true });
    expect((await call(c, "GET", "/api/verification/transaction-limit")).body).toEqual({ currentLimit: 1_000_000, currentLevel: 2 });
    expect(((await call(c, "GET", "/api/auth/me")).body as { verificationLevel: number }).verificationLevel).toBe(2);
    expect(((await call(c, "GET", "/api/bank-accounts")).body as unknown as { isVerified: boolean }[])[0]!.isVerified).toBe(true);
    expect(await call(c, "POST", `/api/verification/bank-account/${String(account.body.id)}`)).toMatchObject({
      status: 400,
      body: { message: "Account already fully verified" },
    });
  });

  it("bank account verification needs the BVN first, the user's own account, and a name within the BVN's name", async () => {
    const c = await signUp(server.base, "Adaeze Okonkwo");
    const mine = await call(c, "POST", "/api/bank-accounts", { bankName: "GTB", bankCode: "058", accountNumber: "0987654327", accountName: "ADAEZE OKONKWO" });
    const other = await call(c, "POST", "/api/bank-accounts", { bankName: "GTB", bankCode: "058", accountNumber: "0123456785", accountName: "CHIOMA OKAFOR" });
    expect(await call(c, "POST", `/api/verification/bank-account/${String(mine.body.id)}`)).toMatchObject({
      status: 400,
      body: { message: "Please verify your BVN first" },
    });
    expect((await verifyBvn(c, ADAEZE)).status).toBe(200);
    expect(await call(c, "POST", `/api/verification/bank-account/${String(other.body.id)}`)).toMatchObject({
      status: 400,
      body: { message: "Bank account name does not match the name on your BVN" },
    });
    const stranger = await signUp(server.base, "Someone Else");
    expect((await call(stranger, "POST", `/api/verification/bank-account/${String(mine.body.id)}`)).status).toBe(400); // level 0 first
    expect(await call(c, "POST", "/api/verification/bank-account/999999")).toMatchObject({ status: 404, body: { message: "Bank account not found" } });
    expect((await call(c, "POST", `/api/verification/bank-account/${String(mine.body.id)}`)).status).toBe(200);
  });
});

describe("BVN form rules (not counted as attempts)", () => {
  it.each([
    [{ dateOfBirth: CHIOMA.dateOfBirth, phoneNumber: CHIOMA.phoneNumber }, "Missing Information"],
    [{ ...CHIOMA, bvn: "   " }, "Missing Information"],
    [{ ...CHIOMA, bvn: "2222222222" }, "BVN must be 11 digits"],
    [{ ...CHIOMA, bvn: "2222222222a" }, "BVN must be 11 digits"],
    [{ ...CHIOMA, dateOfBirth: "12/08/1994" }, "Date of birth must be in YYYY-MM-DD format"],
    [{ ...CHIOMA, dateOfBirth: "1994-02-30" }, "Date of birth must be in YYYY-MM-DD format"],
    [{ ...CHIOMA, phoneNumber: "12345678901" }, "Phone number must be a valid Nigerian number"],
  ])("%j -> 400 %s", async (body, message) => {
    const c = await signUp(server.base, "Chioma Okafor");
    expect(await verifyBvn(c, body)).toMatchObject({ status: 400, body: { code: "VALIDATION", message } });
    expect(await attempts(c)).toBe(0);
  });
});

describe("failed attempts", () => {
  it.each([
    ["a BVN not found", "Chioma Okafor", { ...CHIOMA, bvn: "12345678901" }, "BVN not found"],
    ["a name that does not match", "Tunde Bakare", CHIOMA, "The name on your Kolo profile must match the name on your BVN"],
    [
      "a profile name padded with someone else's names",
      "Chioma Okafor Adaeze Okonkwo",
      CHIOMA,
      "The name on your Kolo profile must match the name on your BVN",
    ],
    ["another date of birth", "Chioma Okafor", { ...CHIOMA, dateOfBirth: "1994-08-13" }, "The date of birth does not match the one on your BVN"],
    ["another phone", "Chioma Okafor", { ...CHIOMA, phoneNumber: "08031234568" }, "The phone number does not match the one on your BVN"],
  ])("%s counts as a failed attempt", async (_cause, name, body, message) => {
    const c = await signUp(server.base, name);
    expect(await verifyBvn(c, body)).toMatchObject({
      status: 400,
      body: { code: "RULE_VIOLATION", message, details: { verificationAttempts: 1, attemptsRemaining: 2 } },
    });
    expect(await attempts(c)).toBe(1);
    expect((await status(c)).verificationLevel).toBe(0);
  });

  it("a provider outage (BVN 22222222290) answers 503 and does not count", async () => {
    const c = await signUp(server.base, "Chioma Okafor");
    expect(await verifyBvn(c, { ...CHIOMA, bvn: "22222222290" })).toMatchObject({
      status: 503,
      body: { message: "Verification service unavailable. Please try again later." },
    });
    expect(await attempts(c)).toBe(0);
  });

  it("a BVN verifies one account: the second gets 400 'BVN already linked to another account', counted", async () => {
    const fresh = { bvn: "22222222223", dateOfBirth: "1988-11-02", phoneNumber: "07061234567" };
    const a = await signUp(server.base, "Chukwuemeka Eze");
    const b = await signUp(server.base, "Eze Chukwuemeka");
    const [ra, rb] = await Promise.all([verifyBvn(a, fresh), verifyBvn(b, fresh)]);
    expect([ra.status, rb.status].sort()).toEqual([200, 400]);
    const loser = ra.status === 400 ? ra : rb;
    expect(loser.body).toMatchObject({ message: "BVN already linked to another account", details: { verificationAttempts: 1 } });
    const again = await verifyBvn(ra.status === 400 ? a : b, fresh);
    expect(again).toMatchObject({ status: 400, body: { message: "BVN already linked to another account", details: { verificationAttempts: 2 } } });
  });

  it("three failures block: the fourth is 429 with the time left, status says blocked; parallel tries never pass three", async () => {
    const c = await signUp(server.base, "Fatima Bello");
    const wrong = { bvn: "22222222224", dateOfBirth: "1996-01-31", phoneNumber: "09051234567" };
    const results = await Promise.all(Array.from({ length: 6 }, () => verifyBvn(c, wrong)));
    expect(results.filter((r) => r.status === 400)).toHaveLength(3);
    const blocked = results.filter((r) => r.status === 429);
    expect(blocked).toHaveLength(3);
    expect(await attempts(c)).toBe(3);
    const fourth = await verifyBvn(c, { ...wrong, dateOfBirth: "1996-01-30" });
    expect(fourth).toMatchObject({
      status: 429,
      body: { code: "RATE_LIMITED", details: { verificationAttempts: 3, retryAfterSeconds: 86_400, timeLeft: "24 hours" } },
    });
    expect((await status(c)).verificationDetails).toMatchObject({ verificationStatus: "blocked", verificationAttempts: 3 });
  });
});

describe("reset-attempts after 24 hours (controllable clock)", () => {
  it("429 with the time left before 24 h have passed since the last failure; then reset, and the right BVN verifies", async () => {
    const c = await signUp(server.base, "Fatima Bello");
    const wrong = { bvn: "22222222224", dateOfBirth: "1996-01-31", phoneNumber: "09051234567" };
    for (let i = 0; i < 3; i++) {
      clock = new Date(clock.getTime() + HOUR); // the last failure is the one that counts
      await verifyBvn(c, wrong);
    }
    const lastFailure = clock.getTime();
    const early = await call(c, "POST", "/api/verification/reset-attempts");
    expect(early).toMatchObject({
      status: 429,
      body: { code: "RATE_LIMITED", message: "You can reset your verification attempts in 24 hours.", details: { retryAfterSeconds: 86_400 } },
    });

    clock = new Date(lastFailure + 23 * HOUR - 30 * 60 * 1000);
    expect(await call(c, "POST", "/api/verification/reset-attempts")).toMatchObject({
      status: 429,
      body: { message: "You can reset your verification attempts in 1 hour 30 minutes." },
    });
    expect((await status(c)).verificationDetails).toMatchObject({ resetAvailableAt: new Date(lastFailure + 24 * HOUR).toISOString() });

    clock = new Date(lastFailure + 24 * HOUR);
    expect(await call(c, "POST", "/api/verification/reset-attempts")).toEqual({ status: 200, body: { message: "Verification attempts reset" } });
    expect(await attempts(c)).toBe(0);
    expect((await verifyBvn(c, { ...wrong, dateOfBirth: "1996-01-30" })).status).toBe(200);
  });

  it("an admin may reset another user's attempts at any time; a user may not reset someone else's", async () => {
    const c = await signUp(server.base, "Tunde Bakare");
    for (let i = 0; i < 3; i++) await verifyBvn(c, CHIOMA);
    const other = await signUp(server.base);
    expect((await call(other, "POST", "/api/verification/reset-attempts", { userId: c.user.id })).status).toBe(403);
    const admin = await signUp(server.base, "Admin Person");
    await promoteToAdmin(t.db, admin.user.id);
    expect(await call(admin, "POST", "/api/verification/reset-attempts", { userId: c.user.id })).toEqual({
      status: 200,
      body: { message: "Verification attempts reset" },
    });
    expect(await attempts(c)).toBe(0);
  });
});

describe("feature_verification", () => {
  it("off: non-admins get 403 'Feature disabled by administrator' on the verification calls; status calls keep working", async () => {
    const admin = await signUp(server.base, "Switch Admin");
    await promoteToAdmin(t.db, admin.user.id);
    const c = await signUp(server.base, "Chioma Okafor");
    expect((await call(admin, "PATCH", "/api/admin/settings/feature_verification", { value: false })).status).toBe(200);
    try {
      for (const [path, body] of [
        ["/api/verification/bvn", CHIOMA],
        ["/api/verification/bank-account/1", undefined],
        ["/api/verification/reset-attempts", undefined],
      ] as const) {
        expect(await call(c, "POST", path, body)).toMatchObject({
          status: 403,
          body: { code: "FEATURE_DISABLED", message: "Feature disabled by administrator" },
        });
      }
      expect((await call(c, "GET", "/api/verification/status")).status).toBe(200);
      expect((await call(c, "GET", "/api/verification/transaction-limit")).status).toBe(200);
      expect(await attempts(c)).toBe(0);
    } finally {
      expect((await call(admin, "PATCH", "/api/admin/settings/feature_verification", { value: true })).status).toBe(200);
    }
  });
});

describe("the BVN is never in clear", () => {
  it("no response, log line or database row holds a full BVN; the stored hash is keyed", async () => {
    // Its own database and server: every BVN below is used here first.
    const own = await createTestDatabase();
    const lines: string[] = [];
    const seen: string[] = [];
    const ownServer = await startSandboxServer(own.db, { logLines: lines });
    try {
      const send = async (c: Client, body: unknown) => {
        const response = await api(c, "POST", "/api/verification/bvn", body);
        seen.push(await response.text());
        return response.status;
      };
      const c = await signUp(ownServer.base, "Chioma Okafor");
      expect(await send(c, { ...CHIOMA, bvn: "12345678901" })).toBe(400); // not found
      expect(await send(c, { ...CHIOMA, bvn: "22222222290" })).toBe(503); // outage, logged as a warning
      expect(await send(c, { ...CHIOMA, bvn: "22222222222" })).toBe(400); // mismatch
      expect(await send(c, CHIOMA)).toBe(200);
      const twin = await signUp(ownServer.base, "Chioma Okafor");
      expect(await send(twin, CHIOMA)).toBe(400); // already linked
      seen.push(await (await api(c, "GET", "/api/verification/status")).text());

      const used = ["22222222221", "22222222222", "22222222290", "12345678901"];
      expect(lines.length).toBeGreaterThan(0); // the collector did collect
      expect(lines.some((line) => line.includes("BVN provider call failed"))).toBe(true);
      for (const bvn of used) {
        expect(seen.filter((body) => body.includes(bvn))).toEqual([]);
        expect(lines.filter((line) => line.includes(bvn))).toEqual([]);
      }
      const tables = await own.db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      for (const { table_name } of tables) {
        const rows = await own.db.execute<{ row: string }>(sql`select t::text as row from ${sql.identifier(table_name)} t`);
        for (const { row } of rows) for (const bvn of used) expect(row, table_name).not.toContain(bvn);
      }
      const [stored] = await own.db.select().from(schema.userVerifications).where(eq(schema.userVerifications.userId, c.user.id));
      expect(stored).toMatchObject({ bvnLast4: "2221", bvnHash: createHmac("sha256", TEST_BVN_HASH_KEY).update("22222222221").digest("hex") });
      expect(stored!.bvnHash).not.toBe(createHash("sha256").update("22222222221").digest("hex")); // keyed, not a plain hash
    } finally {
      await ownServer.app.close();
      await own.close();
    }
  });
});
