// Fraud claims (docs/product.md "Fraud controls", "Fraud claims"; DECISIONS "Fraud controls"): the
// reasons, the 72-hour window, the deadlines and the working-day calendar, shared by the server and
// the web app. The exposure draft on authorised-push-payment fraud (November 2025) asks for a
// reporting channel, an acknowledgement within 24 hours and a decision within 14 working days.
// Without zod (the schemas are in claims.ts): the dashboard's held notice reads these texts.

/** The reasons a user gives, in the dialog's order. */
export const CLAIM_REASONS = ["not_me", "tricked", "wrong_recipient"] as const;
export type ClaimReason = (typeof CLAIM_REASONS)[number];

/** The dialog's labels of the reasons (the words). */
export const CLAIM_REASON_LABELS: Record<ClaimReason, string> = {
  not_me: "I did not make this payment",
  tricked: "I was tricked",
  wrong_recipient: "Wrong recipient",
};

/** Where a claim stands: no lien yet, money held, refunded to the claimant, or released to the recipient. */
export const CLAIM_STATUSES = ["open", "lien", "refunded", "released"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  open: "Under review",
  lien: "Money held",
  refunded: "Refunded",
  released: "Closed: money released",
};

/** A payment can be reported for 72 hours after it was made (docs/product.md "Fraud claims"). */
export const CLAIM_WINDOW_MS = 72 * 3_600_000;
/** The exposure draft's acknowledgement deadline: 24 hours. */
export const CLAIM_ANSWER_MS = 24 * 3_600_000;
/** The exposure draft's decision deadline: 14 working days. */
export const CLAIM_DECISION_WORKING_DAYS = 14;
export const CLAIM_DETAILS_MIN = 10;
export const CLAIM_DETAILS_MAX = 2000;

/** Texts of the claim screens and the server's refusals. */
export const CLAIM_MESSAGES = {
  reportButton: "Report a problem",
  dialogTitle: "Report a problem with this payment",
  reasonLabel: "What happened?",
  detailsLabel: "Details",
  submit: "Send report",
  submitted: "Report sent",
  submittedDescription: "We have received your report and will answer within 24 hours.",
  acknowledgement:
    "We have received your report about this payment. Kolo will answer within 24 hours and decide within 14 working days. " +
    "If the money reached another Kolo wallet, we may hold it while we investigate.",
  reasonRequired: "Choose what happened",
  detailsLength: "Details must be at least 10 characters",
  detailsTooLong: "Details must be at most 2000 characters",
  notFound: "Transaction not found",
  claimNotFound: "Claim not found",
  notMoneyOut: "Only money you sent can be reported",
  tooOld: "A payment can be reported within 72 hours of being made",
  didNotGoThrough: "This payment did not go through: no money left your wallet",
  noKoloRecipient: "A lien is only possible when the money went to a Kolo wallet",
  lienAboveClaim: "A lien cannot be more than the claimed amount",
  lienAboveBalance: (available: string) => `The recipient holds only ${available}`,
  noLien: "There is no lien on this claim",
  lienEnded: "The lien on this claim has already ended",
  held: "Held: under investigation",
  answerBy: "Answer by",
  decisionBy: "Decision by",
} as const;

/**
 * Nigerian public holidays (YYYY-MM-DD, Lagos days), federal declarations and the Islamic holidays
 * as expected; the Federal Government confirms the Islamic dates shortly before, and this list is
 * corrected then (docs/decisions.md "Fraud claims": a small dated list, no library). A holiday on
 * a weekend is observed on the next Monday, listed as such.
 */
export const NIGERIAN_PUBLIC_HOLIDAYS: readonly string[] = [
  // 2026
  "2026-01-01",
  "2026-03-20",
  "2026-03-23",
  "2026-04-03",
  "2026-04-06",
  "2026-05-01",
  "2026-05-27",
  "2026-05-28",
  "2026-06-12",
  "2026-08-26",
  "2026-10-01",
  "2026-12-25",
  "2026-12-28",
  // 2027
  "2027-01-01",
  "2027-03-10",
  "2027-03-11",
  "2027-03-26",
  "2027-03-29",
  "2027-05-03",
  "2027-05-17",
  "2027-05-18",
  "2027-06-14",
  "2027-08-16",
  "2027-10-01",
  "2027-12-27",
  "2027-12-28",
];
const HOLIDAYS = new Set(NIGERIAN_PUBLIC_HOLIDAYS);
const LAGOS_OFFSET_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** Whether the Lagos day `day` (YYYY-MM-DD) is a working day: Monday to Friday and not a public holiday. */
export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS.has(day);
}

/**
 * The end (23:59:59.999 Lagos time, as a UTC instant) of the `days`-th working day after the Lagos
 * day of `from`: the day of the report itself does not count. 14 -> the decision deadline.
 */
export function workingDaysAfter(from: Date, days: number): Date {
  const lagos = new Date(from.getTime() + LAGOS_OFFSET_MS);
  let midnight = Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate());
  let counted = 0;
  while (counted < days) {
    midnight += DAY_MS;
    if (isWorkingDay(new Date(midnight).toISOString().slice(0, 10))) counted += 1;
  }
  return new Date(midnight + DAY_MS - 1 - LAGOS_OFFSET_MS);
}

/** A claim's deadlines from its time of report: the answer within 24 hours, the decision within 14 working days. */
export function claimDeadlines(reportedAt: Date): { answerBy: Date; decisionBy: Date } {
  return { answerBy: new Date(reportedAt.getTime() + CLAIM_ANSWER_MS), decisionBy: workingDaysAfter(reportedAt, CLAIM_DECISION_WORKING_DAYS) };
}

/** Whether money out made at `madeAt` may still be reported at `now`: strictly less than 72 hours old. */
export const withinClaimWindow = (madeAt: Date, now: Date): boolean => now.getTime() - madeAt.getTime() < CLAIM_WINDOW_MS;
