import { paystackSignature } from "@kolo/providers";
import { schema } from "@kolo/db";
import { promoteToAdmin } from "@kolo/db/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api, balanceOf, payCheckout, signUp, startTopUp, useTestServer } from "./helpers";

const { t, server, secondServer } = useTestServer();
const quiet = secondServer({ deliverWebhooks: false });

/** Clicks Pay (or Decline) on the sandbox checkout page; returns the redirect target. */
const checkout = async (authorizationUrl: string, button: "pay" | "decline" = "pay") =>
  new URL((await payCheckout(authorizationUrl, button)).headers.get("location")!);

function signedWebhook(base: string, secretKey: string, data: Record<string, unknown>, signature?: string) {
  const body = JSON.stringify({ event: "charge.success", data });
  return fetch(`${base}/api/webhooks/paystack`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-paystack-signature": signature ?? paystackSignature(body, secretKey) },
    body,
  });
}
const chargeData = (reference: string, amount: number, currency = "NGN") => ({
  reference,
  status: "success",
  amount,
  currency,
  fees: 0,
  paid_at: new Date().toISOString(),
  channel: "card",
  gateway_response: "Successful",
});

async function journalEntriesFor(reference: string) {
  return t.db
    .select()
    .from(schema.journalEntries)
    .where(eq(schema.journalEntries.idempotencyKey, `topup:${reference}`));
}

describe("top-up through the Paystack sandbox", () => {
  it("checkout page shows amount and e-mail; Pay credits via the signed webhook and redirects with reference and trxref; verify agrees", async () => {
    const c = await signUp(server.base);
    const { authorizationUrl, reference } = await startTopUp(c, 5000);
    expect(authorizationUrl.startsWith(`${server.base}/sandbox/paystack/checkout/`)).toBe(true);
    const page = await (await fetch(authorizationUrl)).text();
    expect(page).toContain("₦5,000.00");
    expect(page).toContain(c.user.email);
    expect(page).toMatch(/<button[^>]*>Pay<\/button>/);
    expect(page).toMatch(/<button[^>]*>Decline<\/button>/);

    const target = await checkout(authorizationUrl);
    expect(target.pathname).toBe("/dashboard");
    expect(target.searchParams.get("reference")).toBe(reference);
    expect(target.searchParams.get("trxref")).toBe(reference);
    expect(await balanceOf(c)).toBe(5000);

    const verify = await api(c, "GET", `/api/wallet/verify/${reference}`);
    expect(await verify.json()).toEqual({ status: "success", message: "Payment verified successfully", reference, amount: 5000 });
    expect(await balanceOf(c)).toBe(5000);
    expect(await journalEntriesFor(reference)).toHaveLength(1);
    const [fees] = await t.db.select().from(schema.ledgerAccounts).where(eq(schema.ledgerAccounts.code, "gateway_fees"));
    expect(fees!.balance).toBe(-17_500n); // the sandbox's 1.5% + ₦100 on ₦5,000 is the business's cost
  });

  it("webhook and verify arriving at the same moment, several times each, credit exactly once", async () => {
    const c = await signUp(quiet.base);
    const { authorizationUrl, reference } = await startTopUp(c, 2500);
    await checkout(authorizationUrl); // paid, but this server's sandbox delivers its webhook nowhere
    expect(await balanceOf(c)).toBe(0);
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => signedWebhook(quiet.base, quiet.secretKey, chargeData(reference, 250_000))),
      ...Array.from({ length: 5 }, () => api(c, "GET", `/api/wallet/verify/${reference}`)),
    ]);
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await balanceOf(c)).toBe(2500);
    expect(await journalEntriesFor(reference)).toHaveLength(1);
    // a late replay changes nothing
    expect((await signedWebhook(quiet.base, quiet.secretKey, chargeData(reference, 250_000))).status).toBe(200);
    expect(await balanceOf(c)).toBe(2500);
  });

  it("a webhook with a bad or missing signature answers 401 and changes nothing", async () => {
    const c = await signUp(quiet.base);
    const { authorizationUrl, reference } = await startTopUp(c, 1000);
    await checkout(authorizationUrl);
    expect((await signedWebhook(quiet.base, "sk_wrong_secret", chargeData(reference, 100_000))).status).toBe(401);
    expect((await signedWebhook(quiet.base, quiet.secretKey, chargeData(reference, 100_000), "0".repeat(128))).status).toBe(401);
    const missing = await fetch(`${quiet.base}/api/webhooks/paystack`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ event: "charge.success", data: chargeData(reference, 100_000) }),
    });
    expect(missing.status).toBe(401);
    expect(await balanceOf(c)).toBe(0);
    expect(await journalEntriesFor(reference)).toHaveLength(0);
  });

  it("an amount or currency mismatch credits nothing, fails the top-up and is logged", async () => {
    const c = await signUp(quiet.base);
    const first = await startTopUp(c, 1000);
    expect((await signedWebhook(quiet.base, quiet.secretKey, chargeData(first.reference, 1_000_000))).status).toBe(200);
    const second = await startTopUp(c, 1000);
    expect((await signedWebhook(quiet.base, quiet.secretKey, chargeData(second.reference, 100_000, "USD"))).status).toBe(200);
    expect(await balanceOf(c)).toBe(0);
    expect(quiet.warnings.filter((w) => w.includes("mismatch"))).toHaveLength(2);
    const verify = await api(c, "GET", `/api/wallet/verify/${first.reference}`);
    expect(((await verify.json()) as { status: string }).status).toBe("failed");
    expect(await balanceOf(c)).toBe(0);
  });

  it("a declined checkout verifies as failed; an unpaid one stays pending", async () => {
    const c = await signUp(server.base);
    const unpaid = await startTopUp(c, 300);
    expect(((await (await api(c, "GET", `/api/wallet/verify/${unpaid.reference}`)).json()) as { status: string }).status).toBe("pending");
    const declined = await startTopUp(c, 300);
    await checkout(declined.authorizationUrl, "decline");
    expect(((await (await api(c, "GET", `/api/wallet/verify/${declined.reference}`)).json()) as { status: string }).status).toBe("failed");
    expect(await balanceOf(c)).toBe(0);
  });

  it("refuses amounts outside ₦100–₦1,000,000 and someone else's reference", async () => {
    const c = await signUp(server.base);
    const low = await api(c, "POST", "/api/wallet/topup", { amount: 50 });
    expect(low.status).toBe(400);
    expect(await low.json()).toEqual({ code: "VALIDATION", message: "Minimum top-up amount is ₦100", details: { amount: ["Minimum top-up amount is ₦100"] } });
    expect((await api(c, "POST", "/api/wallet/topup", { amount: 1_000_000.01 })).status).toBe(400);
    expect((await api(c, "POST", "/api/wallet/topup", { amount: 100.001 })).status).toBe(400);
    expect((await api(c, "POST", "/api/wallet/topup", { amount: "100" })).status).toBe(400);
    const mine = await startTopUp(c, 100);
    const other = await signUp(server.base);
    expect((await api(other, "GET", `/api/wallet/verify/${mine.reference}`)).status).toBe(404);
  });
});

describe("REST transfers and history", () => {
  it("POST /api/transfer/p2p with the same Idempotency-Key posts once; GET /api/transactions lists newest first", async () => {
    const a = await signUp(server.base, "Ada Sender");
    const b = await signUp(server.base, "Ben Receiver");
    const { authorizationUrl } = await startTopUp(a, 5000);
    await checkout(authorizationUrl);
    const send = () => api(a, "POST", "/api/transfer/p2p", { recipientEmail: b.user.email, amount: 1250 }, { "Idempotency-Key": "rest-key-123456" });
    const [first, second] = await Promise.all([send(), send()]);
    const one = (await first.json()) as { message: string; transaction: { reference: string } };
    const two = (await second.json()) as { transaction: { reference: string } };
    expect(one.message).toBe("Transfer Successful");
    expect(two.transaction.reference).toBe(one.transaction.reference);
    expect(await balanceOf(a)).toBe(3750);
    expect(await balanceOf(b)).toBe(1250);

    const list = (await (await api(a, "GET", "/api/transactions")).json()) as { type: string; amount: number; recipientId: number }[];
    expect(list.map((x) => [x.type, x.amount])).toEqual([
      ["p2p", 1250],
      ["topup", 5000],
    ]);
    const received = (await (await api(b, "GET", "/api/transactions")).json()) as { recipientId: number; description: string }[];
    expect(received).toEqual([expect.objectContaining({ recipientId: b.user.id, description: "Transfer from Ada Sender" })]);

    const missing = await api(a, "POST", "/api/transfer/p2p", { recipientEmail: "ghost@example.com", amount: 1 });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ code: "RECIPIENT_NOT_FOUND", message: "Recipient not found", details: null });
    const self = await api(a, "POST", "/api/transfer/p2p", { recipientEmail: a.user.email, amount: 1 });
    expect(((await self.json()) as { message: string }).message).toBe("You cannot transfer money to yourself");
    const broke = await api(b, "POST", "/api/transfer/p2p", { recipientEmail: a.user.email, amount: 5000 });
    expect(broke.status).toBe(400);
    expect(((await broke.json()) as { message: string }).message).toBe("Insufficient Balance");
  });

  it("refuses a transfer to a locked or suspended account exactly like an unknown recipient, and moves nothing", async () => {
    const a = await signUp(server.base, "Ada Payer");
    const locked = await signUp(server.base, "Lara Locked");
    const suspended = await signUp(server.base, "Sule Suspended");
    const { authorizationUrl } = await startTopUp(a, 1000);
    await checkout(authorizationUrl);
    await t.db.update(schema.users).set({ status: "locked" }).where(eq(schema.users.id, locked.user.id));
    await t.db.update(schema.users).set({ status: "suspended" }).where(eq(schema.users.id, suspended.user.id));
    for (const recipient of [locked, suspended]) {
      const response = await api(a, "POST", "/api/transfer/p2p", { recipientEmail: recipient.user.email, amount: 100 });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: "RECIPIENT_NOT_FOUND", message: "Recipient not found", details: null });
    }
    expect(await balanceOf(a)).toBe(1000);
    const [row] =
      await t.client`select coalesce(sum(balance), 0)::int as total from ledger_accounts where kind = 'user_wallet' and user_id in (${locked.user.id}, ${suspended.user.id})`;
    expect(row!.total).toBe(0);
  });

  it("switches enforced on the server: an admin turns feature_topup off and a user's top-up gets 403", async () => {
    const admin = await signUp(server.base, "Ada Admin");
    await promoteToAdmin(t.db, admin.user.id);
    const user = await signUp(server.base);
    expect((await api(admin, "PATCH", "/api/admin/settings/feature_topup", { value: false })).status).toBe(200);
    try {
      const refused = await api(user, "POST", "/api/wallet/topup", { amount: 1000 });
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe("Feature disabled by administrator");
      expect((await api(admin, "POST", "/api/wallet/topup", { amount: 1000 })).status).toBe(200);
    } finally {
      await api(admin, "PATCH", "/api/admin/settings/feature_topup", { value: true });
    }
    expect((await api(user, "PATCH", "/api/admin/settings/feature_topup", { value: false })).status).toBe(403);
  });
});
