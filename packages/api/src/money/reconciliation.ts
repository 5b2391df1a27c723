// The daily reconciliation (docs/money-integrity.md "Daily reconciliation"): one Lagos day of the
// providers' records (Paystack charges and transfers, every page; VTpass by requery) against
// Kolo's, each record matched or an exception that enters the review queue once, the day's totals,
// and the ledger verification. Run by a pg-boss schedule after Lagos midnight for the day before,
// or by an admin for any day.
import {
  type Database,
  createReconciliationRun,
  findReviewItemByKey,
  finishReconciliationRun,
  insertReconciliationExceptions,
  openReviewItem,
  recordLedgerVerification,
  recordsForReconciliation,
  type ReviewKind,
  type schema,
  systemAccountMovements,
  verifyLedger,
} from "@kolo/db";
import { PURCHASE_TYPES, isPurchaseType, lagosDate, startOfLagosDay } from "@kolo/domain";
import { payoutOutcome, type VerifiedCharge, type PayoutTransfer } from "@kolo/providers";
import type { Services } from "../services";
import { checkPayout } from "./payouts";
import { requeryPurchase } from "./purchases";

/** The exception classes of a run, besides matched (docs/money-integrity.md). */
export const RECONCILIATION_CLASSES = {
  providerSuccessNotCompleted: "provider_success_not_completed",
  completedNotSuccessfulAtProvider: "completed_not_successful_at_provider",
  amountDiffers: "amount_differs",
  pendingOver24h: "pending_over_24h",
} as const;
type ExceptionClass = (typeof RECONCILIATION_CLASSES)[keyof typeof RECONCILIATION_CLASSES];

const DAY_MS = 24 * 60 * 60 * 1000;
const isPayout = (record: schema.TransactionRecord) => record.type === "transfer" && "channel" in record.metadata;
const inFlight = (record: schema.TransactionRecord) => record.status === "pending" || record.status === "processing";

interface Finding {
  class: ExceptionClass;
  kind: ReviewKind;
  reference: string;
  record?: schema.TransactionRecord;
  providerAmount: bigint | null;
  providerStatus: string | null;
  reason: string;
}

/** The Lagos day before the one `now` falls in (YYYY-MM-DD): what the daily schedule reconciles. */
export const previousLagosDay = (now: Date) => lagosDate(new Date(startOfLagosDay(now).getTime() - 1));

/** [start, end) of the Lagos day `day` (YYYY-MM-DD). */
export function lagosDayRange(day: string): { from: Date; to: Date } {
  const from = startOfLagosDay(new Date(`${day}T12:00:00Z`));
  return { from, to: new Date(from.getTime() + DAY_MS) };
}

const userOf = (record: schema.TransactionRecord | undefined) => record?.senderId ?? record?.recipientId ?? null;

/**
 * Kolo's records of the day the provider did not list (not in `seen`): a completed one is an
 * exception (`missing` says why); with `stale`, so is one still in flight that `stale` calls old;
 * the rest are tallied as matched.
 */
function koloOnly(
  records: schema.TransactionRecord[],
  seen: Set<string>,
  options: { kind: ReviewKind; missing: string; tally: () => void; stale?: (record: schema.TransactionRecord) => boolean },
): Finding[] {
  const findings: Finding[] = [];
  for (const record of records) {
    if (seen.has(record.reference)) continue;
    const base = { kind: options.kind, reference: record.reference, record, providerAmount: null, providerStatus: null };
    if (record.status === "completed") findings.push({ ...base, class: "completed_not_successful_at_provider", reason: options.missing });
    else if (options.stale && inFlight(record) && options.stale(record))
      findings.push({ ...base, class: "pending_over_24h", reason: "Still in flight after 24 hours" });
    else options.tally();
  }
  return findings;
}

/**
 * The records the card gateway charged: top-ups, and card payments of payment links (a guest's
 * `payment` with channel 'card'; docs/product.md "Payment links"). Other payments never reach it.
 */
const chargedByGateway = (record: schema.TransactionRecord): boolean =>
  record.type === "topup" || (record.type === "payment" && (record.metadata as { channel?: string }).channel === "card");

/** Top-ups and card payments against the gateway's charges of the day. */
function compareTopUps(charges: VerifiedCharge[], records: schema.TransactionRecord[], now: Date, tally: () => void): Finding[] {
  const findings: Finding[] = [];
  const byReference = new Map(records.map((r) => [r.reference, r]));
  const seen = new Set<string>();
  for (const charge of charges) {
    seen.add(charge.reference);
    const record = byReference.get(charge.reference);
    const base = { kind: "topup" as const, reference: charge.reference, record, providerAmount: charge.amountKobo, providerStatus: charge.status };
    if (charge.status === "success") {
      if (!record)
        findings.push({
          ...base,
          kind: "credit_unmatched",
          class: "provider_success_not_completed",
          reason: "The gateway holds a paid charge that matches no Kolo top-up",
        });
      else if (charge.amountKobo !== record.amount || charge.currency !== "NGN")
        findings.push({
          ...base,
          class: "amount_differs",
          reason: `The gateway has ${charge.amountKobo} kobo in ${charge.currency}; Kolo has ${record.amount} kobo in NGN`,
        });
      else if (record.status !== "completed")
        findings.push({ ...base, class: "provider_success_not_completed", reason: `Paid at the gateway, ${record.status} at Kolo` });
      else tally();
    } else if (record?.status === "completed") {
      findings.push({ ...base, class: "completed_not_successful_at_provider", reason: `Completed at Kolo, ${charge.status} at the gateway` });
    } else if (record && inFlight(record) && now.getTime() - record.createdAt.getTime() > DAY_MS) {
      findings.push({ ...base, class: "pending_over_24h", reason: "Still pending after 24 hours" });
    } else tally();
  }
  findings.push(...koloOnly(records, seen, { kind: "topup", missing: "Completed at Kolo; the gateway has no such charge that day", tally }));
  return findings;
}

/** Payouts against the bank transfers of the day. */
function comparePayouts(transfers: PayoutTransfer[], records: schema.TransactionRecord[], now: Date, tally: () => void): Finding[] {
  const findings: Finding[] = [];
  const byReference = new Map(records.map((r) => [r.reference, r]));
  const seen = new Set<string>();
  const old = (record: schema.TransactionRecord) => now.getTime() - record.createdAt.getTime() > DAY_MS;
  for (const transfer of transfers) {
    seen.add(transfer.reference);
    const record = byReference.get(transfer.reference);
    const outcome = payoutOutcome(transfer.status);
    const base = { kind: "payout" as const, reference: transfer.reference, record, providerAmount: transfer.amountKobo, providerStatus: transfer.status };
    if (!record) {
      findings.push({
        ...base,
        class: outcome === "success" ? "provider_success_not_completed" : "completed_not_successful_at_provider",
        reason: "The bank has a transfer that matches no Kolo payout",
      });
    } else if (transfer.amountKobo !== record.amount) {
      findings.push({ ...base, class: "amount_differs", reason: `The bank has ${transfer.amountKobo} kobo; Kolo has ${record.amount} kobo` });
    } else if (outcome === "success") {
      if (record.status === "completed") tally();
      else if (inFlight(record) && !old(record)) tally();
      else
        findings.push({
          ...base,
          class: inFlight(record) ? "pending_over_24h" : "provider_success_not_completed",
          reason: `Paid by the bank, ${record.status} at Kolo`,
        });
    } else if (record.status === "completed") {
      findings.push({ ...base, class: "completed_not_successful_at_provider", reason: `Completed at Kolo, ${transfer.status} at the bank` });
    } else if (inFlight(record) && old(record)) {
      findings.push({ ...base, class: "pending_over_24h", reason: "Still in flight after 24 hours" });
    } else tally();
  }
  findings.push(...koloOnly(records, seen, { kind: "payout", missing: "Completed at Kolo; the bank has no such transfer that day", tally, stale: old }));
  return findings;
}

/**
 * Runs the reconciliation of the Lagos day `day` (YYYY-MM-DD) at `now`:
 * 1. every payout and purchase of the day still in flight is asked about first (the requery
 *    job's own check: a stated fate is applied once, as the job would);
 * 2. Paystack charges (`GET /transaction`) against top-ups, Paystack transfers (`GET /transfer`)
 *    against payouts; purchases still pending after 24 h;
 * 3. each record is matched or an exception (RECONCILIATION_CLASSES), stored with the run and put
 *    in the review queue once (key `recon:{class}:{reference}`: a rerun opens nothing new);
 * 4. the day's totals in kobo: money in (completed top-ups; the gateway's paid charges), money out
 *    (completed payouts and their fees, completed purchases; the bank's paid transfers), and every
 *    system account's movement;
 * 5. the ledger verification, recorded, with its heads digest.
 * A provider that cannot be read fails the run (state failed, error kept) and opens nothing.
 * Answers the finished run.
 */
export async function runReconciliation(
  db: Database,
  services: Pick<Services, "paymentGateway" | "banking" | "purchases" | "log" | "mailer" | "publicUrl" | "now">,
  params: { day: string; now: Date; triggeredBy: number | null },
): Promise<schema.ReconciliationRun> {
  const run = await createReconciliationRun(db, { day: params.day, triggeredBy: params.triggeredBy });
  const range = lagosDayRange(params.day);
  try {
    // 1. In-flight records of the day: ask first, so the comparison sees what the providers say now.
    const open = (await recordsForReconciliation(db, { types: ["transfer", ...PURCHASE_TYPES], ...range, references: [] })).filter(inFlight);
    for (const record of open) {
      if (isPurchaseType(record.type)) await requeryPurchase(db, services, record.reference).catch(() => "pending");
      else if (isPayout(record)) await checkPayout({ db, services, now: params.now }, record.reference).catch(() => "pending");
    }

    // 2. The providers' records of the day and Kolo's.
    const [charges, transfers] = await Promise.all([services.paymentGateway.listCharges(range), services.banking.listTransfers(range)]);
    const [topUps, payoutsAndPurchases] = await Promise.all([
      recordsForReconciliation(db, { types: ["topup", "payment"], ...range, references: charges.map((c) => c.reference) }).then((records) =>
        records.filter(chargedByGateway),
      ),
      recordsForReconciliation(db, { types: ["transfer", ...PURCHASE_TYPES], ...range, references: transfers.map((t) => t.reference) }),
    ]);
    const payouts = payoutsAndPurchases.filter(isPayout);
    const purchases = payoutsAndPurchases.filter((r) => isPurchaseType(r.type));
    let matched = 0;
    let stillOpen = 0;
    const tally = () => void matched++;
    const findings = [...compareTopUps(charges, topUps, params.now, tally), ...comparePayouts(transfers, payouts, params.now, tally)];
    for (const purchase of purchases) {
      if (!inFlight(purchase)) matched++;
      else if (params.now.getTime() - purchase.createdAt.getTime() > DAY_MS)
        findings.push({
          class: "pending_over_24h",
          kind: "purchase",
          reference: purchase.reference,
          record: purchase,
          providerAmount: null,
          providerStatus: "pending",
          reason: "VTpass has not said what became of it in 24 hours",
        });
      else stillOpen++;
    }

    // 3. Exceptions: stored with the run, each in the review queue once.
    const exceptions: Omit<schema.ReconciliationException, "id">[] = [];
    for (const finding of findings) {
      const key = `recon:${finding.class}:${finding.reference}`;
      const item =
        (await openReviewItem(db, {
          key,
          kind: finding.kind,
          cause: "reconciliation",
          reference: finding.reference,
          transactionId: finding.record?.id ?? null,
          userId: userOf(finding.record),
          amountKobo: finding.record?.amount ?? finding.providerAmount ?? 0n,
          reason: `Reconciliation of ${params.day}: ${finding.reason}`,
          providerStatus: finding.providerStatus,
        })) ?? (await findReviewItemByKey(db, key));
      exceptions.push({
        runId: run.id,
        class: finding.class,
        kind: finding.kind,
        reference: finding.reference,
        koloAmount: finding.record?.amount ?? null,
        providerAmount: finding.providerAmount,
        koloStatus: finding.record?.status ?? null,
        providerStatus: finding.providerStatus,
        reviewItemId: item?.id ?? null,
      });
    }
    await insertReconciliationExceptions(db, exceptions);

    // 4. Totals, kobo.
    const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
    const inDay = (record: schema.TransactionRecord) => record.createdAt >= range.from && record.createdAt < range.to;
    const completed = (records: schema.TransactionRecord[]) => records.filter((r) => inDay(r) && r.status === "completed");
    const movements = await systemAccountMovements(db, range);
    const totals: Record<string, string> = {
      moneyIn: sum(completed(topUps).map((r) => r.amount)).toString(),
      providerMoneyIn: sum(charges.filter((c) => c.status === "success").map((c) => c.amountKobo)).toString(),
      payouts: sum(completed(payouts).map((r) => r.amount)).toString(),
      payoutFees: sum(completed(payouts).map((r) => r.fee)).toString(),
      providerPayouts: sum(transfers.filter((t) => payoutOutcome(t.status) === "success").map((t) => t.amountKobo)).toString(),
      purchases: sum(completed(purchases).map((r) => r.amount)).toString(),
      ...Object.fromEntries(Object.entries(movements).map(([code, kobo]) => [`account:${code}`, kobo.toString()])),
    };

    // 5. The ledger, verified from the checkpoints (incremental; docs/ledger-verification.md) and recorded.
    const ledger = await verifyLedger(db);
    await recordLedgerVerification(db, ledger);
    const counts = {
      matched,
      open: stillOpen,
      exceptions: Object.fromEntries(Object.values(RECONCILIATION_CLASSES).map((c) => [c, findings.filter((f) => f.class === c).length])),
    };
    return await finishReconciliationRun(db, run.id, {
      state: "completed",
      counts,
      totals,
      ledgerOk: ledger.ok,
      ledgerFirstBroken: ledger.firstBroken,
      ledgerHeadsDigest: ledger.headsDigest,
    });
  } catch (error) {
    services.log.warn({ day: params.day, err: String(error) }, "Reconciliation run failed");
    return finishReconciliationRun(db, run.id, { state: "failed", error: (error instanceof Error ? error.message : String(error)).slice(0, 500) });
  }
}
