import { formatNaira } from "@kolo/domain";
import type { RouterOutputs } from "./trpc";

/** A transaction as transactions.list returns it; `amount` and `fee` in naira. */
export type TransactionView = RouterOutputs["transactions"]["list"][number];
export type TransactionType = TransactionView["type"];

/** A credit is a transaction whose recipient is the current user (spec 01 §3). */
export const isCredit = (transaction: Pick<TransactionView, "recipientId">, userId: number) =>
  transaction.recipientId === userId;

/** '+₦1,250.00' for a credit, '-₦1,250.00' otherwise. */
export function signedAmount(transaction: Pick<TransactionView, "recipientId" | "amount">, userId: number): string {
  return `${isCredit(transaction, userId) ? "+" : "-"}${formatNaira(transaction.amount)}`;
}

/** Status shown capitalised: 'completed' -> 'Completed', 'in-progress' -> 'In-progress'. */
export const capitalise = (value: string) => (value ? value.charAt(0).toUpperCase() + value.slice(1) : value);

export const TYPE_LABELS: Record<TransactionType, string> = {
  topup: "Top-up",
  transfer: "Transfer",
  payment: "Payment",
  airtime: "Airtime",
  data: "Data",
  p2p: "Transfer",
  other: "Other",
};

/** Description, or a label from the type when the server gave none. */
export const describe = (transaction: Pick<TransactionView, "description" | "type">) =>
  transaction.description || TYPE_LABELS[transaction.type];
