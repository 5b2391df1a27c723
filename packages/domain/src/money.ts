/**
 * Money rules (docs/decisions.md): inside the system every amount is an integer number of kobo
 * held as `bigint`; on the wire amounts are naira numbers with at most 2 decimals.
 * Conversion happens once, at the API boundary, with these two functions.
 */
/** Naira number (at most 2 decimals, finite) -> kobo bigint. Throws RangeError otherwise. */
export function nairaToKobo(naira: number): bigint {
  if (!Number.isFinite(naira)) throw new RangeError("Amount must be a finite number");
  const kobo = Math.round(naira * 100);
  if (Math.abs(kobo - naira * 100) > 1e-6) throw new RangeError("Amount has more than 2 decimals");
  if (!Number.isSafeInteger(kobo)) throw new RangeError("Amount is too large");
  return BigInt(kobo);
}

/** Kobo bigint -> naira number for the wire (exact for any balance below 2^53 kobo). */
export function koboToNaira(kobo: bigint): number {
  return Number(kobo) / 100;
}

const ngnFormatter = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN" });

/** Display format for an amount in kobo: ₦1,250.50 (docs/decisions.md, en-NG). */
export function formatKobo(kobo: bigint): string {
  return ngnFormatter.format(koboToNaira(kobo));
}

/** Naira with two decimals and no symbol, for number columns of a file (CSV): 1250.50. */
export function formatKoboPlain(kobo: bigint): string {
  return koboToNaira(kobo).toFixed(2);
}

const groupedFormatter = new Intl.NumberFormat("en-NG", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Naira with grouping, two decimals and no symbol, for amount columns of a document (PDF): 1,250.50. */
export function formatKoboGrouped(kobo: bigint): string {
  return groupedFormatter.format(koboToNaira(kobo));
}

/** Display format for a naira number from the wire: ₦1,250.50. */
export function formatNaira(naira: number): string {
  return ngnFormatter.format(naira);
}
