import { optionalPositiveInt, optionalPositiveNumber } from "../../lib/search";

/** A scanned P2P code arrives as /transfer?userId&amount (docs/product.md#qr-codes-and-p2p-transfers); the amount prefills. */
export const searchSchema = (search: Record<string, unknown>): { userId?: number; amount?: number } => ({
  userId: optionalPositiveInt(search.userId),
  amount: optionalPositiveNumber(search.amount),
});
