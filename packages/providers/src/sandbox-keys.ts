// The keys a provider's built-in sandbox accepts, shared by the app's provider configuration
// (@kolo/api) and the sandboxes themselves (@kolo/sandboxes).
import { createHmac, randomBytes } from "node:crypto";

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
