// The provider kit (DECISIONS "Providers"): each outside provider lives in one folder under
// providers/<name>/ (client, wire types, sandbox, webhook handling) and exports one
// ProviderModule; the server loops over PROVIDERS (registry.ts) to build clients, mount the
// sandboxes and the webhook routes. Adding a provider = a new folder + its env variables.
import type { Database } from "@kolo/db";
import type { FastifyInstance } from "fastify";
import type { Services } from "../services";

/** How the server reaches the provider: real keys from the environment, or none (sandbox). */
export interface ProviderSettings {
  /** The provider's secret key; unset = use the built-in sandbox. */
  secretKey?: string;
  /** The real API's base URL (ignored for the sandbox). */
  baseUrl: string;
  /** Further keys of providers that use several (VTpass: api-key and public-key beside the secret key). */
  apiKey?: string;
  publicKey?: string;
  /** How long a provider call may take before it counts as no answer, ms (VTpass: VTPASS_TIMEOUT_MS). */
  timeoutMs?: number;
}

/** What a provider's sandbox needs when mounted under /sandbox/<name>. */
export interface SandboxOptions {
  /** The only key the sandbox accepts; it also signs the sandbox's webhooks. */
  secretKey: string;
  /** Where the sandbox delivers its signed webhooks (normally the app's /api/webhooks/<name>). */
  webhookUrl: string;
  /** Delay before a queued event's webhook is sent, in ms (PROVIDERS.md: about 2 s by default). */
  webhookDelayMs?: number;
  /** Further keys the sandbox accepts (VTpass's api-key and public-key). */
  apiKey?: string;
  publicKey?: string;
  /** VTpass sandbox: how long a "processing" purchase (201000000000) stays pending, ms (default 5 s). */
  pendingDelayMs?: number;
  /** VTpass sandbox: the longest hang of 300000000000 when the client does not give up first, ms. */
  hangMs?: number;
}

/** Everything a sandbox gets from the server. Its state lives in PostgreSQL (`db`), so a restart forgets nothing. */
export interface SandboxContext extends SandboxOptions {
  db: Database;
  /** Browser-facing origin, for hosted pages (checkout). */
  publicUrl: string;
}

/** Everything a webhook route gets: the database and the injected provider clients. */
export interface WebhookContext {
  db: Database;
  services: Services;
}

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

/** The result of `configure`: the Services fields this provider supplies and, without keys, its sandbox. */
export interface ProviderSetup {
  services: Partial<Services>;
  sandbox?: SandboxOptions;
}

export interface ProviderModule {
  /** URL segment: the sandbox is mounted at /sandbox/<name>, the webhook at /api/webhooks/<name>. */
  name: string;
  /**
   * Builds the provider's clients. With `settings.secretKey` they talk to `settings.baseUrl`;
   * without, to this server's sandbox at `${internalUrl}/sandbox/<name>` with a random key.
   */
  configure(settings: ProviderSettings, urls: { internalUrl: string }): ProviderSetup;
  /** Mounts the sandbox's HTTP API under /sandbox/<name> (only when configured without keys). */
  mountSandbox(app: FastifyInstance, context: SandboxContext): Promise<void>;
  /**
   * The provider's webhook, if Kolo takes any: from a delivery to an answer (signature check on the
   * raw body, then the event handling). The server mounts it at POST /api/webhooks/<name>.
   */
  webhook?: { handle(request: WebhookRequest, context: WebhookContext): Promise<WebhookAnswer>; doc: WebhookDoc };
}
