// Chooses the provider implementations from the environment: the real Paystack API when
// PAYSTACK_SECRET_KEY is set, else the built-in sandbox on this server. Tests build Services directly.
import { randomBytes } from "node:crypto";
import { PaystackClient, type Services } from "@kolo/api";
import type { Env } from "./env";

export interface ServicesWithSandbox {
  services: Services;
  /** Set when the Paystack sandbox must be mounted: its secret and webhook target. */
  paystackSandbox?: { secretKey: string; webhookUrl: string };
}

/**
 * `internalUrl` is how this process reaches itself (http://127.0.0.1:PORT): the sandbox's API
 * base and its webhook target. `publicUrl` is what the browser sees.
 */
export function createServices(env: Env, urls: { publicUrl: string; internalUrl: string }, log: Services["log"]): ServicesWithSandbox {
  if (env.PAYSTACK_SECRET_KEY) {
    return {
      services: { publicUrl: urls.publicUrl, log, paymentGateway: new PaystackClient({ baseUrl: env.PAYSTACK_BASE_URL, secretKey: env.PAYSTACK_SECRET_KEY }) },
    };
  }
  const secretKey = `sk_test_sandbox_${randomBytes(16).toString("hex")}`;
  return {
    services: {
      publicUrl: urls.publicUrl,
      log,
      paymentGateway: new PaystackClient({ baseUrl: `${urls.internalUrl}/sandbox/paystack`, secretKey }),
    },
    paystackSandbox: { secretKey, webhookUrl: `${urls.internalUrl}/api/webhooks/paystack` },
  };
}
