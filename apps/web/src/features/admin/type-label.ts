import type { TransactionType } from "@kolo/domain";

/**
 * The one way the admin console writes a transaction type (docs/product.md#admin-console "type";
 * docs/decisions.md): the transactions table, the History dialog, the review queue and the audit
 * trail all read it through typeLabel.
 */
export const TYPE_LABELS: Record<TransactionType, string> = {
  topup: "Top-up",
  transfer: "Bank Transfer",
  payment: "Payment",
  airtime: "Airtime",
  data: "Data",
  electricity: "Electricity",
  cable: "Cable TV",
  p2p: "P2P Transfer",
  other: "Adjustment",
};

/** A transaction type as the admin console writes it ('p2p' -> 'P2P Transfer'); an unknown one as it came. */
export const typeLabel = (type: string): string => TYPE_LABELS[type as TransactionType] ?? type;
