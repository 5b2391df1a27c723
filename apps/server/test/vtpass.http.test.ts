// Airtime and data: the real VtpassClient against the built-in VTpass sandbox over HTTP,
// through the real server's /api paths, on a real PostgreSQL database. Each docs/providers.md phone
// fixture; pending purchases settled by the requery job's check (runRequery with a controllable
// clock); refunds only on a definite failure; the request_id retry key; server-side prices,
// validation, limits and switches; the ledger's invariants after a concurrent mix with faults.
import { PURCHASE_REQUERY_KIND, REQUERY_KINDS, applyPurchaseAnswer, runRequery } from "@kolo/api";
import { vtpassFixtures } from "@kolo/sandboxes";
import { schema } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants, promoteToAdmin } from "@kolo/db/testing";
import { PURCHASE_MESSAGES, VTPASS_REQUEST_ID_PATTERN } from "@kolo/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Client, api, balanceOf, useTestServer, type PurchaseBody } from "./helpers";

const PHONES = vtpassFixtures.SANDBOX_PHONES;

const { t, server, services, user, recordOf, holdOf, withSwitchOff } = useTestServer({ vtpassTimeoutMs: 1_500 });

const buyer = (naira = 10_000) => user("Airtime Buyer", naira);

const airtime = (c: Client, body: Record<string, unknown>, key?: string) => api(c, "POST", "/api/airtime", body, key ? { "idempotency-key": key } : {});
const data = (c: Client, body: Record<string, unknown>, key?: string) => api(c, "POST", "/api/data", body, key ? { "idempotency-key": key } : {});

const sandboxRows = (requestId: string) => t.db.select().from(schema.vtpassSandboxPurchases).where(eq(schema.vtpassSandboxPurchases.requestId, requestId));

/** One step of the purchase requery job, as the job worker runs it, at `now` (the job started when the purchase was made). */
const requery = async (reference: string, now = new Date()) => {
  const record = await recordOf(reference);
  return runRequery(
    { db: t.db, services, now },
    { kind: PURCHASE_REQUERY_KIND, reference, attempt: 0, startedAt: record.createdAt.toISOString() },
    REQUERY_KINDS,
  );
};

describe("the VTpass client against the sandbox", () => {
  it("lists at least three plans per network with VTpass-style codes and naira strings", async () => {
    for (const serviceId of ["mtn-data", "glo-data", "airtel-data", "etisalat-data"]) {
      const plans = await server.vtpass.listVariations(serviceId);
      expect(plans.length).toBeGreaterThanOrEqual(3);
      for (const plan of plans) expect(plan.amount).toMatch(/^\d+\.\d{2}$/);
    }
    const mtn = await server.vtpass.listVariations("mtn-data");
    expect(mtn.map((p) => [p.variationCode, p.amountKobo])).toEqual([
      ["mtn-10mb-100", 10_000n],
      ["mtn-1gb-500", 50_000n],
      ["mtn-2gb-1000", 100_000n],
    ]);
  });

  it("sends VTpass's headers: a wrong key is refused", async () => {
    const wrong = await fetch(`${server.base}/sandbox/vtpass/api/service-variations?serviceID=mtn-data`, {
      headers: { "api-key": "nope", "public-key": "nope" },
    });
    expect(wrong.status).toBe(401);
    const noSecret = await fetch(`${server.base}/sandbox/vtpass/api/requery`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ request_id: "202601010000abc" }),
    });
    expect(noSecret.status).toBe(401);
  });

  it("verifies a customer name, and says so when it cannot", async () => {
    expect(await server.vtpass.verifyCustomer("mtn", PHONES.delivered)).toEqual({ customerName: "SANDBOX CUSTOMER 1111" });
    await expect(server.vtpass.verifyCustomer("mtn", PHONES.failed)).rejects.toMatchObject({ status: 404 });
  });
});

describe("calls (docs/product.md#airtime-and-data)", () => {
  it("GET /api/network-providers and /api/data-plans/{networkId} answer the spec's shapes", async () => {
    const c = await buyer(0);
    const networks = (await (await api(c, "GET", "/api/network-providers")).json()) as { id: string; name: string; serviceType: string[] }[];
    expect(networks.map((n) => n.id)).toEqual(["mtn", "glo", "airtel", "etisalat"]);
    expect(networks[0]).toEqual({ id: "mtn", name: "MTN", serviceType: ["airtime", "data"] });
    const plans = await api(c, "GET", "/api/data-plans/mtn");
    expect(plans.status).toBe(200);
    const { variations } = (await plans.json()) as { variations: Record<string, string>[] };
    expect(variations[1]).toEqual({ variation_code: "mtn-1gb-500", name: "MTN 1GB - 7 days", variation_amount: "500.00", variation_desc: "MTN 1GB - 7 days" });
    expect((await api(c, "GET", "/api/data-plans/nokia")).status).toBe(400);
  });

  it("POST /api/verify-customer answers content.Customer_Name, or the non-blocking failure text", async () => {
    const c = await buyer(0);
    const ok = await api(c, "POST", "/api/verify-customer", { network: "mtn", phoneNumber: PHONES.delivered });
    expect(await ok.json()).toEqual({ content: { Customer_Name: "SANDBOX CUSTOMER 1111" } });
    const failed = await api(c, "POST", "/api/verify-customer", { network: "mtn", phoneNumber: PHONES.failed });
    expect(failed.status).toBe(404);
    expect(((await failed.json()) as { message: string }).message).toBe("Could not verify number, but you can still proceed");
  });

  it("validates per docs/product.md#airtime-and-data on the server", async () => {
    const c = await buyer(1_000);
    const message = async (response: Response) => {
      expect(response.status).toBe(400);
      return ((await response.json()) as { message: string }).message;
    };
    expect(await message(await airtime(c, { phoneNumber: "0801111111", amount: 100, network: "mtn" }))).toBe("Phone number must be valid");
    expect(await message(await airtime(c, { phoneNumber: PHONES.delivered, amount: 0, network: "mtn" }))).toBe("Amount must be positive");
    expect(await message(await airtime(c, { phoneNumber: PHONES.delivered, amount: 100 }))).toBe("Please select a network");
    expect(await message(await airtime(c, { phoneNumber: PHONES.delivered, amount: 49, network: "mtn" }))).toBe("Minimum airtime amount is ₦50");
    expect(await message(await airtime(c, { phoneNumber: PHONES.delivered, amount: 50_001, network: "mtn" }))).toBe("Maximum airtime amount is ₦50,000");
    expect(await message(await data(c, { phoneNumber: PHONES.delivered, network: "mtn" }))).toBe("Please select a data plan");
    expect(await message(await data(c, { phoneNumber: PHONES.delivered, network: "mtn", variationCode: "mtn-free-0" }))).toBe("Please select a data plan");
    expect(await balanceOf(c)).toBe(1_000);
    expect(await t.client`select count(*)::int as n from transactions where sender_id = ${c.user.id}`).toEqual([{ n: 0 }]);
  });
});

describe("each sandbox fixture", () => {
  it("08011111111: delivered at once, the hold settled to vtpass_clearing", async () => {
    const c = await buyer(2_000);
    const response = await airtime(c, { phoneNumber: PHONES.delivered, amount: 500, network: "mtn" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as PurchaseBody;
    expect(body).toMatchObject({ status: "success", warning: null, transaction: { type: "airtime", amount: 500, status: "completed" } });
    expect(body.transaction.reference).toMatch(VTPASS_REQUEST_ID_PATTERN);
    expect(body.transaction.metadata).toMatchObject({
      phoneNumber: PHONES.delivered,
      network: "MTN",
      requestId: body.transaction.reference,
      providerTransactionId: expect.any(String),
    });
    expect(await balanceOf(c)).toBe(1_500);
    expect((await holdOf(body.transaction.reference)).status).toBe("settled");
    const [clearing] = await t.client`select balance::text from ledger_accounts where code = 'vtpass_clearing'`;
    expect(BigInt(clearing!.balance as string)).toBeGreaterThanOrEqual(50_000n);
  });

  it("201000000000: 202 pending with the warning, then delivered by the requery job", async () => {
    const c = await buyer(2_000);
    const response = await data(c, { phoneNumber: PHONES.pendingThenDelivered, network: "mtn", variationCode: "mtn-1gb-500" });
    expect(response.status).toBe(202);
    const body = (await response.json()) as PurchaseBody;
    expect(body).toMatchObject({
      status: "pending",
      message: "Data Purchase Pending",
      warning: PURCHASE_MESSAGES.pendingWarning,
      transaction: { type: "data", amount: 500, status: "pending" },
    });
    expect(body.transaction.metadata).toMatchObject({ variationCode: "mtn-1gb-500", planName: "MTN 1GB - 7 days" });
    expect(await balanceOf(c)).toBe(1_500); // held, not spent or refunded

    expect(await requery(body.transaction.reference)).toMatchObject({ outcome: "final" });
    expect((await recordOf(body.transaction.reference)).status).toBe("completed");
    expect(await balanceOf(c)).toBe(1_500);
    expect((await holdOf(body.transaction.reference)).status).toBe("settled");
  });

  it("201000000001: pending, then failed on requery and refunded", async () => {
    const c = await buyer(2_000);
    const response = await airtime(c, { phoneNumber: PHONES.pendingThenFailed, amount: 700, network: "glo" });
    expect(response.status).toBe(202);
    const { transaction } = (await response.json()) as PurchaseBody;
    expect(await balanceOf(c)).toBe(1_300);
    expect(await requery(transaction.reference)).toMatchObject({ outcome: "final" });
    const record = await recordOf(transaction.reference);
    expect(record.status).toBe("failed");
    expect(record.metadata).toMatchObject({ failureReason: expect.stringContaining("016") });
    expect(await balanceOf(c)).toBe(2_000);
    expect((await holdOf(transaction.reference)).status).toBe("released");
  });

  it.each([
    ["HTTP 500 with a non-JSON body", PHONES.http500],
    ["a closed connection", PHONES.connectionClosed],
    ["no answer until the client times out", PHONES.hang],
  ])("%s is pending (never refunded on a guess) and settled by requery", async (_name, phone) => {
    const c = await buyer(2_000);
    const response = await airtime(c, { phoneNumber: phone, amount: 1_000, network: "airtel" });
    expect(response.status).toBe(202);
    const { transaction, warning } = (await response.json()) as PurchaseBody;
    expect(warning).toBe("Your purchase is being processed. We will update you shortly.");
    expect((await recordOf(transaction.reference)).status).toBe("pending");
    expect((await holdOf(transaction.reference)).status).toBe("held");
    expect(await balanceOf(c)).toBe(1_000);
    // The sandbox did buy it: requery settles, never a refund.
    expect(await sandboxRows(transaction.reference)).toHaveLength(1);
    expect(await requery(transaction.reference)).toMatchObject({ outcome: "final" });
    expect((await recordOf(transaction.reference)).status).toBe("completed");
    expect(await balanceOf(c)).toBe(1_000);
  });

  it("08099999999: 016 refunded at once, 'Purchase Failed' with the spec's text", async () => {
    const c = await buyer(2_000);
    const response = await airtime(c, { phoneNumber: PHONES.failed, amount: 500, network: "mtn" });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string; details: { transactionId: number } };
    expect(body).toMatchObject({ code: "PURCHASE_FAILED", message: "Unable to complete airtime purchase. Please try again." });
    const [record] = await t.db.select().from(schema.transactions).where(eq(schema.transactions.id, body.details.transactionId));
    expect(record!.status).toBe("failed");
    expect(await balanceOf(c)).toBe(2_000);
    expect((await holdOf(record!.reference)).status).toBe("released");
    const dataFailed = await data(c, { phoneNumber: PHONES.failed, network: "mtn", variationCode: "mtn-10mb-100" });
    expect(((await dataFailed.json()) as { message: string }).message).toBe("Unable to complete data purchase. Please try again.");
    expect(await balanceOf(c)).toBe(2_000);
  });

  it("a retry with the same idempotency key after a timeout reuses the request_id and never buys twice", async () => {
    const c = await buyer(3_000);
    const request = { phoneNumber: PHONES.hang, amount: 1_000, network: "mtn" };
    const first = await airtime(c, request, "retry-key-after-timeout-1");
    expect(first.status).toBe(202);
    const { transaction } = (await first.json()) as PurchaseBody;
    const retry = await airtime(c, request, "retry-key-after-timeout-1");
    // VTpass refused the repeated request_id (014); Kolo asked for its state instead: delivered.
    expect(retry.status).toBe(200);
    const again = (await retry.json()) as PurchaseBody;
    expect(again.transaction).toMatchObject({ id: transaction.id, reference: transaction.reference, status: "completed" });
    expect(await sandboxRows(transaction.reference)).toHaveLength(1);
    expect(await t.client`select count(*)::int as n from transactions where sender_id = ${c.user.id} and type = 'airtime'`).toEqual([{ n: 1 }]);
    expect(await balanceOf(c)).toBe(2_000);
    // A different purchase under the same key is refused.
    const other = await airtime(c, { ...request, amount: 2_000 }, "retry-key-after-timeout-1");
    expect(other.status).toBe(409);
  });

  it("a pending purchase still pending after 24 h is flagged for an admin, the money still held", async () => {
    const c = await buyer(2_000);
    const response = await airtime(c, { phoneNumber: PHONES.hang, amount: 500, network: "mtn" });
    const { transaction } = (await response.json()) as PurchaseBody;
    // VTpass keeps answering 099 for it (as if stuck at the biller).
    await t.db
      .update(schema.vtpassSandboxPurchases)
      .set({ status: "pending", finalAt: new Date(Date.now() + 86_400_000 * 2) })
      .where(eq(schema.vtpassSandboxPurchases.requestId, transaction.reference));
    expect(await requery(transaction.reference)).toMatchObject({ outcome: "retry" });
    const later = new Date(Date.now() + 25 * 3_600_000);
    expect(await requery(transaction.reference, later)).toMatchObject({ outcome: "flag" });
    const record = await recordOf(transaction.reference);
    expect(record).toMatchObject({ status: "pending", metadata: expect.objectContaining({ needsReview: true }) });
    expect(await balanceOf(c)).toBe(1_500);
  });
});

describe("money rules", () => {
  it("the plan's price comes from the provider: a tampered amount is ignored", async () => {
    const c = await buyer(2_000);
    const response = await data(c, { phoneNumber: PHONES.delivered, network: "mtn", variationCode: "mtn-2gb-1000", amount: 1 });
    expect(response.status).toBe(200);
    expect(((await response.json()) as PurchaseBody).transaction).toMatchObject({ amount: 1_000, status: "completed" });
    expect(await balanceOf(c)).toBe(1_000);
  });

  it("refuses what the balance does not cover, recording nothing", async () => {
    const c = await buyer(400);
    const response = await airtime(c, { phoneNumber: PHONES.delivered, amount: 500, network: "mtn" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    const plan = await data(c, { phoneNumber: PHONES.delivered, network: "mtn", variationCode: "mtn-1gb-500" });
    expect(await plan.json()).toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    expect(await balanceOf(c)).toBe(400);
    expect(await t.client`select count(*)::int as n from transactions where sender_id = ${c.user.id}`).toEqual([{ n: 0 }]);
  });

  it("counts purchases against the daily limit (₦50,000 at level 0); a refund gives the allowance back", async () => {
    const c = await buyer(60_000);
    expect((await airtime(c, { phoneNumber: PHONES.delivered, amount: 49_000, network: "mtn" })).status).toBe(200);
    const over = await airtime(c, { phoneNumber: PHONES.delivered, amount: 1_500, network: "mtn" });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ code: "DAILY_LIMIT_EXCEEDED", details: { remainingAllowance: 1_000, dailyLimit: 50_000 } });
    expect((await airtime(c, { phoneNumber: PHONES.failed, amount: 1_000, network: "mtn" })).status).toBe(400); // 016: refunded
    expect((await airtime(c, { phoneNumber: PHONES.delivered, amount: 1_000, network: "mtn" })).status).toBe(200);
    expect(await balanceOf(c)).toBe(10_000);
  });

  it("feature_airtime and feature_data switch purchases off for users, never for admins", async () => {
    const user = await buyer(2_000);
    const admin = await buyer(2_000);
    await promoteToAdmin(t.db, admin.user.id);
    await withSwitchOff("feature_airtime", async () => {
      const refused = await airtime(user, { phoneNumber: PHONES.delivered, amount: 100, network: "mtn" });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "FEATURE_DISABLED" });
      expect((await airtime(admin, { phoneNumber: PHONES.delivered, amount: 100, network: "mtn" })).status).toBe(200);
      expect((await data(user, { phoneNumber: PHONES.delivered, network: "mtn", variationCode: "mtn-10mb-100" })).status).toBe(200);
    });
    await withSwitchOff("feature_data", async () => {
      const refused = await data(user, { phoneNumber: PHONES.delivered, network: "mtn", variationCode: "mtn-10mb-100" });
      expect(refused.status).toBe(403);
      expect((await data(admin, { phoneNumber: PHONES.delivered, network: "mtn", variationCode: "mtn-10mb-100" })).status).toBe(200);
    });
    expect(await balanceOf(user)).toBe(1_900);
    expect(await balanceOf(admin)).toBe(1_800);
  });

  it("offers the last numbers bought for, newest first, once each", async () => {
    const c = await buyer(2_000);
    await airtime(c, { phoneNumber: "08022222222", amount: 100, network: "glo" });
    await airtime(c, { phoneNumber: PHONES.delivered, amount: 100, network: "mtn" });
    await data(c, { phoneNumber: "08022222222", network: "airtel", variationCode: "airtel-100mb-100" });
    const recent = await (await api(c, "GET", "/api/purchases/recent-numbers")).json();
    expect(recent).toEqual([
      { phoneNumber: "08022222222", network: "airtel", networkName: "Airtel" },
      { phoneNumber: PHONES.delivered, network: "mtn", networkName: "MTN" },
    ]);
  });

  it("an answer applied twice (a purchase call and a requery together) moves the money once", async () => {
    const c = await buyer(2_000);
    const response = await airtime(c, { phoneNumber: PHONES.http500, amount: 300, network: "mtn" });
    const { transaction } = (await response.json()) as PurchaseBody;
    const answer = { outcome: "delivered" as const, code: "000", description: "TRANSACTION SUCCESSFUL" };
    await Promise.all([
      applyPurchaseAnswer(t.db, transaction.reference, answer),
      applyPurchaseAnswer(t.db, transaction.reference, answer),
      requery(transaction.reference),
    ]);
    expect((await recordOf(transaction.reference)).status).toBe("completed");
    expect(await balanceOf(c)).toBe(1_700);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });
});

describe("ledger invariants", () => {
  it("hold after a concurrent random mix of purchases (with sandbox faults) and P2P, once every purchase is settled", async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => buyer(20_000)));
    const phones = [
      PHONES.delivered,
      PHONES.pendingThenDelivered,
      PHONES.pendingThenFailed,
      PHONES.http500,
      PHONES.connectionClosed,
      PHONES.hang,
      PHONES.failed,
    ];
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const work = Array.from({ length: 40 }, (_, i) => {
      const from = users[random(users.length)]!;
      const choice = random(3);
      if (choice === 0) {
        const to = users[(users.indexOf(from) + 1 + random(users.length - 1)) % users.length]!;
        return api(
          from,
          "POST",
          "/api/transfer/p2p",
          { recipientEmail: to.user.email, amount: 100 + random(900) },
          { "idempotency-key": `mix-p2p-${i}-${from.user.id}` },
        );
      }
      const phone = phones[random(phones.length)]!;
      return choice === 1
        ? airtime(from, { phoneNumber: phone, amount: 50 + random(2_000), network: "mtn" }, `mix-airtime-${i}`)
        : data(from, { phoneNumber: phone, network: "glo", variationCode: "glo-1gb-500" }, `mix-data-${i}`);
    });
    const statuses = (await Promise.all(work)).map((r) => r.status);
    expect(statuses.every((s) => [200, 202, 400].includes(s))).toBe(true);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);

    const pending =
      await t.client`select reference from transactions where type in ('airtime', 'data') and status = 'pending' and sender_id in ${t.client(users.map((u) => u.user.id))}`;
    for (const row of pending) expect(await requery(row.reference as string)).toMatchObject({ outcome: "final" });
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);

    // Each wallet = funded + P2P in - P2P out - completed purchases; nothing is still held.
    for (const u of users) {
      const [row] = await t.client`
        select 2000000
          + coalesce((select sum(amount) from transactions where type = 'p2p' and recipient_id = ${u.user.id}), 0)
          - coalesce((select sum(amount) from transactions where type = 'p2p' and sender_id = ${u.user.id}), 0)
          - coalesce((select sum(amount) from transactions where type in ('airtime', 'data') and status = 'completed' and sender_id = ${u.user.id}), 0) as expected`;
      expect(Math.round((await balanceOf(u)) * 100)).toBe(Number(row!.expected));
    }
    const [open] =
      await t.client`select count(*)::int as n from holds h join transactions x on x.reference = h.reference where h.status = 'held' and x.sender_id in ${t.client(users.map((u) => u.user.id))}`;
    expect(open!.n).toBe(0);
    expect(PURCHASE_REQUERY_KIND).toBe("purchase");
  });
});
