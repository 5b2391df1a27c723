// Electricity: the real VtpassClient against the built-in VTpass sandbox over HTTP, through the
// real server's /api paths, on a real PostgreSQL database. Each docs/providers.md meter fixture;
// the meter verified on the server (holder, minimum); the token and units kept on the record and
// its receipt, never on the public check; the same hold, settle, requery and refund rules as
// airtime and data; the idempotency key; the feature switch.
import { PURCHASE_REQUERY_KIND, REQUERY_KINDS, runRequery } from "@kolo/api";
import { toPurchaseAnswer } from "@kolo/providers";
import { schema } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { DISCOS, ELECTRICITY_MESSAGES, PURCHASE_MESSAGES } from "@kolo/domain";
import { vtpassFixtures } from "@kolo/sandboxes";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Client, api, balanceOf, signUp, useTestServer, type PurchaseBody } from "./helpers";

const METERS = vtpassFixtures.SANDBOX_METERS;
const { t, server, services, user, recordOf, holdOf, withSwitchOff } = useTestServer();

const buyer = (naira = 10_000) => user("Power Buyer", naira);

const verify = (c: Client, body: Record<string, unknown>) => api(c, "POST", "/api/electricity/verify-meter", body);
const buy = (c: Client, body: Record<string, unknown>, key?: string) => api(c, "POST", "/api/electricity", body, key ? { "idempotency-key": key } : {});
const order = (meterNumber: string, amount = 2_000, meterType = "prepaid") => ({
  disco: "ikeja-electric",
  meterType,
  meterNumber,
  amount,
  phone: "08011111111",
});
const countOf = async (c: Client) =>
  (await t.client`select count(*)::int as n from transactions where sender_id = ${c.user.id} and type = 'electricity'`)[0]!.n as number;

describe("discos and meters", () => {
  it("GET /api/electricity/discos lists the twelve discos by their VTpass serviceID", async () => {
    const c = await signUp(server.base, "Disco Reader");
    const response = await api(c, "GET", "/api/electricity/discos");
    expect(response.status).toBe(200);
    const discos = (await response.json()) as { id: string; name: string; shortName: string }[];
    expect(discos).toHaveLength(12);
    expect(discos.map((d) => d.id)).toEqual(Object.keys(vtpassFixtures.ELECTRICITY_SERVICES));
    expect(discos[0]).toEqual({ id: "ikeja-electric", name: "Ikeja Electric", shortName: "IKEDC" });
    expect(DISCOS.map((d) => d.shortName)).toContain("YEDC");
  });

  it("POST /api/electricity/verify-meter names the holder, address and minimum; an unknown meter or the wrong type is not found", async () => {
    const c = await signUp(server.base, "Meter Checker");
    const found = await verify(c, { disco: "eko-electric", meterType: "prepaid", meterNumber: "1111 1111 11111" });
    expect(found.status).toBe(200);
    expect(await found.json()).toEqual({
      customerName: "TESTMETER ONE",
      address: "12 Allen Avenue Ikeja",
      meterNumber: METERS.prepaidDelivered,
      meterType: "prepaid",
      minimumAmount: 1000,
    });
    const postpaid = await verify(c, { disco: "abuja-electric", meterType: "postpaid", meterNumber: METERS.postpaidDelivered });
    expect(await postpaid.json()).toMatchObject({ customerName: "TESTMETER TWO", address: "4 Marina Lagos" });

    for (const body of [
      { disco: "ikeja-electric", meterType: "prepaid", meterNumber: "9999999999999" },
      { disco: "ikeja-electric", meterType: "postpaid", meterNumber: METERS.prepaidDelivered },
    ]) {
      const missing = await verify(c, body);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toMatchObject({ code: "NOT_FOUND", message: ELECTRICITY_MESSAGES.meterNotFound });
    }
    const badNumber = await verify(c, { disco: "ikeja-electric", meterType: "prepaid", meterNumber: "12345" });
    expect(badNumber.status).toBe(400);
    expect(await badNumber.json()).toMatchObject({ details: { meterNumber: [ELECTRICITY_MESSAGES.meterNumber] } });
    const badDisco = await verify(c, { disco: "lagos-electric", meterType: "prepaid", meterNumber: METERS.prepaidDelivered });
    expect(await badDisco.json()).toMatchObject({ details: { disco: [ELECTRICITY_MESSAGES.disco] } });
  });
});

describe("each meter fixture", () => {
  it("1111111111111: ₦2,000 prepaid delivered at once with token 4224-8751-7325-1062-8154, on the record and the owner's receipt only", async () => {
    const c = await buyer(5_000);
    const response = await buy(c, order(METERS.prepaidDelivered));
    expect(response.status).toBe(200);
    const body = (await response.json()) as PurchaseBody;
    expect(body).toMatchObject({
      status: "success",
      message: ELECTRICITY_MESSAGES.successTitle,
      transaction: { type: "electricity", amount: 2_000, status: "completed" },
    });
    expect(body.transaction.metadata).toMatchObject({
      disco: "ikeja-electric",
      network: "Ikeja Electric",
      meterNumber: METERS.prepaidDelivered,
      meterType: "prepaid",
      customerName: "TESTMETER ONE",
      customerAddress: "12 Allen Avenue Ikeja",
      token: "4224-8751-7325-1062-8154",
      units: "32.6 kWh",
      providerTransactionId: expect.any(String),
    });
    expect(await balanceOf(c)).toBe(3_000);
    expect((await holdOf(body.transaction.reference)).status).toBe("settled");

    const receipt = (await (await api(c, "GET", `/api/receipts/${body.transaction.reference}`)).json()) as {
      title: string;
      to: { name: string; account: string };
      extraLines: { label: string; value: string }[];
      verifyCode: string;
    };
    expect(receipt.title).toBe("Electricity (prepaid)");
    expect(receipt.to).toEqual({ name: "Ikeja Electric · TESTMETER ONE", account: "Meter 1111 ••••1111" });
    expect(receipt.extraLines).toEqual([
      { label: "Token", value: "4224-8751-7325-1062-8154" },
      { label: "Units", value: "32.6 kWh" },
    ]);
    const pdf = await api(c, "GET", `/api/receipts/${body.transaction.reference}.pdf`);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
    const publicCheck = await fetch(`${server.base}/api/receipts/verify/${receipt.verifyCode}`);
    const checked = await publicCheck.text();
    expect(publicCheck.status).toBe(200);
    expect(checked).toContain("TESTMETER ONE");
    expect(checked).not.toContain("4224");
  });

  it("1010101010101: postpaid delivered, no token", async () => {
    const c = await buyer(5_000);
    const response = await buy(c, { ...order(METERS.postpaidDelivered, 1_500, "postpaid"), disco: "eko-electric" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as PurchaseBody;
    expect(body.transaction.status).toBe("completed");
    expect(body.transaction.metadata).not.toHaveProperty("token");
    expect(await balanceOf(c)).toBe(3_500);
  });

  it("2020202020202: 202 pending with the data warning, then delivered with its token by the requery job", async () => {
    const c = await buyer(5_000);
    const response = await buy(c, order(METERS.prepaidPendingThenDelivered, 1_000));
    expect(response.status).toBe(202);
    const body = (await response.json()) as PurchaseBody;
    expect(body).toMatchObject({ status: "pending", message: ELECTRICITY_MESSAGES.pendingTitle, warning: PURCHASE_MESSAGES.pendingWarning });
    expect(await balanceOf(c)).toBe(4_000);
    const record = await recordOf(body.transaction.reference);
    const step = await runRequery(
      { db: t.db, services, now: new Date() },
      { kind: PURCHASE_REQUERY_KIND, reference: record.reference, attempt: 0, startedAt: record.createdAt.toISOString() },
      REQUERY_KINDS,
    );
    expect(step).toMatchObject({ outcome: "final" });
    const after = await recordOf(body.transaction.reference);
    expect(after.status).toBe("completed");
    expect(after.metadata).toMatchObject({ token: "5161-0042-9981-3370-2210" });
    expect(await balanceOf(c)).toBe(4_000);
  });

  it("1212121212121: 016 refunded at once with the electricity failure text", async () => {
    const c = await buyer(5_000);
    const response = await buy(c, order(METERS.prepaidFailed));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string; details: { transactionId: number } };
    expect(body).toMatchObject({ code: "PURCHASE_FAILED", message: ELECTRICITY_MESSAGES.failed });
    const [record] = await t.db.select().from(schema.transactions).where(eq(schema.transactions.id, body.details.transactionId));
    expect(record!.status).toBe("failed");
    expect((await holdOf(record!.reference)).status).toBe("released");
    expect(await balanceOf(c)).toBe(5_000);
  });
});

describe("money rules", () => {
  it("refuses below ₦1,000, an unknown meter and more than the balance, recording nothing", async () => {
    const c = await buyer(1_500);
    const low = await buy(c, order(METERS.prepaidDelivered, 999));
    expect(low.status).toBe(400);
    expect(await low.json()).toMatchObject({ details: { amount: ["Minimum amount for this meter is ₦1,000.00"] } });
    expect((await buy(c, order("3333333333333"))).status).toBe(404);
    const broke = await buy(c, order(METERS.prepaidDelivered, 2_000));
    expect(broke.status).toBe(400);
    expect(await broke.json()).toMatchObject({ code: "INSUFFICIENT_BALANCE" });
    expect(await countOf(c)).toBe(0);
    expect(await balanceOf(c)).toBe(1_500);
  });

  it("a retry with the same idempotency key answers the same purchase; another meter under it is refused", async () => {
    const c = await buyer(10_000);
    const first = await buy(c, order(METERS.prepaidDelivered), "power-retry-key-1");
    const again = await buy(c, order(METERS.prepaidDelivered), "power-retry-key-1");
    const a = (await first.json()) as PurchaseBody;
    const b = (await again.json()) as PurchaseBody;
    expect(b.transaction).toMatchObject({ id: a.transaction.id, status: "completed", metadata: { token: "4224-8751-7325-1062-8154" } });
    expect((await buy(c, { ...order(METERS.postpaidDelivered, 2_000, "postpaid") }, "power-retry-key-1")).status).toBe(409);
    expect(await countOf(c)).toBe(1);
    expect(await balanceOf(c)).toBe(8_000);
  });

  it("feature_electricity switches it off for users", async () => {
    const c = await buyer(5_000);
    await withSwitchOff("feature_electricity", async () => {
      const refused = await buy(c, order(METERS.prepaidDelivered));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: "FEATURE_DISABLED" });
      expect((await verify(c, { disco: "ikeja-electric", meterType: "prepaid", meterNumber: METERS.prepaidDelivered })).status).toBe(403);
    });
    expect(await balanceOf(c)).toBe(5_000);
  });

  it("the ledger's invariants hold afterwards", async () => {
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });
});

describe("VTpass's electricity answer", () => {
  it("reads the token from `token`, else from purchased_code, and units; none for a pending answer", () => {
    const delivered = { code: "000", content: { transactions: { status: "delivered" } } };
    expect(toPurchaseAnswer({ ...delivered, token: "1234-5678-9012-3456-7890", units: "10 kWh" })).toMatchObject({
      token: "1234-5678-9012-3456-7890",
      units: "10 kWh",
    });
    expect(toPurchaseAnswer({ ...delivered, purchased_code: "Token : 1111 2222 3333 4444 5555" }).token).toBe("11112222333344445555");
    expect(toPurchaseAnswer({ ...delivered, token: "Token : 9999-8888-7777-6666-5555" }).token).toBe("9999-8888-7777-6666-5555");
    expect(toPurchaseAnswer({ code: "099", token: "1234", content: null })).not.toHaveProperty("token");
  });
});
