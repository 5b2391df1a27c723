// The provider kit (docs/adding-a-provider.md): each outside provider's client, wire types and
// settings live in @kolo/providers (pure adapters: HTTP and parsing, no money); the handling of its
// webhooks that moves money lives in money/inbound/<name>.ts. Here each provider is one
// ProviderModule joining the two; the server configures them through the registry (registry.ts)
// and mounts their webhooks. Their sandboxes live in @kolo/sandboxes.
import type { ProviderUrls, SandboxKeys, WebhookAnswer, WebhookDoc, WebhookRequest } from "@kolo/providers";
import type { WebhookContext } from "../money/inbound/webhook";
import type { Services } from "../services";

export type { ProviderUrls, SandboxKeys, WebhookAnswer, WebhookDoc, WebhookRequest } from "@kolo/providers";
export type { WebhookContext } from "../money/inbound/webhook";

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
