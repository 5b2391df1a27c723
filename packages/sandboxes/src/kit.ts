// The sandboxes' kit (docs/adding-a-provider.md): each provider without keys gets a built-in
// emulator of its HTTP API under /sandbox/<name>, with the fixtures of docs/providers.md. A
// sandbox's options are typed in its own folder; they start from the keys the provider's
// `configure` made for it (@kolo/providers SandboxKeys) and add that sandbox's own settings.
import type { SandboxKeys } from "@kolo/providers";
import type { Database } from "@kolo/db";

/** What every sandbox gets from the server besides its own options. Its state lives in PostgreSQL (`db`). */
export interface SandboxServer {
  db: Database;
  /** Browser-facing origin, for hosted pages (the Paystack checkout). */
  publicUrl: string;
}

export type { SandboxKeys };

/** Escapes text for the sandboxes' HTML pages (checkout, transfer-in, mailbox). */
export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);
