// POST /api/webhooks/paystack: checks x-paystack-signature (HMAC-SHA512 of the raw body with the
// secret key) before parsing anything, then settles charge.success events at most once.
import { type PaymentGateway, type PublicError, type Services, paystackTransaction, settleTopUp, toVerifiedCharge } from "@kolo/api";
import type { Database } from "@kolo/db";
import type { FastifyInstance } from "fastify";
import { z } from "zod";

const eventSchema = z.object({ event: z.string(), data: z.unknown() });

export async function paystackWebhook(app: FastifyInstance, deps: { db: Database; gateway: PaymentGateway; log: Services["log"] }) {
  await app.register(async (scope) => {
    // Keep the raw bytes: the signature is over the body exactly as sent.
    const raw = (_req: unknown, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body);
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, raw);
    scope.addContentTypeParser("*", { parseAs: "buffer" }, raw);

    scope.post("/api/webhooks/paystack", async (req, reply) => {
      const body = req.body;
      const signature = req.headers["x-paystack-signature"];
      if (!Buffer.isBuffer(body) || !deps.gateway.verifyWebhookSignature(body, typeof signature === "string" ? signature : undefined)) {
        req.log.warn("Paystack webhook with a bad or missing signature refused");
        return reply.code(401).send({ code: "UNAUTHENTICATED", message: "Invalid signature", details: null } satisfies PublicError);
      }
      let event: z.infer<typeof eventSchema>;
      try {
        event = eventSchema.parse(JSON.parse(body.toString("utf8")));
      } catch {
        return reply.code(400).send({ code: "VALIDATION", message: "Malformed webhook body", details: null } satisfies PublicError);
      }
      if (event.event !== "charge.success") return { received: true };
      const data = paystackTransaction.safeParse(event.data);
      if (!data.success) {
        const details = z.flattenError(data.error).fieldErrors;
        return reply.code(400).send({ code: "VALIDATION", message: "Malformed charge data", details } satisfies PublicError);
      }
      const result = await settleTopUp(deps.db, toVerifiedCharge(data.data), deps.log);
      return { received: true, outcome: result.outcome };
    });
  });
}
