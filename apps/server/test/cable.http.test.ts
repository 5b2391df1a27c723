// Cable TV: the real VtpassClient against the built-in VTpass sandbox over HTTP, through the real
// server's /api paths, on a real PostgreSQL database. docs/providers.md "Cable TV (VTpass)": the
// bouquets (cached for a day), each smartcard fixture, StarTimes' own verify answer; a renewal at
// the renewal amount and a change at the bouquet's price, both server-checked; the same hold,
// settle, requery and refund rules as every purchase; the idempotency key; the feature switch.
import { CABLE_BOUQUETS_TTL_MS, PURCHASE_REQUERY_KIND, REQUERY_KINDS, runRequery } from "@kolo/api";
import { schema } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { CABLE_MESSAGES, PURCHASE_MESSAGES } from "@kolo/domain";
import { vtpassFixtures } from "@kolo/sandboxes";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { type Client, api, balanceOf, signUp, useTestServer, type PurchaseBody } from "./helpers";

const CARDS = vtpassFixtures.SANDBOX_SMARTCARDS;
const { t, server, services, user, recordOf, holdOf, withSwitchOff } = useTestServer();

const viewer = (naira = 30_000) => user("Cable Viewer", naira);
const verify = (c: Client, provider: string, smartcardNumber: string) => api(c, "POST", "/api/cable/verify", { provider, smartcardNumber });
const buy = (c: Client, body: Record<string, unknown>, key?: string) => api(c, "POST", "/api/cable", body, key ? { "idempotency-key": key } : {});
const renew = (provider: string, smartcardNumber: string, amount: number) => ({ provider, smartcardNumber, amount, phone: "08011111111" });
const change = (provider: string, smartcardNumber: string, bouquetCode: string, amount: number) => ({
  ...renew(provider, smartcardNumber, amount),
  bouquetCode,
});
const countOf = async (c: Client) =>
  (await t.client`select count(*)::int as n from transactions where sender_id = ${c.user.id} and type = 'cable'`)[0]!.n as number;

describe("bouquets", () => {
  it("GET /api/cable/{provider}/bouquets lists each provider's bouquets in naira, asking VTpass once a day per provider", async () => {
    const c = await signUp(server.base, "Bouquet Reader");
    const asked = vi.spyOn(server.vtpass, "listVariations");
    try {
      const first = await api(c, "GET", "/api/cable/gotv/bouquets");
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual([
        { code: "gotv-smallie", name: "GOtv Smallie", amount: 1900 },
        { code: "gotv-jinja", name: "GOtv Jinja", amount: 3900 },
        { code: "gotv-jolli", name: "GOtv Jolli", amount: 5800 },
        { code: "gotv-max", name: "GOtv Max", amount: 8500 },
      ]);
      expect(((await (await api(c, "GET", "/api/cable/gotv/bouquets")).json()) as unknown[]).length).toBe(4);
      expect(asked).toHaveBeenCalledTimes(1);
      const dstv = (await (await api(c, "GET", "/api/cable/dstv/bouquets")).json()) as { code: string; amount: number }[];
      expect(dstv.map((b) => [b.code, b.amount])).toEqual([
        ["dstv-padi", 4400],
        ["dstv-yanga", 6000],
        ["dstv-confam", 11000],
        ["dstv79", 19000],
      ]);
      const startimes = (await (await api(c, "GET", "/api/cable/startimes/bouquets")).json()) as { code: string }[];
      expect(startimes.map((b) => b.code)).toEqual(["nova", "basic", "classic"]);
      expect(asked).toHaveBeenCalledTimes(3);
      expect(asked.mock.calls.map(([serviceId]) => serviceId)).toEqual(["gotv", "dstv", "startimes"]);
    } finally {
      asked.mockRestore();
    }
    expect(CABLE_BOUQUETS_TTL_MS).toBe(24 * 60 * 60 * 1000);
    const unknown = await api(c, "GET", "/api/cable/showmax/bouquets");
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ details: { provider: [CABLE_MESSAGES.provider] } });
  });
});

describe("verify", () => {
  it("POST /api/cable/verify names the holder, current bouquet, due date and renewal amount (naira)", async () => {
    const c = await signUp(server.base, "Card Checker");
    const gotv = await verify(c, "gotv", "703-205-4653");
    expect(gotv.status).toBe(200);
    const body = (await gotv.json()) as Record<string, unknown>;
    expect(body).toEqual({
      provider: "gotv",
      smartcardNumber: CARDS.gotvDelivered,
      customerName: "MUSA IBRAHIM",
      status: "Open",
      currentBouquet: "GOtv Max",
      currentBouquetCode: "gotv-max",
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      renewalAmount: 8500,
    });
    const dueInDays = Math.round((Date.parse(body.dueDate as string) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000);
    expect(dueInDays).toBe(10);
    expect(await (await verify(c, "dstv", CARDS.dstvDelivered)).json()).toMatchObject({
      customerName: "ADAEZE NWOSU",
      currentBouquet: "DStv Confam",
      renewalAmount: 11000,
    });
    expect(await (await verify(c, "dstv", CARDS.pendingThenDelivered)).json()).toMatchObject({ currentBouquetCode: "dstv-padi", renewalAmount: 4400 });
    expect(await (await verify(c, "gotv", CARDS.failed)).json()).toMatchObject({ customerName: "FAILING PAYER", currentBouquetCode: "gotv-smallie" });
  });

  it("StarTimes answers only the name: no bouquet, due date or renewal amount", async () => {
    const c = await signUp(server.base, "Star Checker");
    const star = await verify(c, "startimes", CARDS.startimesDelivered);
    expect(star.status).toBe(200);
    expect(await star.json()).toEqual({
      provider: "startimes",
      smartcardNumber: CARDS.startimesDelivered,
      customerName: "FOLAKE ADEYEMI",
      status: null,
      currentBouquet: null,
      currentBouquetCode: null,
      dueDate: null,
      renewalAmount: null,
    });
  });

  it("an unknown card, or a card at another provider, is not found; a card of the wrong length is refused", async () => {
    const c = await signUp(server.base, "Wrong Card");
    for (const [provider, card] of [
      ["gotv", "9999999999"],
      ["dstv", CARDS.gotvDelivered],
      ["startimes", "12345678901"],
    ] as const) {
      const missing = await verify(c, provider, card);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ code: "NOT_FOUND", message: CABLE_MESSAGES.cardNotFound });
    }
    const short = await verify(c, "gotv", "12345");
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ details: { smartcardNumber: [CABLE_MESSAGES.smartcard] } });
    const eleven = await verify(c, "dstv", CARDS.startimesDelivered);
    expect(await eleven.json()).toMatchObject({ details: { smartcardNumber: [CABLE_MESSAGES.smartcard] } });
  });
});

describe("renew and change", () => {
  it("renews GOtv Max at ₦8,500: settled at once, the record and the owner's receipt name the card and bouquet", async () => {
    const c = await viewer(10_000);
    const response = await buy(c, renew("gotv", CARDS.gotvDelivered, 8_500));
    expect(response.status).toBe(200);
    const body = (await response.json()) as PurchaseBody;
    expect(body).toMatchObject({ status: "success", message: CABLE_MESSAGES.successTitle, transaction: { type: "cable", amount: 8_500, status: "completed" } });
    expect(body.transaction.metadata).toMatchObject({
      network: "GOtv",
      smartcardNumber: CARDS.gotvDelivered,
      subscriptionType: "renew",
      variationCode: "gotv-max",
      planName: "GOtv Max",
      customerName: "MUSA IBRAHIM",
      providerTransactionId: expect.any(String),
    });
    expect(await balanceOf(c)).toBe(1_500);
    expect((await holdOf(body.transaction.reference)).status).toBe("settled");
    const [sent] = await t.db.select().from(schema.vtpassSandboxPurchases).where(eq(schema.vtpassSandboxPurchases.billersCode, CARDS.gotvDelivered));
    expect(sent).toMatchObject({ serviceId: "gotv", variationCode: "gotv-max", amount: 850_000 });

    const receipt = (await (await api(c, "GET", `/api/receipts/${body.transaction.reference}`)).json()) as {
      title: string;
      to: { name: string; account: string };
      extraLines: { label: string; value: string }[];
    };
    expect(receipt.title).toBe("Cable TV (renewal)");
    expect(receipt.to.name).toBe("GOtv · MUSA IBRAHIM");
    expect(receipt.extraLines).toEqual([{ label: "Bouquet", value: "GOtv Max" }]);
  });

  it("changes DStv to Compact at ₦19,000, and StarTimes to Basic at ₦3,700", async () => {
    const c = await viewer(30_000);
    const dstv = await buy(c, change("dstv", CARDS.dstvDelivered, "dstv79", 19_000));
    expect(dstv.status).toBe(200);
    expect(((await dstv.json()) as PurchaseBody).transaction.metadata).toMatchObject({
      subscriptionType: "change",
      variationCode: "dstv79",
      planName: "DStv Compact",
    });
    const star = await buy(c, change("startimes", CARDS.startimesDelivered, "basic", 3_700));
    expect(star.status).toBe(200);
    expect(((await star.json()) as PurchaseBody).transaction).toMatchObject({
      status: "completed",
      metadata: { network: "StarTimes", planName: "StarTimes Basic" },
    });
    expect(await balanceOf(c)).toBe(30_000 - 19_000 - 3_700);
  });

  it("refuses a wrong amount, an unknown bouquet, a StarTimes renewal and an unknown card, recording nothing", async () => {
    const c = await viewer(30_000);
    const low = await buy(c, renew("gotv", CARDS.gotvDelivered, 8_000));
    expect(low.status).toBe(400);
    expect(await low.json()).toMatchObject({ code: "VALIDATION", details: { amount: ["Amount must be the renewal amount, ₦8,500.00"] } });
    const cheap = await buy(c, change("dstv", CARDS.dstvDelivered, "dstv79", 4_400));
    expect(await cheap.json()).toMatchObject({ details: { amount: ["Amount must be the bouquet's price, ₦19,000.00"] } });
    const bouquet = await buy(c, change("gotv", CARDS.gotvDelivered, "dstv79", 19_000));
    expect(bouquet.status).toBe(400);
    expect(await bouquet.json()).toMatchObject({ details: { bouquetCode: [CABLE_MESSAGES.bouquet] } });
    const star = await buy(c, renew("startimes", CARDS.startimesDelivered, 1_900));
    expect(star.status).toBe(400);
    expect(await star.json()).toMatchObject({ details: { bouquetCode: [CABLE_MESSAGES.noRenewal] } });
    expect((await buy(c, renew("gotv", "9999999999", 8_500))).status).toBe(404);
    expect(await countOf(c)).toBe(0);
    expect(await balanceOf(c)).toBe(30_000);
  });

  it("refuses more than the balance", async () => {
    const c = await viewer(5_000);
    const broke = await buy(c, renew("gotv", CARDS.gotvDelivered, 8_500));
    expect(broke.status).toBe(400);
    expect(await broke.json()).toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    expect(await countOf(c)).toBe(0);
    expect(await balanceOf(c)).toBe(5_000);
  });
});

describe("pending, failure, retries", () => {
  it("1010101010: 202 pending with the warning, then delivered by the requery job", async () => {
    const c = await viewer(10_000);
    const response = await buy(c, renew("gotv", CARDS.pendingThenDelivered, 3_900));
    expect(response.status).toBe(202);
    const body = (await response.json()) as PurchaseBody;
    expect(body).toMatchObject({ status: "pending", message: CABLE_MESSAGES.pendingTitle, warning: PURCHASE_MESSAGES.pendingWarning });
    expect(await balanceOf(c)).toBe(6_100);
    expect((await holdOf(body.transaction.reference)).status).toBe("held");
    const record = await recordOf(body.transaction.reference);
    const step = await runRequery(
      { db: t.db, services, now: new Date() },
      { kind: PURCHASE_REQUERY_KIND, reference: record.reference, attempt: 0, startedAt: record.createdAt.toISOString() },
      REQUERY_KINDS,
    );
    expect(step).toMatchObject({ outcome: "final" });
    expect((await recordOf(body.transaction.reference)).status).toBe("completed");
    expect((await holdOf(body.transaction.reference)).status).toBe("settled");
    expect(await balanceOf(c)).toBe(6_100);
  });

  it("1212121212: 016 refunded at once with the cable failure text", async () => {
    const c = await viewer(10_000);
    const response = await buy(c, renew("gotv", CARDS.failed, 1_900));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string; details: { transactionId: number } };
    expect(body).toMatchObject({ code: "PURCHASE_FAILED", message: CABLE_MESSAGES.failed });
    const [record] = await t.db.select().from(schema.transactions).where(eq(schema.transactions.id, body.details.transactionId));
    expect(record!.status).toBe("failed");
    expect((await holdOf(record!.reference)).status).toBe("released");
    expect(await balanceOf(c)).toBe(10_000);
  });

  it("a retry with the same idempotency key answers the same purchase; another card under it is refused", async () => {
    const c = await viewer(20_000);
    const first = (await (await buy(c, renew("gotv", CARDS.gotvDelivered, 8_500), "cable-retry-key-1")).json()) as PurchaseBody;
    const again = await buy(c, renew("gotv", CARDS.gotvDelivered, 8_500), "cable-retry-key-1");
    expect(again.status).toBe(200);
    expect(((await again.json()) as PurchaseBody).transaction).toMatchObject({ id: first.transaction.id, status: "completed" });
    expect((await buy(c, renew("dstv", CARDS.dstvDelivered, 11_000), "cable-retry-key-1")).status).toBe(409);
    expect((await buy(c, change("gotv", CARDS.gotvDelivered, "gotv-jolli", 5_800), "cable-retry-key-1")).status).toBe(409);
    expect(await countOf(c)).toBe(1);
    expect(await balanceOf(c)).toBe(11_500);
  });

  it("feature_cable off: every cable route answers 403 FEATURE_DISABLED for users, nothing moves", async () => {
    const c = await viewer(10_000);
    await withSwitchOff("feature_cable", async () => {
      const refused = await buy(c, renew("gotv", CARDS.gotvDelivered, 8_500));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "FEATURE_DISABLED" });
      expect((await verify(c, "gotv", CARDS.gotvDelivered)).status).toBe(403);
      expect((await api(c, "GET", "/api/cable/gotv/bouquets")).status).toBe(403);
    });
    expect(await countOf(c)).toBe(0);
    expect(await balanceOf(c)).toBe(10_000);
  });

  it("the ledger's invariants hold afterwards", async () => {
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });
});
