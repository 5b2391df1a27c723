// POST /api/webhooks/<provider>: the HTTP side of the providers' webhooks (docs/adding-a-provider.md).
// The body is kept as raw bytes (signatures are over the body exactly as sent) and handed with the
// headers to the provider's transport-agnostic handler, whose answer is sent as it is.
import type { ProviderModule, WebhookContext } from "@kolo/api";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { ExtraPath } from "./openapi";

const webhookPath = (provider: ProviderModule<unknown>) => `/api/webhooks/${provider.name}`;

/** Mounts the webhook route of every provider that takes webhooks. */
export async function mountWebhooks(app: FastifyInstance, context: WebhookContext, providers: readonly ProviderModule<unknown>[]) {
  await app.register((scope, _options, done) => {
    // Keep the raw bytes, whatever the content type says.
    const raw = (_req: unknown, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body);
    scope.addContentTypeParser("application/json", { parseAs: "buffer" }, raw);
    scope.addContentTypeParser("*", { parseAs: "buffer" }, raw);
    for (const provider of providers) {
      const webhook = provider.webhook;
      if (!webhook) continue;
      scope.post(webhookPath(provider), async (req, reply) => {
        const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const answer = await webhook.handle({ rawBody, headers: req.headers }, context);
        return reply.code(answer.status).send(answer.body);
      });
    }
    done();
  });
}

/** The reference entries of the providers' webhooks. */
export function webhookPaths(providers: readonly ProviderModule<unknown>[]): ExtraPath[] {
  return providers.flatMap((provider) => {
    const webhook = provider.webhook;
    if (!webhook) return [];
    return [
      {
        method: "POST",
        path: webhookPath(provider),
        tag: "Webhooks",
        summary: webhook.doc.summary,
        description: `Called by ${provider.name}, not by clients. Events acted on: ${webhook.doc.events.join(", ")}; others are acknowledged. A repeated event changes nothing.`,
        output: z.object({ received: z.literal(true), outcome: z.string().optional() }),
        statuses: [200, 400, 401, 500, 503],
        body: {
          type: "object",
          properties: { event: { type: "string", enum: [...webhook.doc.events] }, data: { type: "object" } },
          required: ["event", "data"],
        },
        headers: [webhook.doc.signatureHeader],
      },
    ];
  });
}
