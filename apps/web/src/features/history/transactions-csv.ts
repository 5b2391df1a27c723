import { formatDateTime } from "@kolo/domain";
import { unparse } from "papaparse";
import { type TransactionView, TYPE_LABELS, balanceEffect, capitalise, describe, isCredit } from "../../lib/transactions";

/**
 * Text a spreadsheet would run as a formula (= + - @ tab CR first: papaparse's default set), except
 * the plain negative amounts this file writes itself ('-1250.00'), which must stay numbers.
 */
const FORMULA_START = /^(?!-\d+\.\d{2}$)[=+\-@\t\r]/;

/**
 * CSV of `transactions` for the signed-in user: Date, Reference, Type, Description, Direction,
 * Amount (NGN) (unsigned naira with 2 decimals), Status, Balance change (NGN): what the row did to
 * the balance, signed, with the fee for money sent, and 0.00 when no money moved (a pending or
 * failed top-up, a refunded payout), so summing that column never counts money that never came.
 * Dates in en-NG, Africa/Lagos.
 */
export function transactionsCsv(transactions: readonly TransactionView[], userId: number): string {
  // escapeFormulae: a name or description starting with = + - @ is not run as a spreadsheet formula.
  return unparse(
    {
      fields: ["Date", "Reference", "Type", "Description", "Direction", "Amount (NGN)", "Status", "Balance change (NGN)"],
      data: transactions.map((t) => [
        formatDateTime(t.createdAt),
        t.reference,
        TYPE_LABELS[t.type],
        describe(t),
        isCredit(t, userId) ? "Credit" : "Debit",
        t.amount.toFixed(2),
        capitalise(t.status),
        balanceChange(t, userId),
      ]),
    },
    { escapeFormulae: FORMULA_START },
  );
}

/** The signed naira change to the viewer's balance, 2 decimals ('-1262.50', '5000.00', '0.00'). */
function balanceChange(transaction: TransactionView, userId: number): string {
  const effect = balanceEffect(transaction, userId);
  if (effect === "credit") return transaction.amount.toFixed(2);
  if (effect === "debit") return (-(transaction.amount + transaction.fee)).toFixed(2);
  return "0.00";
}
