import type { SandboxKeys } from "@kolo/providers";
import type { SandboxServer } from "../kit";

/** The VTpass sandbox's options: its keys, and how long its slow fixtures take. */
export interface VtpassSandboxOptions extends SandboxKeys {
  /** How long a "processing" purchase (201000000000) stays pending, ms (default 5 s). */
  pendingDelayMs?: number;
  /** The longest hang of 300000000000 when the client does not give up first, ms. */
  hangMs?: number;
  /**
   * Hold mode: a pending fixture (201000000000, 201000000001, meter 2020202020202, smartcard 1010101010) stays pending
   * until `POST /sandbox/vtpass/requests/{requestId}/release`, whatever `pendingDelayMs` says.
   */
  hold?: boolean;
}

export type VtpassSandboxContext = VtpassSandboxOptions & SandboxServer;
