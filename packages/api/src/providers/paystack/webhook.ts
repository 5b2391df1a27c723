// POST /api/webhooks/paystack: checks x-paystack-signature (HMAC-SHA512 of the raw body with the
// secret key) before parsing anything, then settles charge.success events at most once and
// applies transfer.success / transfer.failed / transfer.reversed to the payout with that reference
// at most once (money/payouts.ts applyPayoutOutcome), in whatever order and number they come.
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { applyPayoutOutcome } from "../../money/payouts";
import { settleTopUp } from "../../money/topup";
import type { PublicError } from "../../trpc";
import type { WebhookContext } from "../kit";
import { paystackTransaction, paystackTransfer, toVerifiedCharge } from "./wire";

/** Transfer events and the payout outcome each reports (PROVIDERS.md). */
const TRANSFER_EVENTS = { "transfer.success": "success", "transfer.failed": "failed", "transfer.reversed": "reversed" } as const;
const isTransferEvent = (event: string): event is keyof typeof TRANSFER_EVENTS => Object.hasOwn(TRANSFER_EVENTS, event);

const eventSchema = z.object({ event: z.string(), data: z.unknown() });

/** Mounts POST /api/webhooks/paystack; the signature is checked with the injected payment gateway. */
export async function paystackWebhook(app: FastifyInstance, context: WebhookContext) {
  const { db, services } = context;
  await app.register(async (scope) => {
    // Keep the raw bytes: the signature is over the body exactly as sent.
    const raw = (_req: unknown, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body);
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, raw);
    scope.addContentTypeParser("*", { parseAs: "buffer" }, raw);

    scope.post("/api/webhooks/paystack", async (req, reply) => {
      const body = req.body;
      const signature = req.headers["x-paystack-signature"];
      if (!Buffer.isBuffer(body) || !services.paymentGateway.verifyWebhookSignature(body, typeof signature === "string" ? signature : undefined)) {
        req.log.warn("Paystack webhook with a bad or missing signature refused");
        return reply.code(401).send({ code: "UNAUTHENTICATED", message: "Invalid signature", details: null } satisfies PublicError);
      }
      let event: z.infer<typeof eventSchema>;
      try {
        event = eventSchema.parse(JSON.parse(body.toString("utf8")));
      } catch {
        return reply.code(400).send({ code: "VALIDATION", message: "Malformed webhook body", details: null } satisfies PublicError);
      }
      if (isTransferEvent(event.event)) {
        const transfer = paystackTransfer.safeParse(event.data);
        if (!transfer.success) {
          const details = z.flattenError(transfer.error).fieldErrors;
          return reply.code(400).send({ code: "VALIDATION", message: "Malformed transfer data", details } satisfies PublicError);
        }
        const result = await applyPayoutOutcome(db, services.log, transfer.data.reference, {
          outcome: TRANSFER_EVENTS[event.event],
          source: "webhook",
          transferCode: transfer.data.transfer_code,
          providerStatus: transfer.data.status,
          amountKobo: BigInt(transfer.data.amount),
        });
        // An unknown reference is acknowledged (200) so the provider stops retrying; it is logged.
        if (!result.transaction) services.log.warn({ reference: transfer.data.reference, event: event.event }, "Transfer webhook for an unknown payout");
        return { received: true, outcome: result.applied };
      }
      if (event.event !== "charge.success") return { received: true };
      const data = paystackTransaction.safeParse(event.data);
      if (!data.success) {
        const details = z.flattenError(data.error).fieldErrors;
        return reply.code(400).send({ code: "VALIDATION", message: "Malformed charge data", details } satisfies PublicError);
      }
      const result = await settleTopUp(db, toVerifiedCharge(data.data), services.log);
      return { received: true, outcome: result.outcome };
    });
  });
}
