import { PAYOUT_MESSAGES, type PayoutStatus, nairaToKobo } from "@kolo/domain";

const IN_FLIGHT = new Set(["pending", "processing"]);
/**
 * The status line of a payment (docs/product.md "Payment endings"): a payout's is
 * PAYOUT_MESSAGES.ending ('Processing with the bank', 'Completed', 'Failed: {amount + fee}
 * returned to your wallet'); any other payment reads 'Processing' while in flight, else the same
 * words. `totalNaira` is what a failure gives back (amount + fee).
 */
export function paymentStatusText(type: string, status: string, totalNaira: number): string {
  const known = (["pending", "processing", "completed", "failed", "reversed"] as const).find((s) => s === status);
  if (!known) return status.charAt(0).toUpperCase() + status.slice(1);
  if (type !== "transfer" && IN_FLIGHT.has(known)) return "Processing";
  return PAYOUT_MESSAGES.ending(known as PayoutStatus, nairaToKobo(totalNaira));
}
