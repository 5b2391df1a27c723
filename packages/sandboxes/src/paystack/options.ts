import type { SandboxKeys } from "@kolo/providers";
import type { SandboxServer } from "../kit";

/** The Paystack sandbox's options: its keys, and how long before a queued webhook is sent. */
export interface PaystackSandboxOptions extends SandboxKeys {
  /** Delay before a queued event's webhook is sent, in ms (docs/providers.md: about 2 s by default). */
  webhookDelayMs?: number;
  /**
   * Retry interval of a charge webhook that got no 200, in ms (default 180,000: Paystack's 3
   * minutes); after 4 retries every 20 intervals, for 1,440 intervals (docs/providers.md "Webhook retries").
   */
  webhookRetryMs?: number;
  /**
   * Hold mode: a queued payout stays in flight (no webhook; verify says `pending`) until
   * `POST /sandbox/paystack/transfers/{reference}/settle` takes its next step.
   */
  hold?: boolean;
}

export type PaystackSandboxContext = PaystackSandboxOptions & SandboxServer;
