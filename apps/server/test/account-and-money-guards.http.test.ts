// Guards on accounts and money (docs/decisions.md "Security, second round"): no e-mail of another
// user reaches a user, identity names, admin sign-in throttled (never locked) and a second factor,
// the money paths' locks, switches and idempotency keys, four eyes on large adjustments, per-user
// limits, and the configuration checks. Through the real server and its provider sandboxes on a
// real PostgreSQL.
import { totpCode } from "@kolo/api";
import { DEV_TOTP_SECRET as DEV_SECRET, promoteToAdmin } from "@kolo/db/testing";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { developmentModeWarning, parseEnv } from "../src/env";
import { api, balanceOf, sessionCookieOf as cookieOf, fundWallet, signIn as login, signUp, useTestServer } from "./helpers";

const logLines: string[] = [];
const { t, server } = useTestServer({ authRateLimit: { max: 10_000, windowMs: 60_000 }, logLines });

describe("no e-mail of another user ever reaches a user", () => {
  it("P2P by id or by e-mail: the answer and both parties' histories name the counterpart, never their e-mail", async () => {
    const ada = await signUp(server.base, "Ada Obi");
    const bayo = await signUp(server.base, "Bayo Lawal");
    await fundWallet(t.db, ada.user.id, 100);
    const byId = await api(ada, "POST", "/api/transfer/p2p", { recipientId: bayo.user.id, amount: 0.01 }, { "idempotency-key": "leak-test-by-id-1" });
    expect(byId.status).toBe(200);
    const byIdText = await byId.text();
    expect(byIdText).not.toContain(bayo.user.email);
    expect(JSON.parse(byIdText).transaction.metadata).toMatchObject({ senderName: "Ada Obi", recipientName: "Bayo Lawal" });
    const byEmail = await api(ada, "POST", "/api/transfer/p2p", { recipientEmail: bayo.user.email, amount: 0.02 });
    expect(byEmail.status).toBe(200);
    expect(((await byEmail.json()) as { transaction: { metadata: Record<string, unknown> } }).transaction.metadata).toEqual({
      senderName: "Ada Obi",
      recipientName: "Bayo Lawal",
      fee: 0,
    });

    const adaHistory = await (await api(ada, "GET", "/api/transactions")).text();
    const bayoHistory = await (await api(bayo, "GET", "/api/transactions")).text();
    expect(adaHistory).toContain("Bayo Lawal");
    expect(adaHistory).not.toContain(bayo.user.email);
    expect(bayoHistory).toContain("Transfer from Ada Obi");
    expect(bayoHistory).not.toContain(ada.user.email);
    const [stored] = await t.client`select count(*)::int as n from transactions where metadata::text like '%@%'`;
    expect(stored!.n).toBe(0);
  });

  it("ticket replies show staff as 'Staff' with no e-mail to the user; admins still see who answered", async () => {
    const user = await signUp(server.base, "Chidi Okeke");
    const admin = await signUp(server.base, "Agent Smith");
    await promoteToAdmin(t.db, admin.user.id);
    const ticket = (await (
      await api(user, "POST", "/api/support-tickets", { subject: "Card declined", message: "My card was declined twice today." })
    ).json()) as { id: number };
    expect((await api(admin, "POST", `/api/support-tickets/${ticket.id}/replies`, { message: "We are looking into it." })).status).toBe(201);
    expect((await api(user, "POST", `/api/support-tickets/${ticket.id}/replies`, { message: "Thank you." })).status).toBe(201);

    const seen = await api(user, "GET", `/api/support-tickets/${ticket.id}`);
    const seenText = await seen.text();
    expect(seenText).not.toContain(admin.user.email);
    expect(seenText).not.toContain("Agent Smith");
    const replies = (JSON.parse(seenText) as { replies: { userName: string; userEmail: string | null; userRole: string }[] }).replies;
    expect(replies.map((r) => [r.userName, r.userEmail, r.userRole])).toEqual([
      ["Staff", null, "admin"],
      ["Chidi Okeke", user.user.email, "user"],
    ]);
    const staffView = (await (await api(admin, "GET", `/api/support-tickets/${ticket.id}`)).json()) as { replies: { userName: string }[] };
    expect(staffView.replies[0]!.userName).toBe("Agent Smith");
  });
});

/** A fresh admin enrolled with the development secret; answers its e-mail and password (no session kept). */
async function freshAdmin(name = "Vault Keeper") {
  const admin = await signUp(server.base, name);
  await promoteToAdmin(t.db, admin.user.id);
  return { ...admin, password: "secret123" };
}

describe("admin accounts: throttled, never locked, by wrong passwords", () => {
  it("a personal account still locks at the 5th wrong password", async () => {
    const user = await signUp(server.base);
    for (let i = 0; i < 5; i++) expect((await login(server.base, user.user.email, "wrong-password")).status).toBe(401);
    const right = await login(server.base, user.user.email, "secret123");
    expect([right.status, ((await right.json()) as { message: string }).message]).toEqual([403, "Account locked"]);
  });

  it("an admin is throttled with a doubling delay and signs in once it has passed, whatever anyone tried", async () => {
    const admin = await freshAdmin();
    expect((await login(server.base, admin.user.email, "wrong-password")).status).toBe(401);
    // The next password is not even checked for 1 s: the right one is refused too, with the wait.
    const throttled = await login(server.base, admin.user.email, "secret123");
    expect(throttled.status).toBe(429);
    expect((await throttled.json()) as { message: string; details: { retryAfterSeconds: number } }).toMatchObject({
      message: "Too many failed sign-in attempts. Try again in 1 second.",
      details: { retryAfterSeconds: 1 },
    });
    const wait = async () =>
      (await t.client`select extract(epoch from login_blocked_until - now())::float as s from users where id = ${admin.user.id}`)[0]!.s as number;
    const delays = [];
    for (let failure = 2; failure <= 12; failure++) {
      await t.client`update users set login_blocked_until = now() - interval '1 second' where id = ${admin.user.id}`;
      expect((await login(server.base, admin.user.email, "wrong-password")).status).toBe(401);
      delays.push(Math.round(await wait()));
    }
    expect(delays).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    const [row] = await t.client`select status from users where id = ${admin.user.id}`;
    expect(row!.status).toBe("active");
    await t.client`update users set login_blocked_until = now() - interval '1 second' where id = ${admin.user.id}`;
    const ok = await login(server.base, admin.user.email, "secret123");
    expect([ok.status, await ok.json()]).toEqual([200, { mfaRequired: true, enrolled: true }]);
    const [after] = await t.client`select failed_login_count, login_blocked_until from users where id = ${admin.user.id}`;
    expect(after).toEqual({ failed_login_count: 0, login_blocked_until: null });
  });
});

describe("a second factor for admins (TOTP, RFC 6238)", () => {
  const call = (cookie: string, method: string, path: string, body?: unknown) =>
    fetch(`${server.base}${path}`, {
      method,
      headers: { cookie, origin: server.base, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("a session is not admin until the code is given; each code is accepted once", async () => {
    const admin = await freshAdmin();
    const first = await login(server.base, admin.user.email, admin.password);
    expect(await first.json()).toEqual({ mfaRequired: true, enrolled: true });
    const cookie = cookieOf(first);
    for (const path of ["/api/admin/stats", "/api/admin/users", "/api/transactions", "/api/support-tickets"]) {
      const refused = await call(cookie, "GET", path);
      expect([path, refused.status, ((await refused.json()) as { code: string; message: string }).message]).toEqual([path, 403, "Second factor required"]);
    }
    expect(await (await call(cookie, "GET", "/api/auth/me")).json()).toMatchObject({ id: admin.user.id, mfaRequired: true, mfaEnrolled: true });
    const wrong = await call(cookie, "POST", "/api/auth/mfa", { code: totpCode(DEV_SECRET, new Date(Date.now() - 5 * 60_000)) });
    expect([wrong.status, ((await wrong.json()) as { message: string }).message]).toEqual([401, "Invalid code"]);
    expect((await call(cookie, "POST", "/api/auth/mfa", { code: "12345" })).status).toBe(400);

    const code = totpCode(DEV_SECRET);
    const right = await call(cookie, "POST", "/api/auth/mfa", { code });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ id: admin.user.id, recoveryCodes: null });
    expect((await call(cookie, "GET", "/api/admin/stats")).status).toBe(200);
    expect((await (await call(cookie, "GET", "/api/auth/me")).json()) as Record<string, unknown>).not.toHaveProperty("mfaRequired");

    // The same code on a second sign-in (a replay) is refused.
    const second = cookieOf(await login(server.base, admin.user.email, admin.password));
    expect((await call(second, "POST", "/api/auth/mfa", { code })).status).toBe(401);
    expect((await call(second, "GET", "/api/admin/stats")).status).toBe(403);
  });

  it("a new admin enrols at first sign-in: a secret for the QR code, then 10 recovery codes stored hashed, each accepted once", async () => {
    const admin = await signUp(server.base, "New Admin");
    await t.client`update users set role = 'admin' where id = ${admin.user.id}`;
    const signIn = await login(server.base, admin.user.email, "secret123");
    expect(await signIn.json()).toEqual({ mfaRequired: true, enrolled: false });
    const cookie = cookieOf(signIn);
    expect((await call(cookie, "POST", "/api/auth/mfa", { code: "123456" })).status).toBe(400); // not enrolling yet
    const enrol = (await (await call(cookie, "POST", "/api/auth/mfa/enrol")).json()) as { secret: string; otpauthUri: string };
    expect(enrol.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrol.otpauthUri).toContain(`secret=${enrol.secret}`);
    expect(enrol.otpauthUri).toMatch(/^otpauth:\/\/totp\/Kolo:.+period=30/);
    const secret = Buffer.from(decodeBase32IgnorePadding(enrol.secret));
    const confirmed = (await (await call(cookie, "POST", "/api/auth/mfa", { code: totpCode(secret) })).json()) as {
      recoveryCodes: string[];
      recoveryCodesLeft: number;
    };
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    expect(confirmed.recoveryCodesLeft).toBe(10);
    expect((await call(cookie, "GET", "/api/admin/stats")).status).toBe(200);
    const stored = await t.client`select code_hash from mfa_recovery_codes where user_id = ${admin.user.id}`;
    expect(stored).toHaveLength(10);
    for (const code of confirmed.recoveryCodes) expect(stored.map((r) => r.code_hash)).not.toContain(code);
    expect((await call(cookie, "POST", "/api/auth/mfa/enrol")).status).toBe(400); // enrolled already

    const recovery = confirmed.recoveryCodes[3]!;
    const next = cookieOf(await login(server.base, admin.user.email, "secret123"));
    const used = await call(next, "POST", "/api/auth/mfa", { code: recovery.toUpperCase() });
    expect([used.status, ((await used.json()) as { recoveryCodesLeft: number }).recoveryCodesLeft]).toEqual([200, 9]);
    const again = cookieOf(await login(server.base, admin.user.email, "secret123"));
    expect((await call(again, "POST", "/api/auth/mfa", { code: recovery })).status).toBe(401);
  });

  it("5 wrong codes in 15 minutes stop codes being checked, the right one included", async () => {
    const admin = await freshAdmin();
    const cookie = cookieOf(await login(server.base, admin.user.email, admin.password));
    const wrongCode = totpCode(DEV_SECRET, new Date(Date.now() - 10 * 60_000));
    for (let i = 0; i < 5; i++) expect((await call(cookie, "POST", "/api/auth/mfa", { code: wrongCode })).status).toBe(401);
    const blocked = await call(cookie, "POST", "/api/auth/mfa", { code: totpCode(DEV_SECRET) });
    expect(blocked.status).toBe(429);
    expect(((await blocked.json()) as { message: string }).message).toMatch(/^Too many wrong codes\. Try again in 1[45] minutes\.$/);
    await t.client`update users set mfa_window_started_at = now() - interval '16 minutes' where id = ${admin.user.id}`;
    expect((await call(cookie, "POST", "/api/auth/mfa", { code: totpCode(DEV_SECRET) })).status).toBe(200);
  });
});

describe("money paths", () => {
  /** A merchant account owned by a fresh user; answers its id and the owner. */
  async function merchant(name: string) {
    const owner = await signUp(server.base, `${name} Owner`);
    const created = await api(owner, "POST", "/api/merchants", { name, description: "", category: "Retail" });
    expect(created.status).toBe(201);
    return { id: ((await created.json()) as { id: number }).id, owner };
  }

  it("merchant payments and P2P transfers by one user at once: one lock order, no deadlock, no 500", async () => {
    const payer = await signUp(server.base, "Busy Payer");
    await t.client`update users set verification_level = 2 where id = ${payer.user.id}`;
    await fundWallet(t.db, payer.user.id, 5_000);
    const friend = await signUp(server.base, "Busy Friend");
    const shop = await merchant("Busy Shop");
    const calls = Array.from({ length: 40 }, (_, i) =>
      i % 2
        ? api(payer, "POST", "/api/payments/merchant", { merchantId: shop.id, amount: 1 })
        : api(payer, "POST", "/api/transfer/p2p", { recipientId: friend.user.id, amount: 1 }),
    );
    const statuses = (await Promise.all(calls)).map((response) => response.status);
    expect(statuses.filter((status) => status !== 200 && status !== 201)).toEqual([]);
    const [counter] = await t.client`select total_kobo::text as total from daily_outgoing where user_id = ${payer.user.id}`;
    expect(counter!.total).toBe("4000");
  });

  it("a merchant whose owner is suspended or locked takes no payment: 'Merchant not available', nothing moves", async () => {
    const payer = await signUp(server.base, "Careful Payer");
    await fundWallet(t.db, payer.user.id, 100);
    for (const status of ["suspended", "locked"] as const) {
      const shop = await merchant(`Gone Shop ${status}`);
      await t.client`update users set status = ${status} where id = ${shop.owner.user.id}`;
      const refused = await api(payer, "POST", "/api/payments/merchant", { merchantId: shop.id, amount: 10 });
      expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([400, "Merchant not available"]);
    }
    expect(await balanceOf(payer)).toBe(100);
  });
});

describe("switches", () => {
  it("a bank transfer is a payout: with feature_withdraw off it is refused, with nothing held", async () => {
    const admin = await freshAdmin("Switch Keeper");
    const user = await signUp(server.base, "Chioma Okafor");
    await fundWallet(t.db, user.user.id, 1_000);
    const account = (await (
      await api(user, "POST", "/api/bank-accounts", { bankName: "GTBank", bankCode: "058", accountNumber: "0123456785", accountName: "CHIOMA OKAFOR" })
    ).json()) as { id: number };
    expect((await api(admin, "PATCH", "/api/admin/settings/feature_withdraw", { value: false })).status).toBe(200);
    try {
      const refused = await api(user, "POST", "/api/transfer/bank", { bankAccountId: account.id, amount: 500, transferFee: 50 });
      expect([refused.status, ((await refused.json()) as { message: string }).message]).toEqual([403, "Feature disabled by administrator"]);
      expect(await balanceOf(user)).toBe(1_000);
    } finally {
      expect((await api(admin, "PATCH", "/api/admin/settings/feature_withdraw", { value: true })).status).toBe(200);
    }
    expect((await api(user, "POST", "/api/transfer/bank", { bankAccountId: account.id, amount: 500, transferFee: 50 })).status).toBe(200);
  });
});

describe("sandboxes and configuration", () => {
  it("the Paystack sandbox checks its key on the decoded path: /%62ank/... needs it as /bank/... does", async () => {
    for (const path of [
      "/sandbox/paystack/bank/resolve?account_number=0123456785&bank_code=058",
      "/sandbox/paystack/%62ank/resolve?account_number=0123456785&bank_code=058",
      "/sandbox/paystack/%74ransfer/verify/wd_x",
    ]) {
      const response = await fetch(`${server.base}${path}`);
      expect([path, response.status]).toEqual([path, 401]);
    }
    const keyed = await fetch(`${server.base}/sandbox/paystack/%62ank/resolve?account_number=0123456785&bank_code=058`, {
      headers: { authorization: `Bearer ${server.secretKey}` },
    });
    expect(keyed.status).toBe(200);
  });
});

describe("configuration", () => {
  const BVN_KEY = "k".repeat(32);
  const vtpass = { VTPASS_API_KEY: "api_x", VTPASS_PUBLIC_KEY: "PK_x", VTPASS_SECRET_KEY: "SK_x" };

  it("production never runs a live provider beside a sandbox one, even with KOLO_SANDBOX=1", () => {
    const base = { NODE_ENV: "production", KOLO_SANDBOX: "1", BVN_HASH_KEY: BVN_KEY };
    expect(parseEnv({ ...base, PAYSTACK_SECRET_KEY: "sk_live_x" }).error?.issues).toEqual([expect.objectContaining({ path: ["VTPASS_SECRET_KEY"] })]);
    expect(parseEnv({ ...base, ...vtpass }).error?.issues).toEqual([expect.objectContaining({ path: ["PAYSTACK_SECRET_KEY"] })]);
    expect(parseEnv(base).success).toBe(true);
    expect(parseEnv({ ...base, PAYSTACK_SECRET_KEY: "sk_live_x", ...vtpass }).success).toBe(true);
    expect(parseEnv({ PAYSTACK_SECRET_KEY: "sk_test_x" }).success).toBe(true); // development may mix
  });

  it("no NODE_ENV on a non-loopback address: one warning line that it runs in development mode", () => {
    expect(developmentModeWarning({}, "0.0.0.0")).toMatch(/^WARNING: NODE_ENV is not set: running in development mode .* on 0\.0\.0\.0/);
    expect(developmentModeWarning({}, "10.1.2.3")).not.toBeNull();
    expect(developmentModeWarning({}, "127.0.0.1")).toBeNull();
    expect(developmentModeWarning({}, "::1")).toBeNull();
    expect(developmentModeWarning({ NODE_ENV: "development" }, "0.0.0.0")).toBeNull();
    expect(developmentModeWarning({ NODE_ENV: "production" }, "0.0.0.0")).toBeNull();
  });
});

describe("idempotency keys on every money write: header or body", () => {
  it("a body idempotencyKey makes a repeat answer the first transfer; a header and body that differ are refused", async () => {
    const payer = await signUp(server.base, "Keyed Payer");
    const payee = await signUp(server.base, "Keyed Payee");
    await fundWallet(t.db, payer.user.id, 100);
    const body = { recipientId: payee.user.id, amount: 5, idempotencyKey: "body-key-0001" };
    const first = (await (await api(payer, "POST", "/api/transfer/p2p", body)).json()) as { transaction: { id: number } };
    const again = (await (await api(payer, "POST", "/api/transfer/p2p", body)).json()) as { transaction: { id: number } };
    expect(again.transaction.id).toBe(first.transaction.id);
    expect(await balanceOf(payer)).toBe(95);

    const differ = await api(payer, "POST", "/api/transfer/p2p", { ...body, idempotencyKey: "body-key-0002" }, { "idempotency-key": "header-key-0002" });
    expect([differ.status, ((await differ.json()) as { code: string }).code]).toEqual([400, "VALIDATION"]);
    const topUp = await api(payer, "POST", "/api/wallet/topup", { amount: 500, idempotencyKey: "body-key-0003" }, { "idempotency-key": "header-key-0003" });
    expect(topUp.status).toBe(400);
    const same = await api(payer, "POST", "/api/transfer/p2p", { ...body, idempotencyKey: "same-key-0004" }, { "idempotency-key": "same-key-0004" });
    expect(same.status).toBe(200);
    expect(await balanceOf(payer)).toBe(90);
  });
});

describe("four eyes on large adjustments, and where admins come from", () => {
  it("a credit at or above ₦100,000 waits pending; its creator cannot approve it; another admin can, once; below, nothing changes", async () => {
    const first = await freshAdmin("First Admin");
    const second = await freshAdmin("Second Admin");
    const user = await signUp(server.base, "Big Credit");
    const small = await api(first, "POST", `/api/admin/users/${user.user.id}/wallet`, { amount: 99_999.99, type: "credit", description: "below" });
    expect(small.status).toBe(200);
    expect(await balanceOf(user)).toBe(99_999.99);

    const big = await api(
      first,
      "POST",
      `/api/admin/users/${user.user.id}/wallet`,
      { amount: 100_000, type: "credit", description: "refund of a failed bank transfer" },
      { "idempotency-key": "four-eyes-0001" },
    );
    expect(big.status).toBe(202);
    const pending = (await big.json()) as { pending: boolean; adjustment: { id: number; status: string; amount: number } };
    expect(pending).toMatchObject({ pending: true, adjustment: { status: "pending", amount: 100_000 } });
    expect(await balanceOf(user)).toBe(99_999.99);
    const repeat = (await (
      await api(
        first,
        "POST",
        `/api/admin/users/${user.user.id}/wallet`,
        { amount: 100_000, type: "credit", description: "refund of a failed bank transfer" },
        { "idempotency-key": "four-eyes-0001" },
      )
    ).json()) as { adjustment: { id: number } };
    expect(repeat.adjustment.id).toBe(pending.adjustment.id);

    const listed = (await (await api(second, "GET", "/api/admin/adjustments?status=pending")).json()) as { adjustments: { id: number }[]; threshold: number };
    expect(listed.threshold).toBe(100_000);
    expect(listed.adjustments.map((a) => a.id)).toContain(pending.adjustment.id);

    const own = await api(first, "POST", `/api/admin/adjustments/${pending.adjustment.id}/approve`);
    expect([own.status, ((await own.json()) as { message: string }).message]).toEqual([403, "Another admin must approve or reject this adjustment"]);
    const approvals = await Promise.all([1, 2].map(() => api(second, "POST", `/api/admin/adjustments/${pending.adjustment.id}/approve`)));
    expect(approvals.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(user)).toBe(199_999.99);
    const audit = await t.client`select action from admin_audit where subject = ${`adjustment:${pending.adjustment.id}`} order by id`;
    expect(audit.map((row) => row.action)).toEqual(["adjustment_request", "adjustment_approve"]);
  });

  it("a rejected adjustment moves nothing; the threshold is a setting", async () => {
    const first = await freshAdmin("Third Admin");
    const second = await freshAdmin("Fourth Admin");
    const user = await signUp(server.base, "Rejected Credit");
    const big = (await (
      await api(first, "POST", `/api/admin/users/${user.user.id}/wallet`, { amount: 250_000, type: "credit", description: "too much" })
    ).json()) as { adjustment: { id: number } };
    const rejected = await api(second, "POST", `/api/admin/adjustments/${big.adjustment.id}/reject`);
    expect(rejected.status).toBe(200);
    expect(await balanceOf(user)).toBe(0);
    expect((await api(second, "POST", `/api/admin/adjustments/${big.adjustment.id}/approve`)).status).toBe(409);

    // The threshold is a money setting: its change waits for the other admin too (docs/admin-security.md "Approvals").
    const setThreshold = async (value: number) => {
      const asked = await api(first, "PATCH", "/api/admin/settings/adjustment_approval_threshold", { value });
      expect(asked.status).toBe(202);
      const { approvalId } = (await asked.json()) as { approvalId: number };
      expect((await api(second, "POST", `/api/admin/approvals/${approvalId}/approve`, {})).status).toBe(200);
    };
    await setThreshold(500);
    try {
      expect((await api(first, "POST", `/api/admin/users/${user.user.id}/wallet`, { amount: 500, type: "credit", description: "now above" })).status).toBe(202);
    } finally {
      await setThreshold(100_000);
    }
  });

  it("an admin grants the admin role with a second admin (the new admin enrols at first sign-in) and revokes it; never their own", async () => {
    const admin = await freshAdmin("Role Keeper");
    const other = await freshAdmin("Role Approver");
    const user = await signUp(server.base, "Future Admin");
    expect((await api(admin, "PATCH", `/api/admin/users/${admin.user.id}/role`, { role: "personal" })).status).toBe(400);
    const asked = await api(admin, "PATCH", `/api/admin/users/${user.user.id}/role`, { role: "admin" });
    const waiting = (await asked.json()) as { pending: boolean; approvalId: number };
    expect([asked.status, waiting.pending]).toEqual([202, true]);
    const granted = await api(other, "POST", `/api/admin/approvals/${waiting.approvalId}/approve`, {});
    expect(granted.status).toBe(200);
    // The new admin's existing session is not an admin session: the second factor first.
    expect((await api(user, "GET", "/api/admin/stats")).status).toBe(403);
    const signIn = await login(server.base, user.user.email, "secret123");
    expect(await signIn.json()).toEqual({ mfaRequired: true, enrolled: false });
    expect((await api(admin, "PATCH", `/api/admin/users/${user.user.id}/role`, { role: "personal" })).status).toBe(200);
    expect((await api(user, "GET", "/api/transactions")).status).toBe(200);
    const audit = await t.client`select after from admin_audit where action = 'user_role' and user_id = ${user.user.id} order by id`;
    expect(audit.map((row) => (row.after as { role: string }).role)).toEqual(["admin", "personal"]);
  });
});

describe("limits per user", () => {
  it("5 new tickets an hour, 30 replies an hour (staff exempt), 10 top-up initializations a minute: then 429 'Too many requests'", async () => {
    const user = await signUp(server.base, "Chatty User");
    const tickets: number[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await api(user, "POST", "/api/support-tickets", { subject: `Question ${i + 1}`, message: "Something about my wallet." });
      expect(created.status).toBe(201);
      tickets.push(((await created.json()) as { id: number }).id);
    }
    const sixth = await api(user, "POST", "/api/support-tickets", { subject: "Question 6", message: "Something about my wallet." });
    expect([sixth.status, (await sixth.json()) as { message: string; details: { retryAfterSeconds: number } }]).toEqual([
      429,
      expect.objectContaining({ message: "Too many requests", details: { retryAfterSeconds: expect.any(Number) } }),
    ]);
    const replies = await Promise.all(
      Array.from({ length: 32 }, (_, i) => api(user, "POST", `/api/support-tickets/${tickets[0]}/replies`, { message: `More detail ${i}` })),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([...Array(30).fill(201), 429, 429]);
    const staff = await freshAdmin("Busy Staff");
    for (let i = 0; i < 32; i++) expect((await api(staff, "POST", `/api/support-tickets/${tickets[1]}/replies`, { message: `Answer ${i}` })).status).toBe(201);

    const payer = await signUp(server.base, "Eager Payer");
    const topUps = await Promise.all(Array.from({ length: 12 }, () => api(payer, "POST", "/api/wallet/topup", { amount: 1000 })));
    expect(topUps.map((r) => r.status).sort()).toEqual([...Array(10).fill(200), 429, 429]);
    const [count] = await t.client`select count(*)::int as n from transactions where type = 'topup' and recipient_id = ${payer.user.id}`;
    expect(count!.n).toBe(10);
  });
});
