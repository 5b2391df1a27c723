// Paystack (cards, banks, payouts and BVN identity): the provider module the registry loads.

import { type ProviderModule, sandboxKey } from "../kit";
import type { PaystackSettings } from "./settings";
import { PaystackClient } from "./client";
import { handlePaystackWebhook, paystackWebhookDoc } from "./webhook";

export { PaystackClient } from "./client";
export { handlePaystackWebhook } from "./webhook";
export { listQuery as paystackListQuery, paystackSignature, paystackTransaction, paystackTransfer, toPayoutTransfer, toVerifiedCharge } from "./wire";
export type { PaystackSettings } from "./settings";

export const paystack: ProviderModule<PaystackSettings> = {
  name: "paystack",
  configure(settings, urls) {
    if (settings.secretKey) {
      const client = new PaystackClient({ baseUrl: settings.baseUrl, secretKey: settings.secretKey });
      return { services: { paymentGateway: client, banking: client } };
    }
    const secretKey = `sk_test_sandbox_${sandboxKey(urls, "paystack", "secret")}`;
    const client = new PaystackClient({ baseUrl: `${urls.internalUrl}/sandbox/paystack`, secretKey });
    return {
      services: { paymentGateway: client, banking: client },
      sandbox: { secretKey, webhookUrl: `${urls.webhookBaseUrl ?? urls.internalUrl}/api/webhooks/paystack` },
    };
  },
  webhook: { handle: handlePaystackWebhook, doc: paystackWebhookDoc },
};
