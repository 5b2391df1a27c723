// Every provider the server knows (the provider kit, kit.ts), by name. The server configures each
// from its own typed settings and mounts the webhooks of those that take them.
import type { ProviderModule, ProviderSetup, ProviderUrls } from "./kit";
import type { PaystackSettings, VtpassSettings } from "@kolo/providers";
import { paystack } from "./paystack";
import { vtpass } from "./vtpass";

/** Each provider's settings type, by name (declared in the provider's folder). */
export interface ProviderSettingsByName {
  paystack: PaystackSettings;
  vtpass: VtpassSettings;
}

export type ProviderName = keyof ProviderSettingsByName;

const REGISTRY: { [Name in ProviderName]: ProviderModule<ProviderSettingsByName[Name]> } = { paystack, vtpass };

/** Every provider, for what does not depend on settings (webhooks). */
export const PROVIDERS: readonly ProviderModule<unknown>[] = Object.values(REGISTRY);

/** Configures one provider from its own settings. */
export function configureProvider<Name extends ProviderName>(name: Name, settings: ProviderSettingsByName[Name], urls: ProviderUrls): ProviderSetup {
  const provider: ProviderModule<ProviderSettingsByName[Name]> = REGISTRY[name];
  return provider.configure(settings, urls);
}

/** The names of the providers, in the registry's order. */
export const PROVIDER_NAMES: readonly ProviderName[] = ["paystack", "vtpass"];
