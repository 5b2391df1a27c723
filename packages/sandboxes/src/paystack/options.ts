import type { SandboxKeys } from "@kolo/api";
import type { SandboxServer } from "../kit";

/** The Paystack sandbox's options: its keys, and how long before a queued webhook is sent. */
export interface PaystackSandboxOptions extends SandboxKeys {
  /** Delay before a queued event's webhook is sent, in ms (docs/providers.md: about 2 s by default). */
  webhookDelayMs?: number;
}

export type PaystackSandboxContext = PaystackSandboxOptions & SandboxServer;
