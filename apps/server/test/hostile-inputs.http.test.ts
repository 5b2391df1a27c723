// Bounded inputs (docs/decisions.md "Security, second round"): fast-check sends random, boundary
// and hostile values to every route the server declares and every tRPC procedure, as each kind
// of caller; nothing answers 5xx and no balance moves. Through the real server on a real
// PostgreSQL, with a fresh session per call (a logout or a lock cannot spoil the next one).
import { createHash, randomBytes } from "node:crypto";
import { appRouter } from "@kolo/api";
import { schema } from "@kolo/db";
import { promoteToAdmin } from "@kolo/db/testing";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { fundWallet, useTestServer } from "./helpers";

const declaredRoutes = new Set<string>();
const ROLES = ["anonymous", "personal", "merchant", "admin", "adminNoMfa"] as const;
type Role = (typeof ROLES)[number];
const userIds = {} as Record<Exclude<Role, "anonymous" | "adminNoMfa">, number>;

const { t, server } = useTestServer({
  authRateLimit: { max: 1_000_000, windowMs: 60_000 },
  services: {
    userLimits: { ticket: { max: 1_000_000, windowMs: 1 }, ticket_reply: { max: 1_000_000, windowMs: 1 }, topup: { max: 1_000_000, windowMs: 1 } },
  },
  onRoute: (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== "HEAD" && m !== "OPTIONS");
    for (const method of methods) declaredRoutes.add(`${method} ${route.url}`);
  },
});
beforeAll(async () => {
  for (const role of ["personal", "merchant", "admin"] as const) {
    const email = `hostile-${role}-${randomBytes(3).toString("hex")}@example.com`;
    const response = await server.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { origin: server.base },
      payload: { name: `Hostile ${role}`, email, password: "secret123" },
    });
    userIds[role] = response.json<{ id: number }>().id;
    await fundWallet(t.db, userIds[role], 1_000);
  }
  await promoteToAdmin(t.db, userIds.admin);
  await server.app.inject({
    method: "POST",
    url: "/api/merchants",
    headers: { origin: server.base, cookie: await cookieFor("merchant") },
    payload: { name: "Hostile Store", description: "", category: "Retail" },
  });
});

async function cookieFor(role: Role): Promise<string | undefined> {
  if (role === "anonymous") return undefined;
  const token = randomBytes(20).toString("hex");
  const id = createHash("sha256").update(token).digest("hex");
  await t.db
    .insert(schema.sessions)
    .values({ id, userId: userIds[role === "adminNoMfa" ? "admin" : role], expiresAt: new Date(Date.now() + 86_400_000), mfaVerified: role === "admin" });
  return `kolo_session=${token}`;
}

/** Every balance in the ledger, by account id: nothing below may change it. */
const balances = async () =>
  Object.fromEntries(
    (await t.db.select({ id: schema.ledgerAccounts.id, balance: schema.ledgerAccounts.balance }).from(schema.ledgerAccounts)).map((a) => [
      a.id,
      a.balance.toString(),
    ]),
  );

// Values no valid request carries: beyond integer ranges, negative, fractional kobo, not numbers,
// huge strings, control characters, injection text, wrong shapes. No small positive amount, so a
// random call can never be a valid money movement.
const hostileScalar = fc.oneof(
  fc.constantFrom(0, -1, -0.001, 0.001, 2 ** 31, 2 ** 31 - 1 + 1e9, 2 ** 53, -(2 ** 53), 1e21, 1e308, Number.MIN_VALUE, 99_999_999_999),
  fc.constantFrom("", " ", "0", "-1", "2147483648", "99999999999999999999", "1e400", "NaN", "Infinity", "null", "true", "__proto__", "constructor"),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE users; --',
    "<script>alert(1)</script>",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "../../etc/passwd",
    "%00",
    "%2e%2e%2f",
    "😀".repeat(300),
  ),
  fc.string({ maxLength: 40 }),
  fc.constant("x".repeat(20_000)),
  fc.constantFrom(null, true, false),
);
const hostileValue = fc.oneof(
  hostileScalar,
  fc.array(hostileScalar, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), hostileScalar, { maxKeys: 3 }),
);
const FIELDS = [
  "amount",
  "id",
  "userId",
  "merchantId",
  "invoiceId",
  "recipientId",
  "recipientEmail",
  "bankAccountId",
  "transferFee",
  "page",
  "limit",
  "status",
  "type",
  "code",
  "value",
  "email",
  "password",
  "name",
  "bvn",
  "phoneNumber",
  "network",
  "variationCode",
  "subject",
  "message",
  "priority",
  "date",
  "action",
  "note",
  "force",
  "reason",
  "details",
  "role",
  "idempotencyKey",
  "accountNumber",
  "bankCode",
  "description",
  "dailyLimit",
  "currentPassword",
  "newPassword",
  "provider",
  "smartcardNumber",
  "bouquetCode",
  "phone",
  "days",
  "search",
  "title",
  "minAmount",
  "maxPayments",
  "expiresAt",
  "channel",
  "active",
  "enabled",
  "newDeviceCap",
  "medianFloor",
  "newRecipientsPerHour",
];
const hostileBody = fc.oneof(fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 6 }), hostileValue);
const hostileSegment = fc.oneof(
  fc.constantFrom("2147483648", "-1", "0", "1e3", "99999999999999999999", "%00", "%2F", "abc", "1.5", " ", "NaN"),
  fc.string({ minLength: 1, maxLength: 12 }).map(encodeURIComponent),
);
const hostileQuery = fc.dictionary(
  fc.constantFrom(...FIELDS, "account_number", "bank_code", "perPage", "from", "to"),
  fc.oneof(hostileSegment, fc.constant("x".repeat(5_000))),
  { maxKeys: 4 },
);

function describeFailure(status: number, body: string, what: string) {
  return `${what} answered ${status}: ${body.slice(0, 300)}`;
}

describe("random, boundary and hostile inputs", () => {
  it("an id beyond PostgreSQL's integer range is a 400, never a database error", async () => {
    const admin = await cookieFor("admin");
    for (const [method, url] of [
      ["GET", "/api/merchants/2147483648"],
      ["GET", "/api/invoices/2147483648"],
      ["DELETE", "/api/bank-accounts/2147483648"],
      ["POST", "/api/verification/bank-account/2147483648"],
      ["GET", "/api/admin/users/2147483648/transactions"],
      ["POST", "/api/admin/users/2147483648/status"],
      ["POST", "/api/admin/approvals/2147483648/approve"],
      ["POST", "/api/admin/approvals/2147483648/reject"],
      ["GET", "/api/admin/claims/2147483648"],
      ["POST", "/api/admin/claims/2147483648/lien"],
      ["POST", "/api/admin/claims/2147483648/refund"],
      ["POST", "/api/admin/claims/2147483648/release"],
      ["POST", "/api/payments/invoice/2147483648"],
      ["PATCH", "/api/merchants/me/links/2147483648"],
    ] as const) {
      const response = await server.app.inject({
        method,
        url,
        headers: { origin: server.base, cookie: admin!, "content-type": "application/json" },
        payload: method === "POST" ? "{}" : undefined,
      });
      expect([method, url, response.statusCode]).toEqual([method, url, 400]);
    }
  });

  it("a real payment link takes hostile payments and changes without a 5xx, and no balance moves", { timeout: 120_000 }, async () => {
    const merchant = await cookieFor("merchant");
    const created = await server.app.inject({
      method: "POST",
      url: "/api/merchants/me/links",
      headers: { origin: server.base, cookie: merchant!, "content-type": "application/json" },
      payload: { title: "Hostile link", description: "", minAmount: 100, maxPayments: 3 },
    });
    expect(created.statusCode).toBe(201);
    const link = created.json<{ id: number; slug: string }>();
    const before = await balances();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ROLES), hostileBody, fc.constantFrom("card", "wallet", "cash", 1, null), async (role, body, channel) => {
        const cookie = await cookieFor(role);
        const payload = typeof body === "object" && body !== null && !Array.isArray(body) ? { ...body, channel } : body;
        for (const [method, url] of [
          ["POST", `/api/links/${link.slug}/pay`],
          ["PATCH", `/api/merchants/me/links/${link.id}`],
        ] as const) {
          const response = await server.app.inject({
            method,
            url,
            headers: { origin: server.base, ...(cookie ? { cookie } : {}), "content-type": "application/json" },
            payload: JSON.stringify(payload) ?? "null",
          });
          expect(response.statusCode, describeFailure(response.statusCode, response.body, `${method} ${url}`)).toBeLessThan(500);
        }
      }),
      { numRuns: 60 },
    );
    expect(await balances()).toEqual(before);
  });

  it("no route the server declares answers 5xx, whoever calls, and no balance moves", { timeout: 600_000 }, async () => {
    const before = await balances();
    const routes = [...declaredRoutes].filter((r) => !r.includes("*") && r !== "GET /" && !r.startsWith("GET /assets"));
    expect(routes.length).toBeGreaterThan(80);
    for (const entry of routes) {
      const [method, url] = entry.split(" ") as [string, string];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ROLES),
          fc.array(hostileSegment, { minLength: 4, maxLength: 4 }),
          hostileQuery,
          hostileBody,
          async (role, segments, query, body) => {
            let i = 0;
            const path = url.replace(/:[A-Za-z]+/g, () => segments[i++ % segments.length]!);
            const search = new URLSearchParams(query).toString();
            const cookie = await cookieFor(role);
            const hasBody = method !== "GET" && method !== "DELETE";
            if (entry === "GET /api/events") {
              // A stream never ends: judged by its status over a real connection, then closed.
              const controller = new AbortController();
              const streamed = await fetch(`${server.base}${path}${search ? `?${search}` : ""}`, {
                headers: { origin: server.base, ...(cookie ? { cookie } : {}) },
                signal: controller.signal,
              });
              controller.abort();
              expect(streamed.status, `${method} ${path}?${search} as ${role}`).toBeLessThan(500);
              return;
            }
            const response = await server.app.inject({
              method: method as "GET",
              url: `${path}${search ? `?${search}` : ""}`,
              headers: { origin: server.base, ...(cookie ? { cookie } : {}), ...(hasBody ? { "content-type": "application/json" } : {}) },
              ...(hasBody ? { payload: JSON.stringify(body) } : {}),
            });
            expect(response.statusCode, describeFailure(response.statusCode, response.body, `${method} ${path}?${search} as ${role}`)).toBeLessThan(500);
          },
        ),
        { numRuns: 15 },
      );
    }
    expect(await balances()).toEqual(before);
  });

  it("no tRPC procedure answers 5xx, whoever calls, and no balance moves", { timeout: 600_000 }, async () => {
    const before = await balances();
    const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>);
    for (const [path, procedure] of procedures) {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...ROLES), hostileBody, async (role, input) => {
          const cookie = await cookieFor(role);
          const headers = { origin: server.base, ...(cookie ? { cookie } : {}) };
          const payload = JSON.stringify({ json: input });
          const response =
            procedure._def.type === "query"
              ? await server.app.inject({ method: "GET", url: `/trpc/${path}?input=${encodeURIComponent(payload)}`, headers })
              : await server.app.inject({ method: "POST", url: `/trpc/${path}`, headers: { ...headers, "content-type": "application/json" }, payload });
          expect(response.statusCode, describeFailure(response.statusCode, response.body, `${path} as ${role}`)).toBeLessThan(500);
        }),
        { numRuns: 15 },
      );
    }
    expect(await balances()).toEqual(before);
  });
});
