// The Paystack sandbox's refunds (docs/providers.md "Paystack refunds"): `POST /refund` of a
// successful charge up to what is left of it (the amount defaults to all of it), answered `pending`,
// then `refund.processed` by webhook after the sandbox's webhook delay. What was refunded lives on
// the charge's row (`refunded`), taken by a conditional update, so two refunds at once never give
// back more than the charge. The webhook's timer is in memory: a server that stops before it fires
// sends nothing (Kolo's refund then stays pending, as a real one whose webhook never came).
import { randomInt } from "node:crypto";
import { type Database, schema } from "@kolo/db";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { WebhookSender } from "./banking";

const charges = schema.paystackSandboxCharges;

const refundBody = z.object({
  transaction: z.union([z.number().int().positive(), z.string().min(1).max(100)]),
  amount: z
    .union([z.number().int().positive(), z.string().regex(/^[1-9]\d*$/)])
    .transform(Number)
    .optional(),
  merchant_note: z.string().max(500).optional(),
});

/** Paystack's refusal of a refund above what is left of the charge (docs/providers.md). */
export const REFUND_TOO_MUCH_MESSAGE = "Refund amount cannot be more than the transaction amount";

/** Mounts `POST /refund` on the sandbox scope; `delayMs` null holds the webhook back (hold mode). */
export function refundRoutes(
  sandbox: FastifyInstance,
  deps: { db: Database; authorized: (header: string | undefined) => boolean; deliver: WebhookSender; delayMs: number | null },
) {
  const { db, deliver } = deps;
  const timers = new Set<NodeJS.Timeout>();
  sandbox.addHook("onClose", async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  });

  sandbox.post("/refund", async (req, reply) => {
    if (!deps.authorized(req.headers.authorization)) return reply.code(401).send({ status: false, message: "Invalid key" });
    const parsed = refundBody.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ status: false, message: z.prettifyError(parsed.error) });
    const { transaction } = parsed.data;
    const key = typeof transaction === "number" ? eq(charges.id, transaction) : eq(charges.reference, transaction);
    const [charge] = await db.select().from(charges).where(key);
    if (!charge) return reply.code(404).send({ status: false, message: "Transaction not found" });
    if (charge.status !== "success") return reply.code(400).send({ status: false, message: "Transaction has not been paid" });
    const amount = parsed.data.amount ?? charge.amount - charge.refunded;
    if (amount <= 0) return reply.code(400).send({ status: false, message: REFUND_TOO_MUCH_MESSAGE });
    const [taken] = await db
      .update(charges)
      .set({ refunded: sql`${charges.refunded} + ${amount}` })
      .where(and(eq(charges.id, charge.id), sql`${charges.refunded} + ${amount} <= ${charges.amount}`))
      .returning();
    if (!taken) return reply.code(400).send({ status: false, message: REFUND_TOO_MUCH_MESSAGE });
    const id = randomInt(1, 2 ** 31 - 1);
    if (deps.delayMs !== null) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void deliver(
          "refund.processed",
          { refund_reference: String(id), transaction_reference: charge.reference, amount, status: "processed" },
          charge.reference,
        );
      }, deps.delayMs);
      timers.add(timer);
    }
    return {
      status: true,
      message: "Refund has been queued for processing",
      data: {
        id,
        transaction: { id: charge.id, reference: charge.reference },
        amount,
        currency: charge.currency,
        status: "pending",
        merchant_note: parsed.data.merchant_note ?? null,
      },
    };
  });
}
