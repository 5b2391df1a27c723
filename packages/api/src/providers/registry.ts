// Every provider the server knows (the provider kit, kit.ts). The server builds the clients,
// mounts the sandboxes and the webhook routes by looping over this list.
import type { ProviderModule } from "./kit";
import { paystack } from "./paystack";
import { vtpass } from "./vtpass";

export const PROVIDERS: readonly ProviderModule[] = [paystack, vtpass];
