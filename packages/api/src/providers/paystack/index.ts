// Paystack (cards; banks, payouts and identity follow): the provider module the registry loads.
import { randomBytes } from "node:crypto";
import type { ProviderModule } from "../kit";
import { PaystackClient } from "./client";
import { paystackSandbox } from "./sandbox";
import { paystackWebhook } from "./webhook";

export { PaystackClient } from "./client";
export { paystackSandbox, sandboxFeeKobo } from "./sandbox";
export { paystackWebhook } from "./webhook";
export { paystackSignature, paystackTransaction, toVerifiedCharge } from "./wire";

export const paystack: ProviderModule = {
  name: "paystack",
  configure(settings, urls) {
    if (settings.secretKey) {
      return { services: { paymentGateway: new PaystackClient({ baseUrl: settings.baseUrl, secretKey: settings.secretKey }) } };
    }
    const secretKey = `sk_test_sandbox_${randomBytes(16).toString("hex")}`;
    return {
      services: { paymentGateway: new PaystackClient({ baseUrl: `${urls.internalUrl}/sandbox/paystack`, secretKey }) },
      sandbox: { secretKey, webhookUrl: `${urls.internalUrl}/api/webhooks/paystack` },
    };
  },
  mountSandbox: paystackSandbox,
  mountWebhook: paystackWebhook,
};
