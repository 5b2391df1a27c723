// Built-in Paystack sandbox (docs/decisions.md): emulates the transaction initialize and
// verify endpoints and a hosted checkout page over HTTP, so the real PaystackClient runs on a
// machine with no internet. Mounted under /sandbox/paystack when PAYSTACK_SECRET_KEY is unset.
// Checkouts live in PostgreSQL (paystack_sandbox_charges): an unpaid one survives a restart.
// The bank, BVN and transfer endpoints are in banking.ts; customers, dedicated accounts and
// the transfer-in page in dedicated.ts; the retries of charge webhooks in charge-webhooks.ts.
import { randomBytes } from "node:crypto";
import { schema } from "@kolo/db";
import { formatKobo } from "@kolo/domain";
import { and, count, desc, eq, gte, lte } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import type { PaystackSandboxContext } from "./options";
import { bankingRoutes, sandboxWebhookSender, transferWebhookScheduler } from "./banking";
import { PAYSTACK_WEBHOOK_RETRY_MS, chargeWebhookRetries } from "./charge-webhooks";
import { dedicatedAccountRoutes, sandboxTransferInFeeKobo } from "./dedicated";
import { refundRoutes } from "./refunds";
import { paystackListQuery as listQuery } from "@kolo/providers";
import { escapeHtml } from "../kit";

type SandboxCharge = typeof schema.paystackSandboxCharges.$inferSelect;
const charges = schema.paystackSandboxCharges;

const initializeBody = z.object({
  email: z.email(),
  amount: z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d*$/)]).transform(Number),
  currency: z.literal("NGN").default("NGN"),
  reference: z
    .string()
    .regex(/^[A-Za-z0-9.=-]{1,100}$/)
    .optional(),
  callback_url: z.url(),
  metadata: z.unknown().optional(),
});

/** Paystack's local card pricing: 1.5% + ₦100 (the ₦100 waived under ₦2,500), capped at ₦2,000. In kobo. */
export function sandboxFeeKobo(amountKobo: number): number {
  const fee = Math.round(amountKobo * 0.015) + (amountKobo >= 250_000 ? 10_000 : 0);
  return Math.min(fee, 200_000);
}

function transactionObject(charge: SandboxCharge) {
  return {
    id: charge.id,
    domain: "test",
    status: charge.status,
    reference: charge.reference,
    amount: charge.amount,
    currency: charge.currency,
    fees: charge.status !== "success" ? null : charge.channel === "dedicated_nuban" ? sandboxTransferInFeeKobo(charge.amount) : sandboxFeeKobo(charge.amount),
    paid_at: charge.paidAt?.toISOString() ?? null,
    created_at: charge.createdAt.toISOString(),
    channel: charge.channel,
    gateway_response: charge.status === "success" ? "Successful" : charge.status === "failed" ? "Declined" : "The transaction was not completed",
    customer: { email: charge.email, ...(charge.customerCode ? { customer_code: charge.customerCode } : {}) },
    metadata: charge.metadata ?? null,
    ...(charge.authorization ? { authorization: charge.authorization } : {}),
  };
}

/** The checkout page's look, served as a file so the page passes the app's CSP (no inline styles). */
const CHECKOUT_CSS = `body{font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;overflow-wrap:anywhere;display:flex;min-height:100vh;align-items:center;justify-content:center}
main{background:#fff;border-radius:12px;padding:24px;width:min(340px,90vw);box-shadow:0 2px 12px rgba(0,0,0,.08)}
h1{font-size:1.1rem;margin:0 0 4px}p{margin:4px 0;color:#444}.amount{font-size:1.8rem;font-weight:700;color:#111;margin:16px 0}
button{width:100%;min-height:44px;padding:12px;border:0;border-radius:8px;font-size:1rem;margin-top:10px;cursor:pointer}
.pay{background:#087f47;color:#fff}.decline{background:#eee;color:#222}button:focus-visible{outline:3px solid #1c7ed6;outline-offset:2px}
label{display:block;margin:12px 0 4px;font-weight:600}input,select{box-sizing:border-box;width:100%;min-height:44px;padding:8px;border:1px solid #888;border-radius:8px;font-size:1rem}
input:focus-visible,select:focus-visible{outline:3px solid #1c7ed6;outline-offset:1px}.error{color:#b00020;font-weight:600}
.action{display:inline-block;min-height:44px;line-height:44px}`;

function checkoutPage(charge: SandboxCharge): string {
  const amount = escapeHtml(formatKobo(BigInt(charge.amount)));
  const email = escapeHtml(charge.email);
  const action = `/sandbox/paystack/checkout/${encodeURIComponent(charge.accessCode)}`;
  const done = charge.status !== "abandoned";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paystack sandbox checkout</title>
<link rel="stylesheet" href="/sandbox/paystack/checkout.css"></head>
<body><main aria-labelledby="title"><h1 id="title">Paystack sandbox checkout</h1>
<p>Test mode: no real card is charged.</p>
<p class="amount" aria-label="Amount">${amount}</p>
<p>Paying as <strong>${email}</strong></p>
<p>Reference: <code>${escapeHtml(charge.reference)}</code></p>
${
  done
    ? `<p role="status">This payment is already ${charge.status === "success" ? "complete" : "declined"}.</p>`
    : `<form method="post" action="${action}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="${action}/decline"><button class="decline" type="submit">Decline</button></form>`
}
</main></body></html>`;
}

/** Mounts the Paystack sandbox's HTTP API and checkout page under /sandbox/paystack. */
export async function paystackSandbox(app: FastifyInstance, options: PaystackSandboxContext) {
  const { db } = options;
  const byReference = async (reference: string) => (await db.select().from(charges).where(eq(charges.reference, reference)))[0];
  // Access codes are 18 hex characters (below); anything else names no checkout and never reaches
  // PostgreSQL (a NUL byte in a text parameter is a database error, not "not found").
  const byAccessCode = async (accessCode: string) =>
    /^[0-9a-f]{18}$/.test(accessCode) ? (await db.select().from(charges).where(eq(charges.accessCode, accessCode)))[0] : undefined;

  const authorized = (header: string | undefined) => header === `Bearer ${options.secretKey}`;

  const deliver = sandboxWebhookSender(app, options);
  const transfers = transferWebhookScheduler(app, options, deliver);
  // charge.success webhooks are retried until they get a 200, as Paystack's are (charge-webhooks.ts).
  const chargeWebhooks = chargeWebhookRetries(app, {
    db,
    retryMs: options.webhookRetryMs ?? PAYSTACK_WEBHOOK_RETRY_MS,
    send: (charge) => deliver("charge.success", transactionObject(charge), charge.reference),
  });

  await app.register(
    async (sandbox) => {
      // The checkout page's Pay and Decline buttons are plain HTML form posts without fields.
      sandbox.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) => done(null, body));
      sandbox.post("/transaction/initialize", async (req, reply) => {
        if (!authorized(req.headers.authorization)) return reply.code(401).send({ status: false, message: "Invalid key" });
        const parsed = initializeBody.safeParse(req.body);
        if (!parsed.success) return reply.code(400).send({ status: false, message: z.prettifyError(parsed.error) });
        const reference = parsed.data.reference ?? randomBytes(8).toString("hex");
        const [charge] = await db
          .insert(charges)
          .values({
            reference,
            accessCode: randomBytes(9).toString("hex"),
            amount: parsed.data.amount,
            currency: parsed.data.currency,
            email: parsed.data.email,
            callbackUrl: parsed.data.callback_url,
            metadata: parsed.data.metadata ?? null,
          })
          .onConflictDoNothing({ target: charges.reference })
          .returning();
        if (!charge) return reply.code(400).send({ status: false, message: "Duplicate Transaction Reference" });
        return {
          status: true,
          message: "Authorization URL created",
          data: {
            authorization_url: new URL(`/sandbox/paystack/checkout/${charge.accessCode}`, options.publicUrl).toString(),
            access_code: charge.accessCode,
            reference,
          },
        };
      });

      // GET /transaction (Paystack "List Transactions"): charges created between from and to (both
      // inclusive), newest first, paged with meta, perPage at most 100.
      sandbox.get("/transaction", async (req, reply) => {
        if (!authorized(req.headers.authorization)) return reply.code(401).send({ status: false, message: "Invalid key" });
        const query = listQuery.safeParse(req.query);
        if (!query.success) return reply.code(400).send({ status: false, message: z.prettifyError(query.error) });
        const { perPage, page, from, to, status } = query.data;
        const where = and(
          from ? gte(charges.createdAt, new Date(from)) : undefined,
          to ? lte(charges.createdAt, new Date(to)) : undefined,
          status ? eq(charges.status, status as SandboxCharge["status"]) : undefined,
        );
        const [rows, [counted]] = await Promise.all([
          db
            .select()
            .from(charges)
            .where(where)
            .orderBy(desc(charges.createdAt), desc(charges.id))
            .limit(perPage)
            .offset((page - 1) * perPage),
          db.select({ total: count() }).from(charges).where(where),
        ]);
        const total = counted?.total ?? 0;
        return {
          status: true,
          message: "Transactions retrieved",
          data: rows.map(transactionObject),
          meta: { total, skipped: (page - 1) * perPage, perPage, page, pageCount: Math.ceil(total / perPage) },
        };
      });

      sandbox.get<{ Params: { reference: string } }>("/transaction/verify/:reference", async (req, reply) => {
        if (!authorized(req.headers.authorization)) return reply.code(401).send({ status: false, message: "Invalid key" });
        const charge = await byReference(req.params.reference);
        if (!charge) return reply.code(404).send({ status: false, message: "Transaction reference not found" });
        return { status: true, message: "Verification successful", data: transactionObject(charge) };
      });

      sandbox.get("/checkout.css", async (_req, reply) => reply.type("text/css").send(CHECKOUT_CSS));

      sandbox.get<{ Params: { accessCode: string } }>("/checkout/:accessCode", async (req, reply) => {
        const charge = await byAccessCode(req.params.accessCode);
        if (!charge) return reply.code(404).type("text/html").send("<!doctype html><title>Not found</title><p>This checkout link is not valid.</p>");
        return reply.type("text/html").send(checkoutPage(charge));
      });

      const finish = (outcome: "success" | "failed") => async (req: { params: { accessCode: string } }, reply: FastifyReply) => {
        const charge = await byAccessCode(req.params.accessCode);
        if (!charge) return reply.code(404).send({ status: false, message: "Checkout not found" });
        // Only the first click ends the checkout (a conditional update: two clicks race safely).
        // A payment owes its charge.success webhook from the same write, so a server that dies
        // before delivering it leaves the retry due for another.
        const paidAt = new Date();
        const [ended] = await db
          .update(charges)
          .set(outcome === "success" ? { status: outcome, paidAt, ...chargeWebhooks.firstAttempt(paidAt) } : { status: outcome, paidAt: null })
          .where(and(eq(charges.id, charge.id), eq(charges.status, "abandoned")))
          .returning();
        if (ended?.status === "success") await chargeWebhooks.deliverFirst(ended);
        const target = new URL(charge.callbackUrl);
        target.searchParams.set("reference", charge.reference);
        target.searchParams.set("trxref", charge.reference);
        return reply.redirect(target.toString(), 303);
      };
      sandbox.post<{ Params: { accessCode: string } }>("/checkout/:accessCode/pay", finish("success"));
      sandbox.post<{ Params: { accessCode: string } }>("/checkout/:accessCode/decline", finish("failed"));

      bankingRoutes(sandbox, { db, authorized, transfers });
      dedicatedAccountRoutes(sandbox, { db, chargeWebhooks });
      refundRoutes(sandbox, { db, authorized, deliver, delayMs: transfers.delayMs });
    },
    { prefix: "/sandbox/paystack" },
  );
}
