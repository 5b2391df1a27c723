// POST /api/webhooks/paystack: checks x-paystack-signature (HMAC-SHA512 of the raw body with the
// secret key) before parsing anything, then settles charge.success events at most once.
import { type PaymentGateway, type Services, paystackTransaction, settleTopUp, toVerifiedCharge } from "@kolo/api";
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
        return reply.code(401).send({ message: "Invalid signature", details: null });
      }
      let event: z.infer<typeof eventSchema>;
      try {
        event = eventSchema.parse(JSON.parse(body.toString("utf8")));
      } catch {
        return reply.code(400).send({ message: "Malformed webhook body", details: null });
      }
      if (event.event !== "charge.success") return { received: true };
      const data = paystackTransaction.safeParse(event.data);
      if (!data.success) return reply.code(400).send({ message: "Malformed charge data", details: null });
      const result = await settleTopUp(deps.db, toVerifiedCharge(data.data), deps.log);
      return { received: true, outcome: result.outcome };
    });
  });
}
