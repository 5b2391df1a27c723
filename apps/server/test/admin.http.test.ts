// The admin console's /api paths (docs/product.md#admin-console) through the real server, with the
// Paystack sandbox as the gateway an admin's top-up Complete asks (docs/decisions.md).
import { schema } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api, balanceOf, json, signUp, useTestServer } from "./helpers";

// No webhooks: a paid checkout stays pending until someone asks the gateway (here: the admin).
const { t, server, admin } = useTestServer({ deliverWebhooks: false, admin: "Ada Admin" });

describe("admin top-up moves against the gateway sandbox", () => {
  it("Complete is refused until the gateway confirms the payment, then credits exactly once", async () => {
    const user = await signUp(server.base, "Tayo Topup");
    const started = await json<{ authorizationUrl: string; reference: string }>(await api(user, "POST", "/api/wallet/topup", { amount: 2500 }));
    const [record] = await t.db.select().from(schema.transactions).where(eq(schema.transactions.reference, started.reference));

    const early = await api(admin, "POST", "/api/admin/transactions/update-status", { id: record!.id, status: "completed" });
    expect(early.status).toBe(400);
    expect(await json(early)).toMatchObject({ message: "Payment not confirmed by the gateway" });
    expect(await balanceOf(user)).toBe(0);

    const pay = await fetch(`${started.authorizationUrl}/pay`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(pay.status).toBe(303);
    expect(await balanceOf(user)).toBe(0); // no webhook delivered: still pending here

    const [one, two] = await Promise.all([
      api(admin, "POST", "/api/admin/transactions/update-status", { id: record!.id, status: "completed" }),
      api(admin, "POST", "/api/admin/transactions/update-status", { id: record!.id, status: "completed" }),
    ]);
    expect([one.status, two.status].sort()).toEqual([200, 400]);
    expect(await balanceOf(user)).toBe(2500);
    // The user's own verify afterwards credits nothing more.
    await api(user, "GET", `/api/wallet/verify/${started.reference}`);
    expect(await balanceOf(user)).toBe(2500);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("Fail on an unpaid top-up credits nothing", async () => {
    const user = await signUp(server.base);
    const started = await json<{ reference: string }>(await api(user, "POST", "/api/wallet/topup", { amount: 900 }));
    const [record] = await t.db.select().from(schema.transactions).where(eq(schema.transactions.reference, started.reference));
    const failed = await api(admin, "POST", "/api/admin/transactions/update-status", { id: record!.id, status: "failed" });
    expect(failed.status).toBe(200);
    expect(await json(failed)).toMatchObject({ message: "Transaction status has been updated successfully.", transaction: { status: "failed" } });
    expect(await balanceOf(user)).toBe(0);
  });
});

describe("admin users, settings and stats over REST", () => {
  it("GET /api/admin/users answers {users, totalUsers, totalPages}; wallet and status change the user", async () => {
    const user = await signUp(server.base, "Rest Person");
    const listed = await json(await api(admin, "GET", `/api/admin/users?page=1&limit=20&search=${encodeURIComponent("REST person")}`));
    expect(listed).toMatchObject({
      totalUsers: 1,
      totalPages: 1,
      users: [{ id: user.user.id, name: "Rest Person", status: "active", verificationLevel: 0, balance: 0 }],
    });

    const credited = await api(admin, "POST", `/api/admin/users/${user.user.id}/wallet`, { amount: 1000, description: "", type: "credit" });
    expect(credited.status).toBe(200);
    expect(await json(credited)).toMatchObject({ message: "Wallet updated successfully", balance: 1000 });
    expect(await balanceOf(user)).toBe(1000);
    const overdrawn = await api(admin, "POST", `/api/admin/users/${user.user.id}/wallet`, { amount: 1000.01, type: "debit" });
    expect(overdrawn.status).toBe(400);
    expect(await json(overdrawn)).toMatchObject({ code: "INSUFFICIENT_BALANCE" });

    const suspended = await api(admin, "POST", `/api/admin/users/${user.user.id}/status`, { status: "suspended" });
    expect(await json(suspended)).toMatchObject({ message: "User status updated", user: { status: "suspended" } });
    expect((await api(user, "GET", "/api/auth/me")).status).toBe(401);

    const history = await json(await api(admin, "GET", `/api/admin/users/${user.user.id}/transactions`));
    expect(history).toMatchObject([{ type: "other", amount: 1000, recipientInfo: { name: "Rest Person" }, senderInfo: null }]);
    const audit = await json(await api(admin, "GET", `/api/admin/audit?userId=${user.user.id}`));
    expect((audit.entries as { action: string }[]).map((e) => e.action)).toEqual(["user_status", "wallet_credit"]);
  });

  it("GET /api/admin/settings and PATCH answer {id, key, value, description}; stats and transactions answer their shapes", async () => {
    const settings = (await json(await api(admin, "GET", "/api/admin/settings"))) as unknown as { key: string }[];
    expect(settings.map((s) => s.key)).toContain("feature_withdraw");
    expect(settings[0]).toEqual({
      id: expect.any(Number) as number,
      key: expect.any(String) as string,
      value: expect.any(Boolean) as boolean,
      description: expect.any(String) as string,
    });
    const patched = await api(admin, "PATCH", "/api/admin/settings/feature_withdraw", { value: false });
    expect(await json(patched)).toMatchObject({ key: "feature_withdraw", value: false });
    await api(admin, "PATCH", "/api/admin/settings/feature_withdraw", { value: true });

    const stats = await json(await api(admin, "GET", "/api/admin/stats"));
    expect(Object.keys(stats).sort()).toEqual(["activeMerchants", "dailyTransactions", "level0Users", "level1Users", "level2Users", "totalUsers"]);
    expect(stats.dailyTransactions).toBeGreaterThanOrEqual(3500);
    const transactions = await json(await api(admin, "GET", "/api/admin/transactions?page=1&status=failed"));
    expect(transactions).toMatchObject({ page: 1, counts: { failed: expect.any(Number) as number } });
    expect((transactions.transactions as { status: string }[]).every((tx) => tx.status === "failed")).toBe(true);
  });

  it("GET /api/admin/transactions?reference finds transactions by part of their reference, ignoring case, counts included", async () => {
    const first = await signUp(server.base, "Ref One");
    const second = await signUp(server.base, "Ref Two");
    const one = await json<{ reference: string }>(await api(first, "POST", "/api/wallet/topup", { amount: 700 }));
    const two = await json<{ reference: string }>(await api(second, "POST", "/api/wallet/topup", { amount: 800 }));
    type Listed = { transactions: { reference: string; status: string }[]; total: number; totalPages: number; counts: Record<string, number> };
    const search = async (query: string) => {
      const response = await api(admin, "GET", `/api/admin/transactions?${query}`);
      return { status: response.status, body: await json<Listed>(response) };
    };

    // The tail of one reference, in lower case: that transaction alone, its tab counts too.
    const tail = one.reference.slice(-8).toLowerCase();
    const found = await search(`reference=${encodeURIComponent(`  ${tail} `)}`);
    expect(found.status).toBe(200);
    expect(found.body.transactions.map((tx) => tx.reference)).toEqual([one.reference]);
    // A whole reference, in small letters: its one transaction (by the unique index), counted alike.
    expect((await search(`reference=${encodeURIComponent(one.reference.toLowerCase())}`)).body).toMatchObject({
      transactions: [{ reference: one.reference }],
      total: 1,
      counts: { all: 1 },
    });
    expect(found.body).toMatchObject({ total: 1, totalPages: 1, counts: { all: 1, pending: 1, completed: 0, failed: 0, processing: 0 } });
    expect((await search(`status=completed&reference=${encodeURIComponent(tail)}`)).body).toMatchObject({ transactions: [], total: 0, counts: { all: 1 } });

    // LIKE's wildcards are taken literally; an empty reference is no filter; a long one is refused.
    for (const wildcard of ["%", "_", "\\"]) expect((await search(`reference=${encodeURIComponent(wildcard)}`)).body.total).toBe(0);
    const all = await search("reference=");
    expect(all.body.transactions.map((tx) => tx.reference)).toEqual(expect.arrayContaining([one.reference, two.reference]));
    expect(all.body.counts.all).toBeGreaterThanOrEqual(2);
    const tooLong = await search(`reference=${"A".repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({ message: "Reference is too long" });
  });

  it("a non-admin gets 403 'Admin access required' on every admin path; anonymous 401", async () => {
    const user = await signUp(server.base);
    const paths: [string, string, unknown?][] = [
      ["GET", "/api/admin/stats"],
      ["GET", "/api/admin/stats/volume"],
      ["GET", "/api/admin/users"],
      ["GET", `/api/admin/users/${user.user.id}/transactions`],
      ["POST", `/api/admin/users/${user.user.id}/wallet`, { amount: 5, type: "credit" }],
      ["POST", `/api/admin/users/${user.user.id}/status`, { status: "active" }],
      ["GET", "/api/admin/transactions"],
      ["POST", "/api/admin/transactions/update-status", { id: 1, status: "completed" }],
      ["GET", "/api/admin/settings"],
      ["PATCH", "/api/admin/settings/feature_topup", { value: false }],
      ["GET", "/api/admin/audit"],
    ];
    for (const [method, path, body] of paths) {
      const response = await api(user, method, path, body);
      expect([path, response.status, (await json(response)).message]).toEqual([path, 403, "Admin access required"]);
      const anonymous = await api({ ...user, cookie: "" }, method, path, body);
      expect([path, anonymous.status]).toEqual([path, 401]);
    }
    expect(await balanceOf(user)).toBe(0);
  });
});
