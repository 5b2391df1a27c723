// Chooses the provider implementations from the environment through the provider kit's registry:
// the real API when a provider's keys are set, else its built-in sandbox (@kolo/sandboxes) on this
// server. Tests build Services directly.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PROVIDER_NAMES, type Services, configureProvider } from "@kolo/api";
import { type Mailer, type SandboxKeys } from "@kolo/providers";
import type { Database } from "@kolo/db";
import { type SandboxOptions, sandboxMailer } from "@kolo/sandboxes";
import nodemailer from "nodemailer";
import { type Env, providerSettings } from "./env";

export interface ServicesWithSandbox {
  services: Services;
  /** The sandboxes to mount, by provider name (providers configured without keys). */
  sandboxes: Partial<SandboxOptions>;
}

/**
 * `internalUrl` is how this process reaches itself (http://127.0.0.1:PORT): the sandboxes' API
 * base and their webhook target. `publicUrl` is what the browser sees.
 */
export function createServices(
  env: Env,
  urls: { publicUrl: string; internalUrl: string },
  log: Services["log"],
  jobs: Services["jobs"],
  db: Database,
): ServicesWithSandbox {
  const settings = providerSettings(env);
  const keys: Partial<Record<keyof SandboxOptions, SandboxKeys>> = {};
  let supplied: Partial<Services> = {};
  for (const name of PROVIDER_NAMES) {
    const setup = configureProvider(name, settings[name], {
      internalUrl: urls.internalUrl,
      sandboxSeed: env.KOLO_SANDBOX_SEED,
      webhookBaseUrl: env.SANDBOX_WEBHOOK_BASE_URL,
    });
    supplied = { ...supplied, ...setup.services };
    if (setup.sandbox) keys[name] = setup.sandbox;
  }
  // Each sandbox with its own settings.
  const sandboxes: Partial<SandboxOptions> = {
    ...(keys.paystack
      ? {
          paystack: {
            ...keys.paystack,
            webhookDelayMs: env.SANDBOX_WEBHOOK_DELAY_MS,
            webhookRetryMs: env.SANDBOX_WEBHOOK_RETRY_MS,
            hold: env.SANDBOX_HOLD,
          },
        }
      : {}),
    ...(keys.vtpass ? { vtpass: { ...keys.vtpass, pendingDelayMs: env.VTPASS_SANDBOX_PENDING_MS, hold: env.SANDBOX_HOLD } } : {}),
    ...(env.SMTP_URL ? {} : { mail: {} }),
  };
  // E-mail over SMTP (nodemailer), or kept in the sandbox mailbox (docs/providers.md "E-mail").
  const mailer = env.SMTP_URL ? smtpMailer(env.SMTP_URL, env.MAIL_FROM) : sandboxMailer(db);
  const { paymentGateway, banking, purchases } = supplied;
  if (!paymentGateway || !banking || !purchases) throw new Error("The providers do not supply a payment gateway, a banking provider and a purchase provider");
  // Outside production only (env.ts refuses production without it): a key made once and kept in
  // the data folder, so stored BVN hashes (and one-BVN-per-account) survive a restart.
  const bvnHashKey = env.BVN_HASH_KEY ?? developmentBvnHashKey(env.KOLO_DATA_DIR);
  const userLimits = { recipient_lookup: { max: env.RECIPIENT_LOOKUP_LIMIT, windowMs: 10 * 60 * 1000 } };
  return { services: { ...supplied, publicUrl: urls.publicUrl, log, jobs, mailer, paymentGateway, banking, purchases, bvnHashKey, userLimits }, sandboxes };
}

/** The development BVN hash key in `<dataDir>/bvn-hash-key` (mode 600), created on first use. */
export function developmentBvnHashKey(dataDir: string): string {
  const file = join(dataDir, "bvn-hash-key");
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error; // another server made it first
    }
    return readFileSync(file, "utf8").trim();
  }
}

/** A Mailer sending over SMTP with nodemailer (`url`: smtp:// or smtps://user:pass@host:port). */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}
