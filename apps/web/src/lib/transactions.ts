import { formatNaira } from "@kolo/domain";
import type { RouterOutputs } from "./trpc";

/** A transaction as transactions.list returns it; `amount` and `fee` in naira. */
export type TransactionView = RouterOutputs["transactions"]["list"][number];
export type TransactionType = TransactionView["type"];

/** A credit is a transaction whose recipient is the current user (docs/product.md). */
export const isCredit = (transaction: Pick<TransactionView, "recipientId">, userId: number) => transaction.recipientId === userId;

/**
 * What a transaction did to the viewer's balance: 'credit' once money came in
 * (a completed credit), 'debit' once money left (a debit that is pending, processing or completed:
 * holds leave the wallet when accepted), 'none' when no money moved: a credit not yet paid
 * (pending top-up) or anything failed or reversed (a refused top-up, a refunded payout).
 */
export type BalanceEffect = "credit" | "debit" | "none";

export function balanceEffect(transaction: Pick<TransactionView, "recipientId" | "status">, userId: number): BalanceEffect {
  if (transaction.status === "failed" || transaction.status === "reversed") return "none";
  if (isCredit(transaction, userId)) return transaction.status === "completed" ? "credit" : "none";
  return "debit";
}

/**
 * '+₦1,250.00' for money received, '-₦1,250.00' for money sent, '₦1,250.00' (no sign) when no
 * money moved (docs/product.md's signs, limited to what happened).
 */
export function signedAmount(transaction: Pick<TransactionView, "recipientId" | "amount" | "status">, userId: number): string {
  const effect = balanceEffect(transaction, userId);
  return `${effect === "credit" ? "+" : effect === "debit" ? "-" : ""}${formatNaira(transaction.amount)}`;
}

/** Status shown capitalised: 'completed' -> 'Completed', 'in-progress' -> 'In-progress'. */
export const capitalise = (value: string) => (value ? value.charAt(0).toUpperCase() + value.slice(1) : value);

export const TYPE_LABELS: Record<TransactionType, string> = {
  topup: "Top-up",
  transfer: "Transfer",
  payment: "Payment",
  airtime: "Airtime",
  data: "Data",
  electricity: "Electricity",
  cable: "Cable TV",
  p2p: "Transfer",
  other: "Other",
};

/** Description, or a label from the type when the server gave none. */
export const describe = (transaction: Pick<TransactionView, "description" | "type">) => transaction.description || TYPE_LABELS[transaction.type];

/**
 * A credit notice's words (docs/product.md "Live updates"): '₦25,000.00 from EMEKA OKAFOR', the
 * sender as the transaction names them (a Kolo user's name, or a bank transfer's sender as the
 * sending bank gave it); a card top-up reads 'from your card', an admin's credit 'from Kolo'.
 */
export function creditNoticeText(transaction: Pick<TransactionView, "amount" | "type" | "metadata">): string {
  const metadata = transaction.metadata as { senderName?: unknown; channel?: unknown };
  const from =
    typeof metadata.senderName === "string" && metadata.senderName !== ""
      ? metadata.senderName
      : transaction.type === "topup"
        ? metadata.channel === "bank_transfer"
          ? "a bank transfer"
          : "your card"
        : transaction.type === "payment"
          ? "your merchant account"
          : "Kolo";
  return `${formatNaira(transaction.amount)} from ${from}`;
}
