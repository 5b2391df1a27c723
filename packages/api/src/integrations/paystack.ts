// Paystack (cards, banks, payouts and BVN identity): the provider module the registry loads.

import { PaystackClient, type PaystackSettings, sandboxKey } from "@kolo/providers";
import { handlePaystackWebhook, paystackWebhookDoc } from "../money/inbound/paystack";
import type { ProviderModule } from "./kit";

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
