// E-mail alerts (docs/product.md "E-mail alerts"): a receipt of every credit and debit, sent from
// the outbox the `transactions` trigger fills, within seconds of the commit (each server looks for
// new alerts every second and sends the job; one job run at a time: pg-boss queue
// kolo-money-alerts, policy singleton), and a notice of each sign-in from a new device.
import { createHash, randomBytes } from "node:crypto";
import {
  type Database,
  type PendingMoneyAlert,
  type RememberedDevice,
  finishMoneyAlert,
  pendingMoneyAlerts,
  rememberDevice,
  type schema,
  setMoneyAlerts,
} from "@kolo/db";
import { deviceName } from "../auth/device-name";
import { formatDateTime, formatKobo, readerDescription } from "@kolo/domain";
import type { Services } from "../services";

export const ALERT_TEXTS = {
  newDeviceSubject: "New sign-in to your Kolo account",
  creditSubject: (amount: string) => `Kolo credit alert: ${amount}`,
  debitSubject: (amount: string) => `Kolo debit alert: ${amount}`,
  /** The alert's first line: what happened, from its reader's side ('Money came in: Transfer from Chioma Okafor'). */
  headline: (direction: "credit" | "debit", description: string) => `${direction === "credit" ? "Money came in" : "Money went out"}: ${description}`,
  /** The balance line: the balance right after this alert's own transaction (its posting's balance_after). */
  balanceAfter: (account: PendingMoneyAlert["account"], balance: string) =>
    `${account === "merchant_wallet" ? "Merchant balance" : "Available balance"} after this transaction: ${balance}`,
} as const;

/** The long-lived cookie naming a browser, for the new-device notice. */
export const DEVICE_COOKIE_NAME = "kolo_device";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A fresh device token for the device cookie (256 bits, base64url). */
export const newDeviceToken = () => randomBytes(32).toString("base64url");

/**
 * Records the sign-in of `user` from the browser holding `deviceToken` (its name from the user
 * agent, deviceName) and, when that browser was not known for the user and `notify` is set (a
 * sign-in, not the registration), e-mails 'New sign-in to your Kolo account' with the time (Lagos),
 * the browser and a link to reset the password. The registering browser (`notify` unset) is
 * trusted at once (docs/product.md "Fraud controls"). The e-mail is sent in the background: a mail
 * failure is logged and never fails the sign-in. Answers the device row.
 */
export async function noteSignIn(
  db: Database,
  services: Pick<Services, "mailer" | "publicUrl" | "log" | "now">,
  params: { user: schema.User; deviceToken: string; userAgent: string | null; notify: boolean },
): Promise<RememberedDevice> {
  const userAgent = params.userAgent?.slice(0, 300) ?? null;
  const device = await rememberDevice(db, {
    userId: params.user.id,
    deviceHash: sha256(params.deviceToken),
    userAgent,
    name: deviceName(userAgent),
    trust: !params.notify,
  });
  if (!device.isNew || !params.notify) return device;
  const when = formatDateTime(services.now?.() ?? new Date());
  const reset = new URL("/forgot-password", services.publicUrl).toString();
  services.mailer
    .send({
      to: params.user.email,
      subject: ALERT_TEXTS.newDeviceSubject,
      text:
        `Hello ${params.user.name},\n\nYour Kolo account was signed in to from a new device on ${when} (Lagos time).\n` +
        `Device: ${params.userAgent ?? "unknown browser"}\n\n` +
        `If this was you, there is nothing to do. If it was not, reset your password now: ${reset}\n\nKolo`,
    })
    .catch((error: unknown) => services.log.warn({ userId: params.user.id, err: String(error) }, "New-device notice not sent"));
  return device;
}

/**
 * Sends up to `limit` pending money alerts, oldest first: 'Kolo credit alert: ₦7,500.00' or 'Kolo
 * debit alert: …' with the description as its reader reads it (readerDescription: the recipient of
 * a transfer reads 'Transfer from {sender}'), amount, fee, reference, time (Lagos) and the balance
 * right after this transaction, read from its ledger posting (never the wallet at sending time, so
 * three alerts sent together each tell their own balance); a user who turned alerts off is skipped.
 * Each alert (one per transaction, reader and direction: the outbox's unique key) is marked once;
 * a mail that fails stays pending for the next run. Answers how many were sent and skipped.
 */
export async function sendMoneyAlerts(
  db: Database,
  services: Pick<Services, "mailer" | "publicUrl" | "log">,
  limit = 100,
): Promise<{ sent: number; skipped: number }> {
  let sent = 0;
  let skipped = 0;
  for (const alert of await pendingMoneyAlerts(db, limit)) {
    if (!alert.moneyAlerts) {
      await finishMoneyAlert(db, alert.id, "skipped");
      skipped++;
      continue;
    }
    const total = alert.direction === "debit" ? alert.amount + alert.fee : alert.amount;
    const amount = formatKobo(total);
    const settings = new URL("/settings", services.publicUrl).toString();
    try {
      await services.mailer.send({
        to: alert.email,
        subject: alert.direction === "credit" ? ALERT_TEXTS.creditSubject(amount) : ALERT_TEXTS.debitSubject(amount),
        text:
          `Hello ${alert.name},\n\n${ALERT_TEXTS.headline(alert.direction, readerDescription(alert, alert.userId))}\n` +
          `Amount: ${formatKobo(alert.amount)}\n` +
          (alert.direction === "debit" && alert.fee > 0n ? `Fee: ${formatKobo(alert.fee)}\n` : "") +
          `Reference: ${alert.reference}\nDate: ${formatDateTime(alert.createdAt)} (Lagos time)\n` +
          (alert.balanceAfter === null ? "" : `${ALERT_TEXTS.balanceAfter(alert.account, formatKobo(alert.balanceAfter))}\n`) +
          "\n" +
          `You can turn these alerts off in Kolo: ${settings}\n\nKolo`,
      });
    } catch (error) {
      services.log.warn({ alertId: alert.id, err: String(error) }, "Money alert not sent: kept for the next run");
      continue;
    }
    await finishMoneyAlert(db, alert.id, "sent");
    sent++;
  }
  return { sent, skipped };
}

/** GET/PATCH /api/auth/notifications: the money-alert switch. */
export async function updateNotificationSettings(db: Database, userId: number, input: { moneyAlerts: boolean }): Promise<{ moneyAlerts: boolean }> {
  return { moneyAlerts: await setMoneyAlerts(db, userId, input.moneyAlerts) };
}
