// A provider's webhook delivery and the answer to it, as any transport hands them over (the
// server's Fastify route, a test calling the handler directly).

/** One webhook delivery as any transport hands it over: the body exactly as sent, and the headers (lower-case names). */
export interface WebhookRequest {
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** What to answer the provider: an HTTP status and a JSON body. */
export interface WebhookAnswer {
  status: number;
  body: unknown;
}

/** What the API reference says of a provider's webhook. */
export interface WebhookDoc {
  summary: string;
  /** The header carrying the signature over the raw body. */
  signatureHeader: { name: string; description: string };
  /** The events acted on; others are acknowledged and ignored. */
  events: readonly string[];
}
