import { type Database, failPendingTopUp, listStalePendingTopUps, type schema } from "@kolo/db";
import { PaymentGatewayError, type PaymentGateway } from "@kolo/providers";
import { type SettleLogger, settleTopUp } from "./topup";

/** How long a gateway checkout can be paid: Paystack's checkout lifetime. */
export const TOPUP_CHECKOUT_LIFETIME_MS = 60 * 60 * 1000;
/** metadata.failureReason of a top-up that was never paid before its checkout expired. */
export const CHECKOUT_EXPIRED = "Checkout expired";

export interface TopUpExpiryReport {
  /** Never paid: marked failed 'Checkout expired'. */
  expired: number;
  /** Paid at the gateway but not yet settled here: credited now. */
  credited: number;
  /** The gateway reported it failed or reversed, or its amount did not match: failed by settleTopUp. */
  failed: number;
  /** Left pending: the gateway is still processing it, or could not be asked (retried next run). */
  left: number;
}

type Outcome = keyof TopUpExpiryReport;

/** Gateway answers meaning "no such charge": Paystack answers 400 'Transaction reference not found', the sandbox 404. */
const isNotFound = (error: unknown) => error instanceof PaymentGatewayError && (error.status === 404 || error.status === 400);

async function expireOne(db: Database, gateway: PaymentGateway, log: SettleLogger, record: schema.TransactionRecord): Promise<Outcome> {
  let charge;
  try {
    charge = await gateway.verifyCharge(record.reference);
  } catch (error) {
    if (isNotFound(error)) return (await failPendingTopUp(db, record.id, CHECKOUT_EXPIRED)) ? "expired" : "left";
    log.warn({ reference: record.reference, err: String(error) }, "Top-up expiry could not ask the gateway; will retry");
    return "left";
  }
  if (charge.status === "abandoned") return (await failPendingTopUp(db, record.id, CHECKOUT_EXPIRED)) ? "expired" : "left";
  if (charge.status === "success" || charge.status === "failed" || charge.status === "reversed") {
    // settleTopUp credits a success at most once, and fails a refused or mismatched charge.
    const settled = await settleTopUp(db, charge, log);
    if (settled.outcome === "credited") return "credited";
    return settled.outcome === "failed" || settled.outcome === "mismatch" ? "failed" : "left";
  }
  return "left"; // ongoing, pending, processing, queued: the gateway may still complete it
}

/**
 * Ends top-ups whose checkout has expired: every top-up still pending that was
 * started more than TOPUP_CHECKOUT_LIFETIME_MS before `now` (only `userId`'s when given, at most
 * `limit`, checked 5 at a time). Never fails one the gateway says was paid: each is verified with
 * the gateway first; a success goes to settleTopUp (credited at most once), a failed or reversed
 * charge too; only a charge the gateway reports abandoned or does not know is marked failed
 * 'Checkout expired'. Unreachable gateway or a charge still processing: left pending for the
 * next run. Safe to run concurrently with itself, webhooks and verify (settle-once, and the
 * failure is a conditional update on status 'pending').
 */
export async function expireStaleTopUps(
  db: Database,
  gateway: PaymentGateway,
  log: SettleLogger,
  options: { now?: Date; userId?: number; limit?: number } = {},
): Promise<TopUpExpiryReport> {
  const now = options.now ?? new Date();
  const stale = await listStalePendingTopUps(db, {
    startedBefore: new Date(now.getTime() - TOPUP_CHECKOUT_LIFETIME_MS),
    userId: options.userId,
    limit: options.limit ?? 100,
  });
  const report: TopUpExpiryReport = { expired: 0, credited: 0, failed: 0, left: 0 };
  for (let i = 0; i < stale.length; i += 5) {
    const outcomes = await Promise.all(
      stale.slice(i, i + 5).map((record) =>
        expireOne(db, gateway, log, record).catch((error: unknown) => {
          log.warn({ reference: record.reference, err: String(error) }, "Top-up expiry failed for one record; will retry");
          return "left" as const;
        }),
      ),
    );
    for (const outcome of outcomes) report[outcome]++;
  }
  return report;
}
