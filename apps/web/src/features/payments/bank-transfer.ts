import { PAYOUT_MESSAGES, formatKobo } from "@kolo/domain";
import type { MoneySubmitOptions, Toast } from "../../lib/money-form";
import { notify, notifyError } from "../../lib/notify";

/**
 * What both bank-transfer forms (a saved account, a new recipient) do around `useMoneyForm`
 * (docs/product.md "Transfers to any bank account"): the refusals ('Transfer Failed' with the
 * server's message; 'Insufficient Balance' with the total and fee, kobo), the balance check before
 * the review step, and the success toast.
 */
export function bankTransferSubmitOptions(
  figures: { readonly current: { totalKobo: bigint; feeKobo: bigint } },
  refresh?: MoneySubmitOptions["refresh"],
): MoneySubmitOptions {
  return {
    failure: { title: PAYOUT_MESSAGES.transferFailedTitle, message: PAYOUT_MESSAGES.transferFailed, serverMessage: true },
    onCode: {
      INSUFFICIENT_BALANCE: () => {
        const toast = insufficientTransfer(figures.current.totalKobo, figures.current.feeKobo);
        notifyError(toast.title, toast.message);
      },
    },
    refresh,
  };
}

/** 'Insufficient Balance' / 'Your balance is insufficient. You need {total} (including {fee} fee)'. */
function insufficientTransfer(totalKobo: bigint, feeKobo: bigint): Toast {
  return { title: PAYOUT_MESSAGES.insufficientBalanceTitle, message: PAYOUT_MESSAGES.insufficientBalanceTransfer(totalKobo, feeKobo) };
}

/** The check before the review step (`insufficient` from payoutFigures): false, with the toast, when the balance does not cover the total. */
export function transferCovered({ insufficient, totalKobo, feeKobo }: { insufficient: boolean; totalKobo: bigint; feeKobo: bigint }): boolean {
  if (!insufficient) return true;
  const toast = insufficientTransfer(totalKobo, feeKobo);
  notifyError(toast.title, toast.message);
  return false;
}

/** 'Transfer Successful' / '{amount} sent to {to} (fee {fee}).' (kobo figures). */
export function notifyTransferSent(amountKobo: bigint, feeKobo: bigint, to: string) {
  notify({ title: PAYOUT_MESSAGES.transferSuccessTitle, message: `${formatKobo(amountKobo)} sent to ${to} (fee ${formatKobo(feeKobo)}).` });
}
