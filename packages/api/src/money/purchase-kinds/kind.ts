// What every purchase kind (airtime, data, electricity, cable TV) tells the purchase kit
// (docs/adding-a-movement.md "A new purchase kind"): its texts, how its receipt names what was
// bought, and the order it places with VTpass. The kit (../purchases.ts) does the rest: the hold,
// the call, settle, release, requery and review, the same for every kind.
import type { schema } from "@kolo/db";
import type { PurchaseType, TransactionMetadataMap } from "@kolo/domain";
import type { PayInput } from "@kolo/providers";

export type PurchaseMetadata = TransactionMetadataMap["airtime"];

/** One purchase, as its kind builds it from a checked request. */
export interface PurchaseOrder {
  type: PurchaseType;
  /** The VTpass serviceID ("mtn", "mtn-data", "ikeja-electric"). */
  serviceId: string;
  /** Kobo: what is held and, on delivery, settled to vtpass_clearing. */
  amountKobo: bigint;
  /** The record's description ('MTN airtime for 0801…'). */
  description: string;
  /** The record's metadata, less the request_id the kit adds. */
  metadata: Omit<PurchaseMetadata, "requestId">;
  /** What VTpass's /pay gets beside request_id and serviceID. */
  pay: Omit<PayInput, "requestId" | "serviceId">;
  /** The metadata fields that make two requests under one idempotency key the same purchase. */
  sameWhen: (keyof Omit<PurchaseMetadata, "requestId">)[];
  /** Whether the amount must match too (false when the provider prices it, as data plans). */
  sameAmount: boolean;
}

/** A receipt line: label and value as printed. */
export interface KindLine {
  label: string;
  value: string;
}

export interface PurchaseKind {
  type: PurchaseType;
  /** The spec's (or Kolo's) texts: a refunded purchase, the 202 title and the success title. */
  texts: { failed: string; pendingTitle: string; successTitle: string };
  /** What the receipt calls it, whom it went to (masked) and its own lines (a token). */
  receipt(metadata: Partial<PurchaseMetadata>): { title: string; to: { name: string; account: string | null }; lines: KindLine[] };
}

/** True when `earlier` (found under the same idempotency key) is the purchase `order` describes. */
export function sameOrder(earlier: schema.TransactionRecord, order: PurchaseOrder): boolean {
  if (earlier.type !== order.type) return false;
  if (order.sameAmount && earlier.amount !== order.amountKobo) return false;
  const before = earlier.metadata as Partial<PurchaseMetadata>;
  return order.sameWhen.every((field) => before[field] === order.metadata[field]);
}
