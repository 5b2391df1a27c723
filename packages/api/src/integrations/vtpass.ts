// VTpass (airtime, data, electricity, customer verification): the provider module the registry loads.

import { VtpassClient, type VtpassSettings, sandboxKey } from "@kolo/providers";
import type { ProviderModule } from "./kit";

export const vtpass: ProviderModule<VtpassSettings> = {
  name: "vtpass",
  configure(settings, urls) {
    if (settings.secretKey && settings.apiKey && settings.publicKey) {
      const client = new VtpassClient({
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey,
        publicKey: settings.publicKey,
        secretKey: settings.secretKey,
        timeoutMs: settings.timeoutMs,
      });
      return { services: { purchases: client } };
    }
    const key = (prefix: string) => `${prefix}_sandbox_${sandboxKey(urls, "vtpass", prefix)}`;
    const [apiKey, publicKey, secretKey] = [key("api"), key("PK"), key("SK")];
    const client = new VtpassClient({ baseUrl: `${urls.internalUrl}/sandbox/vtpass/api`, apiKey, publicKey, secretKey, timeoutMs: settings.timeoutMs });
    // No webhook: VTpass's callbacks are not used, requery is the source of truth (docs/product.md "Airtime and data").
    return {
      services: { purchases: client },
      sandbox: { secretKey, apiKey, publicKey, webhookUrl: `${urls.webhookBaseUrl ?? urls.internalUrl}/api/webhooks/vtpass` },
    };
  },
};
