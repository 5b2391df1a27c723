// Paystack (cards, banks, payouts and BVN identity): the provider module the registry loads.
import { randomBytes } from "node:crypto";
import type { ProviderModule } from "../kit";
import { PaystackClient } from "./client";
import { paystackSandbox } from "./sandbox";
import { handlePaystackWebhook, paystackWebhookDoc } from "./webhook";

export { PaystackClient } from "./client";
export { paystackSandbox, sandboxFeeKobo } from "./sandbox";
export { handlePaystackWebhook } from "./webhook";
export { paystackSignature, paystackTransaction, paystackTransfer, toPayoutTransfer, toVerifiedCharge } from "./wire";
export * as paystackFixtures from "./fixtures";

export const paystack: ProviderModule = {
  name: "paystack",
  configure(settings, urls) {
    if (settings.secretKey) {
      const client = new PaystackClient({ baseUrl: settings.baseUrl, secretKey: settings.secretKey });
      return { services: { paymentGateway: client, banking: client } };
    }
    const secretKey = `sk_test_sandbox_${randomBytes(16).toString("hex")}`;
    const client = new PaystackClient({ baseUrl: `${urls.internalUrl}/sandbox/paystack`, secretKey });
    return {
      services: { paymentGateway: client, banking: client },
      sandbox: { secretKey, webhookUrl: `${urls.internalUrl}/api/webhooks/paystack` },
    };
  },
  mountSandbox: paystackSandbox,
  webhook: { handle: handlePaystackWebhook, doc: paystackWebhookDoc },
};
