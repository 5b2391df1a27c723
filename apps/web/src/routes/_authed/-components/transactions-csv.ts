import { formatDateTime } from "@kolo/domain";
import { unparse } from "papaparse";
import { type TransactionView, TYPE_LABELS, capitalise, describe, isCredit } from "../../../lib/transactions";

/**
 * CSV of `transactions` for the signed-in user: Date, Reference, Type, Description, Direction,
 * Amount (NGN) (unsigned naira with 2 decimals), Status. Dates in en-NG, Africa/Lagos.
 */
export function transactionsCsv(transactions: readonly TransactionView[], userId: number): string {
  // escapeFormulae: a name or description starting with = + - @ is not run as a spreadsheet formula.
  return unparse(
    {
      fields: ["Date", "Reference", "Type", "Description", "Direction", "Amount (NGN)", "Status"],
      data: transactions.map((t) => [
        formatDateTime(t.createdAt),
        t.reference,
        TYPE_LABELS[t.type],
        describe(t),
        isCredit(t, userId) ? "Credit" : "Debit",
        t.amount.toFixed(2),
        capitalise(t.status),
      ]),
    },
    { escapeFormulae: true },
  );
}

/** Saves `text` as a file through a Blob and an <a download> click. */
export function downloadTextFile(fileName: string, text: string, type = "text/csv;charset=utf-8"): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
