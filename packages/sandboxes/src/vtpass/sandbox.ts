// Built-in VTpass sandbox (docs/decisions.md; docs/providers.md and its fixtures):
// GET /api/service-variations, POST /api/merchant-verify, /api/pay and /api/requery under
// /sandbox/vtpass, with VTpass's headers and code table, for airtime, data, electricity and cable TV. Purchases live in PostgreSQL
// (vtpass_sandbox_purchases): a requery after a restart still answers, and a repeated request_id
// is refused with 014, so a retried purchase can never buy twice. The fault fixtures answer
// HTTP 500 with a non-JSON body, close the connection, or hang until the client gives up (at most
// `hangMs`; the server's close ends every hanging request at once). In hold mode a pending fixture
// waits for POST /sandbox/vtpass/requests/{requestId}/release instead of its timer.
import { randomInt } from "node:crypto";
import type { Socket } from "node:net";
import { schema } from "@kolo/db";
import { VTPASS_REQUEST_ID_PATTERN, nairaToKobo } from "@kolo/domain";
import { and, eq, lte } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { VtpassSandboxContext } from "./options";
import {
  AIRTIME_SERVICES,
  CABLE_SERVICES,
  cableBouquet,
  DATA_SERVICES,
  ELECTRICITY_SERVICES,
  meterFixture,
  SANDBOX_AIRTIME_MAX_NAIRA,
  SANDBOX_AIRTIME_MIN_NAIRA,
  SANDBOX_PENDING_DELAY_MS,
  SANDBOX_PHONES,
  phoneFixture,
  smartcardFixture,
} from "./fixtures";

const purchases = schema.vtpassSandboxPurchases;
type PurchaseRow = typeof purchases.$inferSelect;

/** Default longest hang of 300000000000 when no client gives up first. */
export const SANDBOX_HANG_MS = 120_000;

const DESCRIPTIONS: Record<string, string> = {
  "000": "TRANSACTION SUCCESSFUL",
  "099": "TRANSACTION IS PROCESSING",
  "016": "TRANSACTION FAILED",
  "014": "REQUEST ID ALREADY EXIST",
  "011": "INVALID ARGUMENTS",
  "012": "PRODUCT DOES NOT EXIST",
  "013": "BELOW MINIMUM AMOUNT ALLOWED",
  "015": "INVALID REQUEST ID",
  "017": "ABOVE MAXIMUM AMOUNT ALLOWED",
  "087": "INVALID CREDENTIALS",
};

const nairaText = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/)
    .transform(Number),
]);

const payBody = z.object({
  request_id: z.string().regex(VTPASS_REQUEST_ID_PATTERN).max(100),
  serviceID: z.string().max(50),
  phone: z.string().regex(/^\d{11,13}$/),
  amount: nairaText.optional(),
  billersCode: z.string().max(50).optional(),
  variation_code: z.string().max(100).optional(),
  subscription_type: z.enum(["renew", "change"]).optional(),
  quantity: z.number().int().positive().optional(),
});

/** `code` for a purchase in `status`: 000 delivered/initiated, 099 pending, 016 failed. */
const codeOf = (status: PurchaseRow["status"]) => (status === "delivered" ? "000" : status === "failed" || status === "reversed" ? "016" : "099");

const productType = (serviceId: string) =>
  AIRTIME_SERVICES[serviceId]
    ? "Airtime Recharge"
    : ELECTRICITY_SERVICES[serviceId]
      ? "Electricity Bill"
      : CABLE_SERVICES[serviceId]
        ? "TV Subscription"
        : "Data Services";

/** A delivered prepaid meter's token fields (docs/providers.md: `purchased_code`, and `token` and `units` beside it). */
function electricityFields(row: PurchaseRow) {
  if (!ELECTRICITY_SERVICES[row.serviceId]) return { purchased_code: "" };
  const meter = meterFixture(row.billersCode ?? "");
  if (row.status !== "delivered" || !meter?.token) return { purchased_code: "" };
  return { purchased_code: `Token : ${meter.token}`, token: meter.token, units: meter.units };
}

function purchaseAnswer(row: PurchaseRow, code = codeOf(row.status)) {
  const naira = row.amount / 100;
  return {
    code,
    response_description: DESCRIPTIONS[code] ?? "TRANSACTION PROCESSING",
    requestId: row.requestId,
    amount: naira,
    transaction_date: row.createdAt.toISOString(),
    ...electricityFields(row),
    content: {
      transactions: {
        status: row.status,
        product_name:
          AIRTIME_SERVICES[row.serviceId] ??
          DATA_SERVICES[row.serviceId]?.name ??
          ELECTRICITY_SERVICES[row.serviceId] ??
          CABLE_SERVICES[row.serviceId]?.name ??
          row.serviceId,
        unique_element: row.billersCode ?? row.phone,
        unit_price: naira,
        quantity: 1,
        commission: 0,
        total_amount: naira,
        type: productType(row.serviceId),
        phone: row.phone,
        convinience_fee: 0,
        amount: naira,
        platform: "api",
        method: "api",
        transactionId: row.transactionId,
      },
    },
  };
}

/** merchant-verify for a meter: its holder when the meter and type match a fixture, else `content.error` (not found). */
function verifyMeter(meterNumber: string, type: string | undefined) {
  const meter = meterFixture(meterNumber);
  if (!meter || meter.type !== type) return { code: "000", content: { error: "Meter number not found. Please check the meter number and meter type" } };
  return {
    code: "000",
    content: {
      Customer_Name: meter.customerName,
      Address: meter.address,
      Meter_Number: meterNumber,
      Customer_Type: meter.type.toUpperCase(),
      Min_Purchase_Amount: meter.minimumNaira,
    },
  };
}

/**
 * merchant-verify for a smartcard (docs/providers.md "Cable TV (VTpass)"): DStv and GOtv answer the
 * holder, status, due date, bouquet and renewal amount; StarTimes the name, balance and card
 * number; an unknown card `content.error`.
 */
function verifySmartcard(serviceId: string, smartcard: string) {
  const card = smartcardFixture(serviceId, smartcard);
  if (!card) return { code: "000", content: { error: "Smartcard number not found. Please check the number and the provider" } };
  if (serviceId === "startimes") return { code: "000", content: { Customer_Name: card.customerName, Balance: 0, Smartcard_Number: smartcard } };
  const bouquet = cableBouquet(serviceId, card.bouquetCode);
  const due = new Date(Date.now() + (card.dueInDays ?? 0) * 86_400_000).toISOString().slice(0, 10);
  return {
    code: "000",
    content: {
      Customer_Name: card.customerName,
      Status: card.status,
      Due_Date: due,
      Customer_Number: Number(smartcard.slice(-6)),
      Current_Bouquet: bouquet?.name,
      Current_Bouquet_Code: bouquet?.variation_code,
      Renewal_Amount: bouquet ? Number(bouquet.variation_amount) : undefined,
    },
  };
}

const refusal = (code: string, requestId?: string) => ({
  code,
  response_description: DESCRIPTIONS[code] ?? "ERROR",
  ...(requestId ? { requestId } : {}),
  content: { errors: DESCRIPTIONS[code] },
});

/** Mounts the VTpass sandbox's API under /sandbox/vtpass/api. */
export async function vtpassSandbox(app: FastifyInstance, options: VtpassSandboxContext) {
  const { db } = options;
  const pendingDelayMs = options.pendingDelayMs ?? SANDBOX_PENDING_DELAY_MS;
  const hangMs = options.hangMs ?? SANDBOX_HANG_MS;
  const hanging = new Set<{ socket: Socket; timer: NodeJS.Timeout }>();
  // A hanging request must not keep the server from closing.
  app.addHook("preClose", (done) => {
    for (const hang of hanging) {
      clearTimeout(hang.timer);
      hang.socket.destroy();
    }
    hanging.clear();
    done();
  });

  const authorized = (req: FastifyRequest) => {
    const headers = req.headers;
    if (headers["api-key"] !== options.apiKey) return false;
    return req.method === "GET" ? headers["public-key"] === options.publicKey : headers["secret-key"] === options.secretKey;
  };

  /** The purchase, with a due final status applied first (a conditional update: two requeries race safely). */
  async function current(requestId: string): Promise<PurchaseRow | undefined> {
    const [row] = await db.select().from(purchases).where(eq(purchases.requestId, requestId));
    if (!row?.finalAt || row.finalAt.getTime() > Date.now()) return row;
    const [moved] = await db
      .update(purchases)
      .set({ status: row.finalStatus, finalAt: null })
      .where(and(eq(purchases.id, row.id), lte(purchases.finalAt, new Date())))
      .returning();
    return moved ?? (await db.select().from(purchases).where(eq(purchases.requestId, requestId)))[0];
  }

  function dropConnection(req: FastifyRequest, reply: FastifyReply, afterMs: number) {
    reply.hijack();
    const socket = req.raw.socket;
    if (afterMs === 0) {
      socket.destroy();
      return;
    }
    const hang = {
      socket,
      timer: setTimeout(() => {
        hanging.delete(hang);
        socket.destroy();
      }, afterMs),
    };
    hanging.add(hang);
    socket.once("close", () => {
      clearTimeout(hang.timer);
      hanging.delete(hang);
    });
  }

  await app.register(
    async (sandbox) => {
      sandbox.addHook("onRequest", async (req, reply) => {
        if (!authorized(req)) return reply.code(401).send(refusal("087"));
      });

      sandbox.get<{ Querystring: { serviceID?: string } }>("/service-variations", async (req, reply) => {
        const cable = CABLE_SERVICES[req.query.serviceID ?? ""];
        // VTpass spells the list `varations` for cable TV (docs/providers.md "Cable TV (VTpass)").
        if (cable)
          return {
            response_description: "000",
            content: { ServiceName: cable.name, serviceID: req.query.serviceID, convinience_fee: "0 %", varations: cable.plans },
          };
        const service = DATA_SERVICES[req.query.serviceID ?? ""];
        if (!service) return reply.send(refusal("012"));
        return {
          response_description: "000",
          content: { ServiceName: service.name, serviceID: req.query.serviceID, convinience_fee: "0 %", variations: service.plans },
        };
      });

      sandbox.post("/merchant-verify", async (req) => {
        const body = z.object({ billersCode: z.string(), serviceID: z.string(), type: z.string().optional() }).safeParse(req.body);
        if (body.success && ELECTRICITY_SERVICES[body.data.serviceID]) return verifyMeter(body.data.billersCode, body.data.type);
        if (body.success && CABLE_SERVICES[body.data.serviceID]) return verifySmartcard(body.data.serviceID, body.data.billersCode);
        if (!body.success || !/^\d{11,13}$/.test(body.data.billersCode)) return { code: "011", content: { error: "Invalid phone number" } };
        if (body.data.billersCode === SANDBOX_PHONES.failed) return { code: "000", content: { error: "This number could not be verified" } };
        return { code: "000", content: { Customer_Name: `SANDBOX CUSTOMER ${body.data.billersCode.slice(-4)}`, Status: "ACTIVE" } };
      });

      sandbox.post("/pay", async (req, reply) => {
        const parsed = payBody.safeParse(req.body);
        if (!parsed.success) return refusal("011");
        const body = parsed.data;
        let amountKobo: bigint;
        let variationCode: string | null = null;
        let fixture: { pay: string; final: "delivered" | "failed"; delayed?: boolean };
        let billersCode: string | null = null;
        if (AIRTIME_SERVICES[body.serviceID]) {
          if (body.amount === undefined) return refusal("011", body.request_id);
          if (body.amount < SANDBOX_AIRTIME_MIN_NAIRA) return refusal("013", body.request_id);
          if (body.amount > SANDBOX_AIRTIME_MAX_NAIRA) return refusal("017", body.request_id);
          amountKobo = nairaToKobo(body.amount);
          fixture = phoneFixture(body.phone);
        } else if (ELECTRICITY_SERVICES[body.serviceID]) {
          const meter = meterFixture(body.billersCode ?? "");
          if (!meter || body.variation_code !== meter.type || body.amount === undefined) return refusal("011", body.request_id);
          if (body.amount < meter.minimumNaira) return refusal("013", body.request_id);
          amountKobo = nairaToKobo(body.amount);
          variationCode = meter.type;
          billersCode = body.billersCode ?? null;
          fixture = meter;
        } else if (CABLE_SERVICES[body.serviceID]) {
          // Change: the bouquet at its price; renew: the current bouquet at its price (no variation code).
          const card = smartcardFixture(body.serviceID, body.billersCode ?? "");
          if (!card || body.amount === undefined || body.subscription_type === undefined) return refusal("011", body.request_id);
          const bouquet = cableBouquet(body.serviceID, body.subscription_type === "change" ? body.variation_code : card.bouquetCode);
          if (!bouquet) return refusal(body.subscription_type === "change" ? "012" : "011", body.request_id);
          if (nairaToKobo(body.amount) !== nairaToKobo(Number(bouquet.variation_amount))) return refusal("011", body.request_id);
          amountKobo = nairaToKobo(body.amount);
          variationCode = bouquet.variation_code;
          billersCode = body.billersCode ?? null;
          fixture = card;
        } else {
          const plan = DATA_SERVICES[body.serviceID]?.plans.find((p) => p.variation_code === body.variation_code);
          if (!plan) return refusal("012", body.request_id);
          amountKobo = nairaToKobo(Number(plan.variation_amount));
          variationCode = plan.variation_code;
          fixture = phoneFixture(body.phone);
        }
        const pending = fixture.pay === "processing";
        const [row] = await db
          .insert(purchases)
          .values({
            requestId: body.request_id,
            transactionId: `${Date.now()}${randomInt(100_000, 999_999)}`,
            serviceId: body.serviceID,
            phone: body.phone,
            variationCode,
            billersCode,
            amount: Number(amountKobo),
            status: pending ? "pending" : fixture.final,
            finalStatus: fixture.final,
            // Held (hold mode): no due time until the release control gives it one.
            finalAt: pending && !options.hold ? new Date(Date.now() + (fixture.delayed ? pendingDelayMs : 0)) : null,
          })
          .onConflictDoNothing({ target: purchases.requestId })
          .returning();
        if (!row) return refusal("014", body.request_id); // the retry key: never buys twice
        switch (fixture.pay) {
          case "http-500":
            return reply.code(500).type("text/html").send("<html><body><h1>500 Internal Server Error</h1></body></html>");
          case "close":
            return dropConnection(req, reply, 0);
          case "hang":
            return dropConnection(req, reply, hangMs);
          default:
            return purchaseAnswer(row);
        }
      });

      sandbox.post("/requery", async (req) => {
        const parsed = z.object({ request_id: z.string().max(100) }).safeParse(req.body);
        if (!parsed.success) return refusal("011");
        const row = await current(parsed.data.request_id);
        if (!row) return refusal("015", parsed.data.request_id);
        return purchaseAnswer(row);
      });
    },
    { prefix: "/sandbox/vtpass/api" },
  );

  // The sandbox's own control (docs/providers.md "Sandbox controls"), not part of VTpass's API: a
  // pending purchase reaches its fixture's final status now; the next requery answers it.
  app.post<{ Params: { requestId: string } }>("/sandbox/vtpass/requests/:requestId/release", async (req, reply) => {
    const { requestId } = req.params;
    if (!VTPASS_REQUEST_ID_PATTERN.test(requestId)) return reply.code(404).send({ released: false, message: "No such purchase" });
    const [released] = await db
      .update(purchases)
      .set({ finalAt: new Date() })
      .where(and(eq(purchases.requestId, requestId), eq(purchases.status, "pending")))
      .returning();
    if (released) return { released: true, requestId, status: released.finalStatus };
    const [row] = await db.select().from(purchases).where(eq(purchases.requestId, requestId));
    if (!row) return reply.code(404).send({ released: false, message: "No such purchase" });
    return reply.code(409).send({ released: false, message: `The purchase is already ${row.status}`, status: row.status });
  });
}
