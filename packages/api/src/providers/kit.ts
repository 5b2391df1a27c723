// The provider kit (docs/adding-a-provider.md): each outside provider lives in one folder under
// providers/<name>/ (client, wire types, settings, webhook handling) and exports one
// ProviderModule; the server configures them through the registry (registry.ts) and mounts their
// webhooks. Their sandboxes live in @kolo/sandboxes.
import { createHmac, randomBytes } from "node:crypto";
import type { Database } from "@kolo/db";
import type { Services } from "../services";

/**
 * The keys a provider's `configure` makes for its built-in sandbox (no real keys set): the sandbox
 * accepts only these, and signs its webhooks to `webhookUrl` with the secret key. The sandboxes
 * themselves live in @kolo/sandboxes.
 */
export interface SandboxKeys {
  secretKey: string;
  /** Where the sandbox delivers its signed webhooks (the app's /api/webhooks/<name>). */
  webhookUrl: string;
  /** Further keys of providers that use several (VTpass: api-key and public-key beside the secret key). */
  apiKey?: string;
  publicKey?: string;
}

/** How a provider's `configure` reaches its sandbox, and what its sandbox keys are made from. */
export interface ProviderUrls {
  /** How this process reaches itself (http://127.0.0.1:PORT): the sandbox's base and webhook target. */
  internalUrl: string;
  /**
   * KOLO_SANDBOX_SEED: servers of one cluster share it, so their sandboxes have the same keys and
   * each accepts what another's sandbox signed. Unset: random keys per process.
   */
  sandboxSeed?: string;
  /** Where a sandbox delivers its webhooks (SANDBOX_WEBHOOK_BASE_URL; a cluster's HAProxy); default `internalUrl`. */
  webhookBaseUrl?: string;
}

/** A sandbox key: 32 hex characters from the seed (the same on every server sharing it), else random. */
export function sandboxKey(urls: ProviderUrls, provider: string, name: string): string {
  if (!urls.sandboxSeed) return randomBytes(16).toString("hex");
  return createHmac("sha256", urls.sandboxSeed).update(`${provider}:${name}`).digest("hex").slice(0, 32);
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

/** The result of `configure`: the Services fields this provider supplies and, without keys, its sandbox's keys. */
export interface ProviderSetup {
  services: Partial<Services>;
  sandbox?: SandboxKeys;
}

/** A provider; `Settings` is its own settings type, declared in its folder (settings.ts). */
export interface ProviderModule<Settings> {
  /** URL segment: the sandbox is mounted at /sandbox/<name>, the webhook at /api/webhooks/<name>. */
  name: string;
  /**
   * Builds the provider's clients. With its keys they talk to the real API; without, to this
   * server's sandbox at `${internalUrl}/sandbox/<name>`, with random keys it returns as `sandbox`.
   */
  configure(settings: Settings, urls: ProviderUrls): ProviderSetup;
  /**
   * The provider's webhook, if Kolo takes any: from a delivery to an answer (signature check on the
   * raw body, then the event handling). The server mounts it at POST /api/webhooks/<name>.
   */
  webhook?: { handle(request: WebhookRequest, context: WebhookContext): Promise<WebhookAnswer>; doc: WebhookDoc };
}
