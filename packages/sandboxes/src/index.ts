// @kolo/sandboxes: the built-in emulators of the providers' HTTP APIs, used when a provider has no
// keys (development, tests, demos) and their fixtures (docs/providers.md "Sandbox fixtures").
// The server mounts them with `mountSandboxes`. They share the providers' wire types with the app's
// clients (@kolo/providers); @kolo/api and this package never depend on each other.
import type { FastifyInstance } from "fastify";
import type { SandboxServer } from "./kit";
import type { PaystackSandboxOptions } from "./paystack/options";
import { paystackSandbox } from "./paystack/sandbox";
import type { VtpassSandboxOptions } from "./vtpass/options";
import { vtpassSandbox } from "./vtpass/sandbox";
import { mailboxRoutes } from "./mail/mailbox";

export type { SandboxKeys, SandboxServer } from "./kit";
export type { PaystackSandboxOptions } from "./paystack/options";
export type { VtpassSandboxOptions } from "./vtpass/options";
export { paystackSandbox, sandboxFeeKobo } from "./paystack/sandbox";
export { PAYSTACK_WEBHOOK_RETRY_MS, chargeWebhookRetryDelayMs, nextChargeWebhookAt } from "./paystack/charge-webhooks";
export { vtpassSandbox, SANDBOX_HANG_MS } from "./vtpass/sandbox";
export * as paystackFixtures from "./paystack/fixtures";
export { linksOf, mailboxRoutes, sandboxMailer } from "./mail/mailbox";
export * as vtpassFixtures from "./vtpass/fixtures";
/** Benchmark-only: a day of sandbox records in bulk (bench:scale's reconciliation run). */
export { type BulkDayResult, holdSandboxDay } from "./paystack/bulk-fixture";

/** Each sandbox's options, by provider name; `mail`: the sandbox mailbox (no SMTP_URL). */
export interface SandboxOptions {
  paystack: PaystackSandboxOptions;
  vtpass: VtpassSandboxOptions;
  mail: Record<string, never>;
}

/** Mounts each sandbox that has options under /sandbox/<name>. */
export async function mountSandboxes(app: FastifyInstance, server: SandboxServer, options: Partial<SandboxOptions>) {
  if (options.paystack) await paystackSandbox(app, { ...options.paystack, ...server });
  if (options.vtpass) await vtpassSandbox(app, { ...options.vtpass, ...server });
  if (options.mail) await mailboxRoutes(app, server);
}
