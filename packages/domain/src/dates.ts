/**
 * Dates in en-NG and the Africa/Lagos time zone (docs/decisions.md: display; "Limits": the
 * calendar day). Lagos has no daylight saving: it is UTC+01:00 all year.
 */
export const TIME_ZONE = "Africa/Lagos";
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The UTC instant at which the Lagos calendar day containing `at` begins. */
export function startOfLagosDay(at: Date): Date {
  const lagos = new Date(at.getTime() + LAGOS_OFFSET_MS);
  const midnightLagosAsUtc = Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate());
  return new Date(midnightLagosAsUtc - LAGOS_OFFSET_MS);
}

/** The Lagos calendar day (YYYY-MM-DD) of an instant: the key of the daily outgoing total (docs/decisions.md). */
export function lagosDate(at: Date): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

const dateTimeFormatter = new Intl.DateTimeFormat("en-NG", {
  timeZone: TIME_ZONE,
  dateStyle: "short",
  timeStyle: "short",
  // hourCycle h12, not hour12: en-NG with hour12 prints "00:30 am" after midnight.
  hourCycle: "h12",
});
const dayFormatter = new Intl.DateTimeFormat("en-NG", {
  timeZone: TIME_ZONE,
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
});

const toDate = (value: Date | string | number) => (value instanceof Date ? value : new Date(value));

/** Short date and 12-hour time (docs/product.md), or 'Invalid date'. */
export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? "Invalid date" : dateTimeFormatter.format(date);
}

/** Heading for a day group in history, e.g. 'Saturday, 21 November 2026', or 'Invalid date'. */
export function formatDay(value: Date | string | number): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? "Invalid date" : dayFormatter.format(date);
}

/** Stable key of the Lagos calendar day (YYYY-MM-DD) for grouping. */
export function lagosDayKey(value: Date | string | number): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return "invalid";
  return new Date(date.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}
