import type { schema } from "@kolo/db";
import { koboToNaira, readerDescription } from "@kolo/domain";

/** A transaction as the client reads it (docs/product.md): amounts in naira. */
export interface TransactionView {
  id: number;
  type: schema.TransactionRecord["type"];
  amount: number;
  fee: number;
  status: schema.TransactionRecord["status"];
  reference: string;
  createdAt: Date;
  description: string;
  senderId: number | null;
  recipientId: number | null;
  /** The record's typed metadata (by `type`; a payout's stored `feeKobo` left out), plus `fee` in naira. */
  metadata: WireMetadata & { fee: number };
}

type Metadata = schema.TransactionRecord["metadata"];
/** Metadata as sent: without a payout's stored `feeKobo` (the wire has `fee` in naira instead). */
type WireMetadata = Metadata extends infer M ? (M extends unknown ? Omit<M, "feeKobo"> : never) : never;

function wireMetadata(metadata: Metadata): WireMetadata {
  if (!("feeKobo" in metadata)) return metadata;
  const { feeKobo: _stored, ...rest } = metadata;
  return rest;
}

/** Maps a record for `viewerId`: its description as that reader reads it (readerDescription: a P2P credit reads 'Transfer from {sender}'). */
export function toTransactionView(record: schema.TransactionRecord, viewerId: number): TransactionView {
  const description = readerDescription(record, viewerId);
  return {
    id: record.id,
    type: record.type,
    amount: koboToNaira(record.amount),
    fee: koboToNaira(record.fee),
    status: record.status,
    reference: record.reference,
    createdAt: record.createdAt,
    description,
    senderId: record.senderId,
    recipientId: record.recipientId,
    metadata: { ...wireMetadata(record.metadata), fee: koboToNaira(record.fee) },
  };
}
