// Merchant analytics and customers (GET /api/merchants/me/analytics, GET /api/merchants/me/customers)
// through the real server's REST paths on a real PostgreSQL: exact aggregates over a known set of
// payments placed on Lagos day boundaries, the days parameter, search, paging, and another
// merchant's payments never counted.
import { schema } from "@kolo/db";
import { eq, inArray } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { registerOverHttp, useTestApp } from "./helpers";

/** 13:00 in Lagos on 2026-03-10 (Lagos is UTC+01:00 all year): "today" for every request below. */
const NOW = new Date("2026-03-10T12:00:00.000Z");
const { t, app, call, fund } = useTestApp({ services: { now: () => NOW } });
type Client = Awaited<ReturnType<typeof registerOverHttp>>;

const body = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json<T>();

interface Analytics {
  days: number;
  from: string;
  to: string;
  totalSales: number;
  paymentCount: number;
  averageTicket: number;
  refunds: { amount: number; count: number };
  daily: { day: string; amount: number; count: number }[];
  channels: { channel: string; amount: number; count: number }[];
}
interface Customers {
  customers: { kind: string; name: string; email: string | null; phone: string | null; totalPaid: number; payments: number; lastPaymentAt: string }[];
  total: number;
  page: number;
  totalPages: number;
}

async function merchantOwner(name: string) {
  const owner = await registerOverHttp(app);
  const response = await call(owner, "POST", "/api/merchants", { name, description: "", category: "Retail" });
  expect(response.statusCode).toBe(201);
  return { owner, merchantId: body<{ id: number }>(response).id };
}

/** Pays the merchant (QR) or an invoice of `invoiceOwner` over REST, then moves the record to `at`. */
async function payAt(payer: Client, at: string, naira: number, to: { merchantId: number } | { invoiceOwner: Client }) {
  let response: LightMyRequestResponse;
  if ("merchantId" in to) {
    response = await call(payer, "POST", "/api/payments/merchant", { merchantId: to.merchantId, amount: naira });
  } else {
    const invoice = await call(to.invoiceOwner, "POST", "/api/invoices", { customerName: "Customer", amount: naira, description: "Order" });
    expect(invoice.statusCode).toBe(201);
    response = await call(payer, "POST", `/api/payments/invoice/${body<{ id: number }>(invoice).id}`, {});
  }
  expect(response.statusCode, response.body).toBe(200);
  const reference = body<{ transaction: { reference: string } }>(response).transaction.reference;
  await t.db
    .update(schema.transactions)
    .set({ createdAt: new Date(at) })
    .where(eq(schema.transactions.reference, reference));
  return reference;
}

let shop: Awaited<ReturnType<typeof merchantOwner>>;
let other: Awaited<ReturnType<typeof merchantOwner>>;
let ada: Client;
let bola: Client;

beforeAll(async () => {
  shop = await merchantOwner("Mama Put");
  other = await merchantOwner("Other Shop");
  ada = await registerOverHttp(app, { name: "Ada Obi" });
  bola = await registerOverHttp(app, { name: "Bola Ade" });
  await fund(ada, 10_000);
  await fund(bola, 10_000);
  await t.db.update(schema.users).set({ phone: "08031234567" }).where(eq(schema.users.id, bola.user.id));

  // Today, 12:00 in Lagos.
  await payAt(ada, "2026-03-10T11:00:00.000Z", 1_000, shop);
  // 00:00:00 Lagos on 2026-03-04: the first instant of the 7-day period.
  await payAt(ada, "2026-03-03T23:00:00.000Z", 500.5, shop);
  // 23:59:59.999 Lagos on 2026-03-03: the day before the 7-day period, in the 30-day one.
  await payAt(bola, "2026-03-03T22:59:59.999Z", 2_000, { invoiceOwner: shop.owner });
  // 00:00 Lagos on 2026-02-09, the 30-day period's first day; and one millisecond before it.
  await payAt(bola, "2026-02-08T23:00:00.000Z", 250, shop);
  await payAt(ada, "2026-02-08T22:59:59.999Z", 100.01, shop);
  // 23:59 Lagos on 2025-12-10, the day before the 90-day period (2025-12-11 .. 2026-03-10).
  await payAt(bola, "2025-12-10T22:59:00.000Z", 50, shop);
  // Another merchant's payment, today: never in Mama Put's figures.
  await payAt(ada, "2026-03-10T10:00:00.000Z", 777, other);
  // A guest's card payment (a payment link paid by card: name and e-mail only, no Kolo user), as
  // such a payment's record reads; no money moves in this file's assertions.
  await t.db.insert(schema.transactions).values({
    type: "payment",
    amount: 40_000n,
    status: "completed",
    reference: "TEST-CARD-GUEST-1",
    description: "Payment to Mama Put",
    metadata: { merchantId: shop.merchantId, merchantName: "Mama Put", channel: "card", payerName: "Chi Guest", payerEmail: "Chi@Example.com" },
    createdAt: new Date("2026-01-15T09:00:00.000Z"),
  });
  // Withdrawing the merchant balance is not a sale.
  expect((await call(shop.owner, "POST", "/api/merchants/withdraw", {})).statusCode).toBe(200);
});

const analytics = async (c: Client, query: string) => {
  const response = await call(c, "GET", `/api/merchants/me/analytics${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return body<Analytics>(response);
};
const channels = (qr: [number, number], invoice: [number, number], link: [number, number], card: [number, number]) =>
  Object.entries({ qr, invoice, link, card }).map(([channel, [amount, count]]) => ({ channel, amount, count }));

describe("GET /api/merchants/me/analytics", () => {
  it("sums the last 7 Lagos days, today included, from the first instant of the first day", async () => {
    const week = await analytics(shop.owner, "?days=7");
    expect(week).toMatchObject({ days: 7, from: "2026-03-04", to: "2026-03-10", totalSales: 1_500.5, paymentCount: 2, averageTicket: 750.25 });
    expect(week.refunds).toEqual({ amount: 0, count: 0 });
    expect(week.daily).toEqual([
      { day: "2026-03-04", amount: 500.5, count: 1 },
      { day: "2026-03-05", amount: 0, count: 0 },
      { day: "2026-03-06", amount: 0, count: 0 },
      { day: "2026-03-07", amount: 0, count: 0 },
      { day: "2026-03-08", amount: 0, count: 0 },
      { day: "2026-03-09", amount: 0, count: 0 },
      { day: "2026-03-10", amount: 1_000, count: 1 },
    ]);
    expect(week.channels).toEqual(channels([1_500.5, 2], [0, 0], [0, 0], [0, 0]));
  });

  it("30 days: the invoice paid at 23:59:59.999 Lagos the day before, and the boundary of 2026-02-09", async () => {
    const month = await analytics(shop.owner, "?days=30");
    // 375,050 kobo / 4 = 93,762.5 kobo: the average ticket rounds half up to the kobo.
    expect(month).toMatchObject({ days: 30, from: "2026-02-09", to: "2026-03-10", totalSales: 3_750.5, paymentCount: 4, averageTicket: 937.63 });
    expect(month.daily).toHaveLength(30);
    expect(month.daily[0]).toEqual({ day: "2026-02-09", amount: 250, count: 1 });
    expect(month.daily.find((d) => d.day === "2026-03-03")).toEqual({ day: "2026-03-03", amount: 2_000, count: 1 });
    expect(month.daily.reduce((sum, d) => sum + d.count, 0)).toBe(4);
    expect(month.channels).toEqual(channels([1_750.5, 3], [2_000, 1], [0, 0], [0, 0]));
  });

  it("90 days (the default is 30): a guest's card payment counts, the day before the period does not", async () => {
    const quarter = await analytics(shop.owner, "?days=90");
    expect(quarter).toMatchObject({ days: 90, from: "2025-12-11", to: "2026-03-10", totalSales: 4_250.51, paymentCount: 6, averageTicket: 708.42 });
    expect(quarter.daily).toHaveLength(90);
    expect(quarter.daily.find((d) => d.day === "2026-02-08")).toEqual({ day: "2026-02-08", amount: 100.01, count: 1 });
    expect(quarter.daily.find((d) => d.day === "2026-01-15")).toEqual({ day: "2026-01-15", amount: 400, count: 1 });
    expect(quarter.channels).toEqual(channels([1_850.51, 4], [2_000, 1], [0, 0], [400, 1]));
    expect((await analytics(shop.owner, "")).days).toBe(30);
  });

  it("counts completed refunds of the period, as refunds are recorded; a pending card refund waits", async () => {
    // Refund records as refunds are written (docs/decisions/merchants.md "Analytics and customers"):
    // `payment` records of channel 'refund' naming the payment; no money moves in this file's assertions.
    const refund = (reference: string, kobo: bigint, status: "completed" | "pending", at: string) =>
      t.db.insert(schema.transactions).values({
        type: "payment",
        amount: kobo,
        status,
        reference,
        description: "Refund from Mama Put",
        metadata: { merchantId: shop.merchantId, merchantName: "Mama Put", channel: "refund", refundOf: "TEST-CARD-GUEST-1" },
        createdAt: new Date(at),
      });
    await refund("TEST-REFUND-1", 12_550n, "completed", "2026-03-09T10:00:00.000Z");
    await refund("TEST-REFUND-2", 10_000n, "pending", "2026-03-09T11:00:00.000Z");
    await refund("TEST-REFUND-3", 5_000n, "completed", "2026-03-03T22:59:59.999Z");
    try {
      expect((await analytics(shop.owner, "?days=7")).refunds).toEqual({ amount: 125.5, count: 1 });
      expect((await analytics(shop.owner, "?days=30")).refunds).toEqual({ amount: 175.5, count: 2 });
      // A refund is not a sale, and another merchant's figures never hold it.
      expect((await analytics(shop.owner, "?days=7")).totalSales).toBe(1_500.5);
      expect((await analytics(other.owner, "?days=30")).refunds).toEqual({ amount: 0, count: 0 });
    } finally {
      await t.db.delete(schema.transactions).where(inArray(schema.transactions.reference, ["TEST-REFUND-1", "TEST-REFUND-2", "TEST-REFUND-3"]));
    }
  });

  it("another merchant sees only its own payments", async () => {
    const theirs = await analytics(other.owner, "?days=7");
    expect(theirs).toMatchObject({ totalSales: 777, paymentCount: 1, averageTicket: 777 });
    expect(theirs.channels).toEqual(channels([777, 1], [0, 0], [0, 0], [0, 0]));
  });

  it("refuses any other period, and a user without a merchant account", async () => {
    for (const days of ["14", "0", "-7", "7.5", "abc", "", "1e1", "99999999999999999999"]) {
      const response = await call(shop.owner, "GET", `/api/merchants/me/analytics?days=${days}`);
      expect([days, response.statusCode]).toEqual([days, 400]);
      expect(body(response)).toMatchObject({ message: "Days must be 7, 30 or 90" });
    }
    const none = await call(ada, "GET", "/api/merchants/me/analytics?days=7");
    expect(none.statusCode).toBe(404);
    expect(body(none)).toMatchObject({ code: "NOT_FOUND", message: "Merchant account not found" });
    expect((await call(null, "GET", "/api/merchants/me/analytics?days=7")).statusCode).toBe(401);
  });
});

describe("GET /api/merchants/me/customers", () => {
  const customers = async (c: Client, query = "") => {
    const response = await call(c, "GET", `/api/merchants/me/customers${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return body<Customers>(response);
  };

  it("lists each payer once with total paid, payments and last payment, the latest payer first", async () => {
    const all = await customers(shop.owner);
    expect(all).toMatchObject({ total: 3, page: 1, totalPages: 1 });
    expect(all.customers).toEqual([
      {
        kind: "user",
        name: "Ada Obi",
        email: ada.user.email,
        phone: null,
        totalPaid: 1_600.51,
        payments: 3,
        lastPaymentAt: "2026-03-10T11:00:00.000Z",
      },
      {
        kind: "user",
        name: "Bola Ade",
        email: bola.user.email,
        phone: "08031234567",
        totalPaid: 2_300,
        payments: 3,
        lastPaymentAt: "2026-03-03T22:59:59.999Z",
      },
      { kind: "guest", name: "Chi Guest", email: "chi@example.com", phone: null, totalPaid: 400, payments: 1, lastPaymentAt: "2026-01-15T09:00:00.000Z" },
    ]);
  });

  it("searches part of a name, an e-mail or a phone number, ignoring case; % and _ are plain text", async () => {
    const names = async (search: string) => (await customers(shop.owner, `?search=${encodeURIComponent(search)}`)).customers.map((c) => c.name);
    expect(await names("oBI")).toEqual(["Ada Obi"]);
    expect(await names("0803123")).toEqual(["Bola Ade"]);
    expect(await names("CHI@EXAMPLE")).toEqual(["Chi Guest"]);
    expect(await names(bola.user.email.slice(0, 8))).toEqual(["Bola Ade"]);
    expect(await names("  ")).toEqual(["Ada Obi", "Bola Ade", "Chi Guest"]);
    expect(await names("%")).toEqual([]);
    expect(await names("_")).toEqual([]);
    expect(await customers(shop.owner, "?search=nobody")).toEqual({ customers: [], total: 0, page: 1, totalPages: 0 });
  });

  it("pages with limit and page; a page past the end is empty and still counts", async () => {
    const first = await customers(shop.owner, "?limit=2&page=1");
    expect(first.customers.map((c) => c.name)).toEqual(["Ada Obi", "Bola Ade"]);
    expect(first).toMatchObject({ total: 3, page: 1, totalPages: 2 });
    const second = await customers(shop.owner, "?limit=2&page=2");
    expect(second.customers.map((c) => c.name)).toEqual(["Chi Guest"]);
    expect(await customers(shop.owner, "?limit=2&page=3")).toEqual({ customers: [], total: 3, page: 3, totalPages: 2 });
    for (const query of ["?limit=0", "?limit=101", "?page=0", "?page=abc", `?search=${"x".repeat(101)}`]) {
      expect([query, (await call(shop.owner, "GET", `/api/merchants/me/customers${query}`)).statusCode]).toEqual([query, 400]);
    }
  });

  it("another merchant's customers are its own; no merchant account is a 404", async () => {
    const theirs = await customers(other.owner);
    expect(theirs.customers).toEqual([
      { kind: "user", name: "Ada Obi", email: ada.user.email, phone: null, totalPaid: 777, payments: 1, lastPaymentAt: "2026-03-10T10:00:00.000Z" },
    ]);
    expect((await customers(other.owner, "?search=bola")).total).toBe(0);
    const none = await call(bola, "GET", "/api/merchants/me/customers");
    expect(none.statusCode).toBe(404);
  });

  it("reads the merchant's payments by an index-only scan of the covering index", async () => {
    // Sequential and bitmap scans priced out, as on a table of 100,000 payments; the visibility map
    // set, as autovacuum keeps it: the plan must be able to answer from the index alone.
    await t.client`vacuum analyze transactions`;
    const plans = await t.client.begin(async (sql) => {
      await sql`set local enable_seqscan = off`;
      await sql`set local enable_bitmapscan = off`;
      return sql.unsafe(
        `explain (format json) select channel, payer_user_id, payer_email, sum(amount) from merchant_payments
         where merchant_id = ${shop.merchantId} and created_at >= now() - interval '90 days' group by 1, 2, 3`,
      );
    });
    const text = JSON.stringify(plans);
    expect(text).toContain('"Node Type":"Index Only Scan"');
    expect(text).toContain("transactions_merchant_payments_idx");
    const rows = await t.db
      .select()
      .from(schema.merchantPayments)
      .where(inArray(schema.merchantPayments.merchantId, [shop.merchantId]));
    expect(rows).toHaveLength(7);
  });
});
