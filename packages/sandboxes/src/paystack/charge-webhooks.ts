// The Paystack sandbox's charge webhooks, retried as Paystack retries them (docs/providers.md
// "Webhook retries"): a `charge.success` that did not get a 200 is sent again, every retry interval
// for the first 4 retries, then every 20 intervals, for 1,440 intervals after the payment (with
// Paystack's 3 minutes: every 3 minutes, then hourly, for 72 hours). What is owed lives in the
// charge's row (`nextWebhookAt`, `webhookAttempts`), so any server of a cluster sends a due retry,
// even when the server that stored the payment died before its first delivery.
import { type Database, schema } from "@kolo/db";
import { and, asc, eq, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";

const charges = schema.paystackSandboxCharges;
type ChargeRow = typeof charges.$inferSelect;

/** Paystack's retry interval of an unacknowledged webhook (3 minutes), in ms; the sandbox's default. */
export const PAYSTACK_WEBHOOK_RETRY_MS = 180_000;

/**
 * When delivery `attempt` (1 for the first) is followed by the next if it gets no 200, ms after
 * it: `retryMs` for the first 4 retries, then 20 × `retryMs` (Paystack: 3 minutes, then hourly).
 */
export function chargeWebhookRetryDelayMs(attempt: number, retryMs: number): number {
  return attempt <= 4 ? retryMs : 20 * retryMs;
}

/** How long after a payment its webhook is retried at all: 1,440 × `retryMs` (Paystack: 72 hours). */
export const chargeWebhookWindowMs = (retryMs: number) => 1_440 * retryMs;

/**
 * The due time to store with delivery `attempt` of a charge paid at `paidAt`: when the next try
 * is due if this one gets no 200, or null past the retry window (given up).
 */
export function nextChargeWebhookAt(paidAt: Date, attempt: number, retryMs: number, now = new Date()): Date | null {
  const next = new Date(now.getTime() + chargeWebhookRetryDelayMs(attempt, retryMs));
  return next.getTime() - paidAt.getTime() > chargeWebhookWindowMs(retryMs) ? null : next;
}

/** Sends `charge.success` of a charge; answers the HTTP status it got (0: no answer). */
export type ChargeWebhookSend = (charge: ChargeRow) => Promise<number>;

export interface ChargeWebhooks {
  /**
   * The columns to write with the update or insert that makes a charge successful: its first
   * delivery claimed (attempt 1) and its retry due if that delivery gets no 200.
   */
  firstAttempt(paidAt: Date): { webhookAttempts: number; nextWebhookAt: Date | null };
  /** Sends the first delivery of a charge written with `firstAttempt`; a 200 settles it, anything else leaves its retry due. */
  deliverFirst(charge: ChargeRow): Promise<void>;
  /** Sends every charge webhook due now (one claimed try each); answers how many were tried. */
  sendDue(): Promise<number>;
}

/**
 * Keeps charge webhooks owed until they get a 200. Each retry is claimed by a conditional update of
 * the row (attempts and due time as read), so with several servers on one database only one sends
 * it; each server looks for due retries every `min(retryMs, 30 s)` from its start to its close.
 */
export function chargeWebhookRetries(app: FastifyInstance, deps: { db: Database; retryMs: number; send: ChargeWebhookSend }): ChargeWebhooks {
  const { db, retryMs, send } = deps;

  /** Sends the claimed try of `charge`; a 200 ends what is owed (unless another try was claimed meanwhile). */
  async function deliver(charge: ChargeRow) {
    const status = await send(charge);
    if (status !== 200 || !charge.nextWebhookAt) return;
    await db
      .update(charges)
      .set({ nextWebhookAt: null })
      .where(and(eq(charges.id, charge.id), eq(charges.webhookAttempts, charge.webhookAttempts)));
  }

  async function sendDue(): Promise<number> {
    const due = await db.select().from(charges).where(lte(charges.nextWebhookAt, new Date())).orderBy(asc(charges.nextWebhookAt)).limit(100);
    let tried = 0;
    for (const charge of due) {
      const attempt = charge.webhookAttempts + 1;
      const [claimed] = await db
        .update(charges)
        .set({ webhookAttempts: attempt, nextWebhookAt: nextChargeWebhookAt(charge.paidAt ?? charge.createdAt, attempt, retryMs) })
        .where(and(eq(charges.id, charge.id), eq(charges.webhookAttempts, charge.webhookAttempts), eq(charges.status, "success")))
        .returning();
      if (!claimed) continue; // another server took this try
      tried++;
      await deliver(claimed);
    }
    return tried;
  }

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  app.addHook("onReady", async () => {
    timer = setInterval(
      () => {
        if (running) return;
        running = true;
        sendDue()
          .catch((error: unknown) => app.log.warn({ err: String(error) }, "Sandbox charge webhook retries failed"))
          .finally(() => {
            running = false;
          });
      },
      Math.min(retryMs, 30_000),
    );
    timer.unref();
  });
  app.addHook("onClose", async () => clearInterval(timer));

  return {
    firstAttempt: (paidAt) => ({ webhookAttempts: 1, nextWebhookAt: nextChargeWebhookAt(paidAt, 1, retryMs, paidAt) }),
    deliverFirst: deliver,
    sendDue,
  };
}
