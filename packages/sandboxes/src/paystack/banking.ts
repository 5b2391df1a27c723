// The Paystack sandbox's bank, BVN and transfer endpoints (docs/providers.md, with its fixtures in
// fixtures.ts): GET /bank, GET /bank/resolve, GET /bank/resolve_bvn/{bvn}, POST /transferrecipient,
// POST /transfer, GET /transfer/verify/{reference}, and signed transfer webhooks sent after a
// configurable delay (in hold mode: when POST /transfers/{reference}/settle says so). Recipients
// and queued payouts live in PostgreSQL, so a restart resumes the webhooks that were still due.
import { randomBytes } from "node:crypto";
import { type Database, schema } from "@kolo/db";
import { and, count, desc, eq, gte, isNotNull, isNull, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { PaystackSandboxContext } from "./options";
import { SANDBOX_BANKS, SANDBOX_BVNS, SANDBOX_BVN_UNAVAILABLE, sandboxAccountName, sandboxPayoutOutcome } from "./fixtures";
import { PAYOUT_REFERENCE_PATTERN, paystackListQuery as listQuery, paystackSignature } from "@kolo/providers";

const recipients = schema.paystackSandboxRecipients;
const transfers = schema.paystackSandboxTransfers;
type TransferRow = typeof transfers.$inferSelect;
type RecipientRow = typeof recipients.$inferSelect;

/** Paystack's answer when an account does not resolve (unconfirmed: docs/providers.md). */
export const UNRESOLVED_ACCOUNT_MESSAGE = "Could not resolve account name. Check parameters or try again.";

/**
 * Sends a signed webhook `{event, data}` to the configured URL; answers the HTTP status it got (0:
 * no answer). A failed delivery is logged; charge webhooks are retried (charge-webhooks.ts).
 */
export type WebhookSender = (event: string, data: unknown, reference: string) => Promise<number>;

/** The sandbox's webhook sender: `x-paystack-signature` = hex HMAC-SHA512 of the exact body with the secret key. */
export function sandboxWebhookSender(app: FastifyInstance, options: PaystackSandboxContext): WebhookSender {
  return async (event, data, reference) => {
    const body = JSON.stringify({ event, data });
    try {
      const response = await fetch(options.webhookUrl, {
        method: "POST",
        headers: { "content-type": "application/json", "x-paystack-signature": paystackSignature(body, options.secretKey) },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      if (!response.ok) app.log.warn({ status: response.status, reference, event }, "Sandbox webhook was not accepted");
      return response.status;
    } catch (error) {
      app.log.warn({ err: String(error), reference, event }, "Sandbox webhook delivery failed");
      return 0;
    }
  };
}

/**
 * The transfer's NIP session (Paystack's `session {provider, id}`): null until the transfer reached
 * the bank (success, or success then reversed); then a 30-digit id made from the transfer (the
 * sending institution's code, the time as yyMMddHHmmss and the transfer's id), the same on every answer.
 */
function sessionOf(transfer: TransferRow): { provider: string | null; id: string | null } {
  if (transfer.status !== "success" && transfer.status !== "reversed") return { provider: null, id: null };
  const time = transfer.createdAt.toISOString().replace(/\D/g, "").slice(2, 14);
  return { provider: "nip", id: `100004${time}${String(transfer.id).padStart(12, "0")}` };
}

function transferObject(transfer: TransferRow, recipient: RecipientRow | undefined) {
  return {
    id: transfer.id,
    domain: "test",
    integration: 1,
    amount: transfer.amount,
    currency: "NGN",
    source: "balance",
    reason: transfer.reason,
    reference: transfer.reference,
    transfer_code: transfer.transferCode,
    status: transfer.status,
    created_at: transfer.createdAt.toISOString(),
    updated_at: transfer.updatedAt.toISOString(),
    session: sessionOf(transfer),
    recipient: recipient
      ? {
          recipient_code: recipient.recipientCode,
          type: "nuban",
          name: recipient.name,
          details: {
            account_number: recipient.accountNumber,
            account_name: recipient.accountName,
            bank_code: recipient.bankCode,
            bank_name: recipient.bankName,
          },
        }
      : null,
  };
}

async function recipientOf(db: Database, transfer: TransferRow) {
  return (await db.select().from(recipients).where(eq(recipients.recipientCode, transfer.recipientCode)))[0];
}

/**
 * The step a queued payout takes when its webhook is due: new status, event, and when the next is
 * due (`delayMs` later; never, when `delayMs` is null: hold mode, the settle control takes it).
 */
function nextStep(transfer: TransferRow, delayMs: number | null): { status: TransferRow["status"]; event: string; nextEventAt: Date | null } | null {
  switch (transfer.outcome) {
    case "success":
      return { status: "success", event: "transfer.success", nextEventAt: null };
    case "failed":
      return { status: "failed", event: "transfer.failed", nextEventAt: null };
    case "reversed":
      // Paid first, reversed later (docs/providers.md: `transfer.success`, later `transfer.reversed`).
      return transfer.status === "pending"
        ? { status: "success", event: "transfer.success", nextEventAt: delayMs === null ? null : new Date(Date.now() + delayMs) }
        : { status: "reversed", event: "transfer.reversed", nextEventAt: null };
    case "pending":
      return null;
  }
}

export interface TransferWebhookScheduler {
  /** Plans the due webhook of a newly queued payout. */
  schedule(id: number, at: Date): void;
  /**
   * Takes the payout's step now if it is due (its webhook too): a verify asked of any server sees
   * what is due, even when the server whose timer planned it has died.
   */
  takeDueStep(id: number): Promise<void>;
  /**
   * The settle control (hold mode): takes the payout's next step now, its webhook sent before this
   * resolves. "final" when it has no step left (already paid, failed or reversed, or the
   * never-ending `pending` fixture).
   */
  settle(id: number): Promise<"settled" | "final">;
  /** When a newly queued payout's first step is due, ms from now; null in hold mode (settle takes it). */
  delayMs: number | null;
}

/**
 * Runs queued payouts' webhooks when due. Each step is a conditional update of the row (status and
 * due time as read), so with two servers on one database only one sends it. On mount it resumes
 * every payout whose webhook is still due (restart); a verify takes a due step at once (a server
 * that planned it died); timers stop when the server closes.
 */
export function transferWebhookScheduler(app: FastifyInstance, options: PaystackSandboxContext, deliver: WebhookSender): TransferWebhookScheduler {
  const { db } = options;
  const delayMs = options.hold ? null : (options.webhookDelayMs ?? 2_000);
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  /** Takes the step of `transfer` as read (a conditional update on its status and due time); false when another took it. */
  async function take(transfer: TransferRow): Promise<boolean> {
    const step = nextStep(transfer, delayMs);
    if (!step) return false;
    const [moved] = await db
      .update(transfers)
      .set({ status: step.status, nextEventAt: step.nextEventAt, updatedAt: new Date() })
      .where(
        and(
          eq(transfers.id, transfer.id),
          eq(transfers.status, transfer.status),
          transfer.nextEventAt ? eq(transfers.nextEventAt, transfer.nextEventAt) : isNull(transfers.nextEventAt),
        ),
      )
      .returning();
    if (!moved) return false; // another server took this step
    await deliver(step.event, transferObject(moved, await recipientOf(db, moved)), moved.reference);
    if (moved.nextEventAt) schedule(moved.id, moved.nextEventAt);
    return true;
  }

  async function fire(id: number) {
    const [transfer] = await db.select().from(transfers).where(eq(transfers.id, id));
    // Not yet due (a verify asked early): its own timer, on some server, takes it.
    if (!transfer?.nextEventAt || transfer.nextEventAt.getTime() > Date.now() + 5) return;
    await take(transfer);
  }

  /** A step is left while the payout is pending, or paid with a reversal to come. */
  const hasStepLeft = (transfer: TransferRow) =>
    transfer.outcome !== "pending" && (transfer.status === "pending" || (transfer.outcome === "reversed" && transfer.status === "success"));

  async function settle(id: number): Promise<"settled" | "final"> {
    // Two settles at once: the conditional update lets one take the step; the other reads again.
    for (;;) {
      const [transfer] = await db.select().from(transfers).where(eq(transfers.id, id));
      if (!transfer || !hasStepLeft(transfer)) return "final";
      if (await take(transfer)) return "settled";
    }
  }

  function schedule(id: number, at: Date) {
    if (closed) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (closed) return;
        fire(id).catch((error: unknown) => app.log.warn({ err: String(error), id }, "Sandbox transfer webhook step failed"));
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    timers.add(timer);
  }

  app.addHook("onReady", async () => {
    const due = await db.select({ id: transfers.id, nextEventAt: transfers.nextEventAt }).from(transfers).where(isNotNull(transfers.nextEventAt));
    for (const row of due) if (row.nextEventAt) schedule(row.id, row.nextEventAt);
  });
  app.addHook("onClose", async () => {
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });
  return { schedule, takeDueStep: fire, settle, delayMs };
}

const resolveQuery = z.object({ account_number: z.string(), bank_code: z.string() });
const recipientBody = z.object({
  type: z.literal("nuban"),
  name: z.string().min(1).max(200),
  account_number: z.string(),
  bank_code: z.string(),
  currency: z.literal("NGN").default("NGN"),
});
const transferBody = z.object({
  source: z.literal("balance"),
  amount: z.union([z.number().int().positive(), z.string().regex(/^[1-9]\d*$/)]).transform(Number),
  recipient: z.string().regex(/^RCP_[a-z0-9]+$/),
  reference: z.string().regex(PAYOUT_REFERENCE_PATTERN, "reference: lowercase letters, digits, - and _ only, at least 16 characters").optional(),
  reason: z.string().max(500).optional(),
  currency: z.literal("NGN").optional(),
});

const code = (prefix: string) => `${prefix}_${randomBytes(10).toString("hex").slice(0, 15)}`;

/** Registers the bank, BVN and transfer endpoints on the sandbox's (prefixed) Fastify scope. */
export function bankingRoutes(
  sandbox: FastifyInstance,
  deps: { db: Database; authorized: (header: string | undefined) => boolean; transfers: TransferWebhookScheduler },
) {
  const { db } = deps;
  sandbox.addHook("onRequest", async (req, reply) => {
    // Judged on the route Fastify matched (decoded), not the raw URL: '/sandbox/paystack/%62ank/…'
    // reaches the same handler as '/bank/…' and must need the same key.
    const route = req.routeOptions.url ?? req.url;
    // The transfer-in page (dedicated.ts) is open to anyone, like a bank's app.
    if (/^\/sandbox\/paystack\/(bank|transfer|transferrecipient|customer|dedicated_account)(\/|$)/.test(route) && !deps.authorized(req.headers.authorization)) {
      return reply.code(401).send({ status: false, message: "Invalid key" });
    }
  });

  sandbox.get("/bank", async () => ({
    status: true,
    message: "Banks retrieved",
    data: SANDBOX_BANKS.map((bank) => ({ ...bank, country: "Nigeria", currency: "NGN", type: "nuban", active: true, is_deleted: false })),
  }));

  sandbox.get("/bank/resolve", async (req, reply) => {
    const query = resolveQuery.safeParse(req.query);
    const name = query.success ? sandboxAccountName(query.data.account_number, query.data.bank_code) : null;
    if (!query.success || name === null) return reply.code(422).send({ status: false, message: UNRESOLVED_ACCOUNT_MESSAGE });
    const bank = SANDBOX_BANKS.find((b) => b.code === query.data.bank_code);
    return {
      status: true,
      message: "Account number resolved",
      data: { account_number: query.data.account_number, account_name: name, bank_id: bank?.id ?? 0 },
    };
  });

  // logLevel warn: the URL carries the BVN, so the request is not logged (docs/decisions.md).
  sandbox.get<{ Params: { bvn: string } }>("/bank/resolve_bvn/:bvn", { logLevel: "warn" }, async (req, reply) => {
    const { bvn } = req.params;
    if (!/^\d{11}$/.test(bvn)) return reply.code(400).send({ status: false, message: "Invalid BVN" });
    if (bvn === SANDBOX_BVN_UNAVAILABLE) return reply.code(503).send({ status: false, message: "Service unavailable. Please try again later." });
    const record = SANDBOX_BVNS.find((r) => r.bvn === bvn);
    // 404 text unconfirmed (docs/providers.md: the legacy endpoint's failure answer is not documented).
    if (!record) return reply.code(404).send({ status: false, message: "BVN not found" });
    return {
      status: true,
      message: "BVN resolved",
      data: { first_name: record.firstName, last_name: record.lastName, dob: record.dob, mobile: record.mobile, bvn: record.bvn },
    };
  });

  sandbox.post("/transferrecipient", async (req, reply) => {
    const body = recipientBody.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ status: false, message: z.prettifyError(body.error) });
    const accountName = sandboxAccountName(body.data.account_number, body.data.bank_code);
    if (accountName === null) return reply.code(422).send({ status: false, message: UNRESOLVED_ACCOUNT_MESSAGE });
    const bankName = SANDBOX_BANKS.find((b) => b.code === body.data.bank_code)?.name ?? body.data.bank_code;
    // One recipient per account, like Paystack's (a second call answers the same code).
    const [recipient] = await db
      .insert(recipients)
      .values({
        recipientCode: code("RCP"),
        name: body.data.name,
        accountNumber: body.data.account_number,
        accountName,
        bankCode: body.data.bank_code,
        bankName,
      })
      .onConflictDoUpdate({ target: [recipients.bankCode, recipients.accountNumber], set: { name: body.data.name } })
      .returning();
    return reply.code(201).send({
      status: true,
      message: "Transfer recipient created successfully",
      data: {
        active: true,
        currency: "NGN",
        name: recipient!.name,
        recipient_code: recipient!.recipientCode,
        type: "nuban",
        details: {
          account_number: recipient!.accountNumber,
          account_name: recipient!.accountName,
          bank_code: recipient!.bankCode,
          bank_name: recipient!.bankName,
        },
      },
    });
  });

  sandbox.post("/transfer", async (req, reply) => {
    const body = transferBody.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ status: false, message: z.prettifyError(body.error) });
    const [recipient] = await db.select().from(recipients).where(eq(recipients.recipientCode, body.data.recipient));
    if (!recipient) return reply.code(400).send({ status: false, message: "Recipient specified is invalid" });
    const reference = body.data.reference ?? randomBytes(12).toString("hex");
    const outcome = sandboxPayoutOutcome(recipient.accountNumber, recipient.bankCode);
    const [queued] = await db
      .insert(transfers)
      .values({
        reference,
        transferCode: code("TRF"),
        recipientCode: recipient.recipientCode,
        amount: body.data.amount,
        reason: body.data.reason ?? null,
        outcome,
        // No due time: the never-ending fixture, or hold mode (the settle control takes the step).
        nextEventAt: outcome === "pending" || deps.transfers.delayMs === null ? null : new Date(Date.now() + deps.transfers.delayMs),
      })
      .onConflictDoNothing({ target: transfers.reference })
      .returning();
    if (queued) {
      if (queued.nextEventAt) deps.transfers.schedule(queued.id, queued.nextEventAt);
      return { status: true, message: "Transfer has been queued", data: { ...transferObject(queued, undefined), recipient: recipient.id } };
    }
    // The reference is the idempotency key: a retry of the same payout answers the transfer it
    // already made and never pays twice (unconfirmed wording; different details are refused).
    const [existing] = await db.select().from(transfers).where(eq(transfers.reference, reference));
    if (!existing || existing.amount !== body.data.amount || existing.recipientCode !== recipient.recipientCode) {
      return reply.code(400).send({ status: false, message: "Duplicate Transfer Reference" });
    }
    return { status: true, message: "Transfer has been queued", data: { ...transferObject(existing, undefined), recipient: recipient.id } };
  });

  // GET /transfer (Paystack "List Transfers"): transfers created between from and to (both
  // inclusive), newest first, paged with meta, perPage at most 100.
  sandbox.get("/transfer", async (req, reply) => {
    const query = listQuery.safeParse(req.query);
    if (!query.success) return reply.code(400).send({ status: false, message: z.prettifyError(query.error) });
    const { perPage, page, from, to } = query.data;
    const where = and(from ? gte(transfers.createdAt, new Date(from)) : undefined, to ? lte(transfers.createdAt, new Date(to)) : undefined);
    const [rows, [counted]] = await Promise.all([
      db
        .select()
        .from(transfers)
        .where(where)
        .orderBy(desc(transfers.createdAt), desc(transfers.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      db.select({ total: count() }).from(transfers).where(where),
    ]);
    const total = counted?.total ?? 0;
    const data = await Promise.all(rows.map(async (transfer) => transferObject(transfer, await recipientOf(db, transfer))));
    return {
      status: true,
      message: "Transfers retrieved",
      data,
      meta: { total, skipped: (page - 1) * perPage, perPage, page, pageCount: Math.ceil(total / perPage) },
    };
  });

  // The sandbox's own control (docs/providers.md "Sandbox controls"), not part of Paystack's API:
  // the payout's next step now, its webhook sent before the answer (paid, failed; a reversal
  // fixture is paid first, reversed on the next settle). Open like the transfer-in page.
  sandbox.post<{ Params: { reference: string } }>("/transfers/:reference/settle", async (req, reply) => {
    const reference = req.params.reference;
    const [found] = PAYOUT_REFERENCE_PATTERN.test(reference) ? await db.select().from(transfers).where(eq(transfers.reference, reference)) : [];
    if (!found) return reply.code(404).send({ status: false, message: "Transfer not found" });
    const outcome = await deps.transfers.settle(found.id);
    const [transfer] = await db.select().from(transfers).where(eq(transfers.id, found.id));
    if (outcome === "final")
      return reply.code(409).send({ status: false, message: `The transfer has no step left (${transfer?.status})`, data: { status: transfer?.status } });
    return { status: true, message: "Transfer settled", data: { reference: found.reference, status: transfer?.status } };
  });

  sandbox.get<{ Params: { reference: string } }>("/transfer/verify/:reference", async (req, reply) => {
    const [found] = await db.select().from(transfers).where(eq(transfers.reference, req.params.reference));
    if (!found) return reply.code(404).send({ status: false, message: "Transfer not found" });
    let transfer = found;
    if (found.nextEventAt && found.nextEventAt.getTime() <= Date.now()) {
      await deps.transfers.takeDueStep(found.id);
      transfer = (await db.select().from(transfers).where(eq(transfers.id, found.id)))[0] ?? found;
    }
    return { status: true, message: "Transfer retrieved", data: transferObject(transfer, await recipientOf(db, transfer)) };
  });
}
