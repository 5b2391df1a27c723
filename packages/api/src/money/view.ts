import { schema } from "@kolo/db";
import { koboAsNaira, readerDescription } from "@kolo/domain";
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
  /** The record's typed metadata (by `type`), its stored kobo fields under their wire names, plus `fee`: kobo. */
  metadata: WireMetadata & WireAmounts<bigint>;
}

type Metadata = schema.TransactionRecord["metadata"];
/** The stored kobo fields of metadata, sent under other names: `fee` (from the record), `gatewayFee`, `reportedAmount`. */
type StoredKobo = "feeKobo" | "gatewayFeeKobo" | "reportedAmountKobo";
/** Metadata as sent, without the stored kobo fields (WireAmounts carries them). */
export type WireMetadata = Metadata extends infer M ? (M extends unknown ? Omit<M, StoredKobo> : never) : never;
/** The metadata's amounts on the wire: kobo (`bigint`) in the view, naira (`number`) once encoded. */
export type WireAmounts<Amount> = {
  fee: Amount;
  gatewayFee?: Amount;
  reportedAmount?: Amount;
};

/**
 * A record's metadata as the view holds it: a top-up's stored `gatewayFeeKobo`/`reportedAmountKobo` as
 * `gatewayFee`/`reportedAmount` (kobo), a payout's `feeKobo` left out (`fee` comes from the record),
 * a held payment's `fraudReview` as its rules and state only.
 */
export function wireMetadata(metadata: Metadata): WireMetadata & Omit<WireAmounts<bigint>, "fee"> {
  const { feeKobo: _fee, gatewayFeeKobo, reportedAmountKobo, ...rest } = metadata as Metadata & Partial<Record<StoredKobo, number>>;
  // A held purchase's stored provider call stays on the server: the wire tells only the rules and the state.
  const review = "fraudReview" in rest && rest.fraudReview ? { fraudReview: { rules: rest.fraudReview.rules, state: rest.fraudReview.state } } : {};
  return {
    ...rest,
    ...review,
    ...(gatewayFeeKobo !== undefined ? { gatewayFee: BigInt(gatewayFeeKobo) } : {}),
    ...(reportedAmountKobo !== undefined ? { reportedAmount: BigInt(reportedAmountKobo) } : {}),
  };
}

/** Maps a record for `viewerId`: its description as that reader reads it (readerDescription: a P2P credit reads 'Transfer from {sender}'). */
export function toTransactionView(record: schema.TransactionRecord, viewerId: number): TransactionView {
  const description = readerDescription(record, viewerId);
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
  .looseObject({ fee: koboAsNaira, gatewayFee: koboAsNaira.optional(), reportedAmount: koboAsNaira.optional() })
  .meta({ description: "typed by `type` (docs/adding-a-movement.md); always `fee` in naira" }) as unknown as z.ZodType<
  WireMetadata & WireAmounts<number>,
  WireMetadata & WireAmounts<bigint>
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
