import { randomBytes } from "node:crypto";

/** A unique, unguessable transaction reference, e.g. KOLO-TOP-9F2C…; `kind` is TOP, P2P, … */
export function newReference(kind: string): string {
  return `KOLO-${kind}-${Date.now().toString(36).toUpperCase()}${randomBytes(6).toString("hex").toUpperCase()}`;
}
