import type { TransactionMetadata, TransactionType } from "./transaction-metadata";

/** What describing a transaction needs of its record (packages/db's TransactionRecord has it all). */
export interface DescribableTransaction {
  type: TransactionType;
  /** The record's own words, written from the sender's side ('Transfer to Ada Eze', 'MTN airtime for 08031234567'). */
  description: string;
  senderId: number | null;
  recipientId: number | null;
  metadata: TransactionMetadata;
}

/**
 * The one description a reader sees of a transaction, in History, on a receipt, on a statement and
 * in a money alert (docs/product.md "Statements", "E-mail alerts"): the record's description as
 * its sender reads it, except that the recipient of a user-to-user transfer reads 'Transfer from
 * {sender's name}' instead of 'Transfer to {their own name}'. `viewerId` is the reading user.
 */
export function readerDescription(record: DescribableTransaction, viewerId: number): string {
  if (record.type === "p2p" && record.recipientId === viewerId && record.senderId !== viewerId && "senderName" in record.metadata) {
    return `Transfer from ${record.metadata.senderName}`;
  }
  return record.description;
}

/**
 * A statement row's description (docs/product.md "Statements"): readerDescription, and for money
 * coming back against the way the transaction went ('Refund: Bank transfer to …' when a payout or
 * purchase hold is returned to its sender; 'Reversal: Transfer from …' when a credit is taken back).
 * `postingKobo` is the row's change to the reader's wallet (+ in, - out).
 */
export function statementDescription(record: DescribableTransaction, viewerId: number, postingKobo: bigint): string {
  const words = readerDescription(record, viewerId);
  const viewerSent = record.senderId === viewerId && record.recipientId !== viewerId;
  const viewerReceived = record.recipientId === viewerId && record.senderId !== viewerId;
  if (viewerSent && postingKobo > 0n) return `Refund: ${words}`;
  if (viewerReceived && postingKobo < 0n) return `Reversal: ${words}`;
  return words;
}
