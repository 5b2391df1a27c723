// What a provider's webhook handler (money/inbound/<name>.ts) is given besides the delivery.
import type { Database } from "@kolo/db";
import type { Services } from "../../services";

/** Everything a webhook route gets: the database and the injected provider clients. */
export interface WebhookContext {
  db: Database;
  services: Services;
}
