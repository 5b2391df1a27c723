import { schema } from "@kolo/db";
import { koboAsNaira } from "@kolo/domain";
import { z } from "zod";

/**
 * A transaction as the client reads it (docs/product.md), amounts in kobo: the output schema
 * (router/common.types.ts `transaction`) sends them as naira through the naira codec.
 */
export interface TransactionView {
  id: number;
  type: schema.TransactionRecord["type"];
  amount: bigint;
  fee: bigint;
  status: schema.TransactionRecord["status"];
  reference: string;
  createdAt: Date;
  description: string;
  senderId: number | null;
  recipientId: number | null;
  /** The record's typed metadata (by `type`; a payout's stored `feeKobo` left out), plus `fee` in kobo. */
  metadata: WireMetadata & { fee: bigint };
}

type Metadata = schema.TransactionRecord["metadata"];
/** Metadata as sent: without a payout's stored `feeKobo` (the wire has `fee` instead). */
export type WireMetadata = Metadata extends infer M ? (M extends unknown ? Omit<M, "feeKobo"> : never) : never;

function wireMetadata(metadata: Metadata): WireMetadata {
  if (!("feeKobo" in metadata)) return metadata;
  const { feeKobo: _stored, ...rest } = metadata;
  return rest;
}

/** Maps a record for `viewerId`: a P2P credit reads 'Transfer from {sender}'. */
export function toTransactionView(record: schema.TransactionRecord, viewerId: number): TransactionView {
  const senderName = record.type === "p2p" && "senderName" in record.metadata ? record.metadata.senderName : undefined;
  const description = senderName !== undefined && record.recipientId === viewerId ? `Transfer from ${senderName}` : record.description;
  return {
    id: record.id,
    type: record.type,
    amount: record.amount,
    fee: record.fee,
    status: record.status,
    reference: record.reference,
    createdAt: record.createdAt,
    description,
    senderId: record.senderId,
    recipientId: record.recipientId,
    metadata: { ...wireMetadata(record.metadata), fee: record.fee },
  };
}

const id = z.number().int().positive();

/**
 * A transaction's metadata on the wire: typed by the transaction's `type` (docs/adding-a-movement.md),
 * checked loosely (any keys, `fee` through the naira codec) and typed as the view's union for the web app.
 */
const metadata = z
  .looseObject({ fee: koboAsNaira })
  .meta({ description: "typed by `type` (docs/adding-a-movement.md); always `fee` in naira" }) as unknown as z.ZodType<
  WireMetadata & { fee: number },
  WireMetadata & { fee: bigint }
>;

/**
 * The output schema of a TransactionView (procedures' `.output()`, live events): amounts kobo in,
 * naira out through the naira codec (docs/decisions/money-and-ledger.md "One naira codec").
 */
export const transactionSchema = z.object({
  id,
  type: z.enum(schema.transactionType.enumValues),
  amount: koboAsNaira,
  fee: koboAsNaira,
  status: z.enum(schema.transactionStatus.enumValues),
  reference: z.string(),
  createdAt: z.date(),
  description: z.string(),
  senderId: id.nullable(),
  recipientId: id.nullable(),
  metadata,
});
