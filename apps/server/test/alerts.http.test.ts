// E-mail alerts (docs/product.md "E-mail alerts") through the real server on a real PostgreSQL,
// read from the sandbox mailbox: a sign-in from a browser not seen before e-mails a notice (the
// registration and a known browser do not); every completed credit and debit gets a receipt once,
// from the outbox the database fills when a transaction completes; a user who turned alerts off
// gets none.
import { Jobs, sendMoneyAlerts } from "@kolo/api";
import { schema } from "@kolo/db";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PAYOUT_ACCOUNTS, api, type Client, fundWallet, servicesOf, signIn, signUp, useTestServer } from "./helpers";

const files = useTestServer();

const mailTo = async (email: string) =>
  (await files.t.db.select().from(schema.sandboxMail).where(eq(schema.sandboxMail.to, email)).orderBy(asc(schema.sandboxMail.id))).map((m) => m.subject);

/** Signs in over HTTP with the given cookie header; answers the device cookie the server set, if any. */
async function login(c: Client, cookie = ""): Promise<string | undefined> {
  const response = await signIn(files.server.base, c.user.email, "secret123", { "user-agent": "Mozilla/5.0 (Linux; Android 14) Chrome/130", cookie });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .find((line) => line.startsWith("kolo_device="))
    ?.split(";")[0];
}

describe("new-device notice", () => {
  it("the registration sends none; a sign-in from a new browser sends one naming it; the same browser again sends none", async () => {
    const c = await signUp(files.server.base, "Device Owner");
    expect(await mailTo(c.user.email)).toEqual([]);
    const device = await login(c);
    expect(device).toMatch(/^kolo_device=[\w-]{43}$/);
    await expect.poll(() => mailTo(c.user.email)).toEqual(["New sign-in to your Kolo account"]);
    const [notice] = await files.t.db.select().from(schema.sandboxMail).where(eq(schema.sandboxMail.to, c.user.email));
    expect(notice!.text).toContain("Device: Mozilla/5.0 (Linux; Android 14) Chrome/130");
    expect(notice!.text).toContain(`${files.server.base}/forgot-password`);

    expect(await login(c, device)).toBeUndefined();
    expect(await login(c, device)).toBeUndefined();
    expect(await mailTo(c.user.email)).toEqual(["New sign-in to your Kolo account"]);
  });
});

describe("money alerts", () => {
  it("a top-up and a P2P transfer e-mail each party once; a second run sends nothing more", async () => {
    const payer = await signUp(files.server.base, "Alert Payer");
    const payee = await signUp(files.server.base, "Alert Payee");
    await fundWallet(files.t.db, payer.user.id, 10_000);
    expect((await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 1_250 })).status).toBe(200);

    const first = await sendMoneyAlerts(files.t.db, servicesOf(files.server));
    expect(first.sent).toBeGreaterThanOrEqual(3);
    expect(await mailTo(payer.user.email)).toEqual(["Kolo credit alert: ₦10,000.00", "Kolo debit alert: ₦1,250.00"]);
    expect(await mailTo(payee.user.email)).toEqual(["Kolo credit alert: ₦1,250.00"]);
    const [debit] = await files.t.db.select().from(schema.sandboxMail).where(eq(schema.sandboxMail.subject, "Kolo debit alert: ₦1,250.00"));
    expect(debit!.text).toContain("Money went out: Transfer to Alert Payee");
    expect(debit!.text).toContain("Available balance after this transaction: ₦8,750.00");
    const [credit] = await files.t.db.select().from(schema.sandboxMail).where(eq(schema.sandboxMail.to, payee.user.email));
    expect(credit!.text).toContain("Money came in: Transfer from Alert Payer");
    expect(credit!.text).not.toContain("Transfer to");
    expect(credit!.text).toContain("Available balance after this transaction: ₦1,250.00");
    expect(debit!.text).toContain(`${files.server.base}/settings`);

    expect(await sendMoneyAlerts(files.t.db, servicesOf(files.server))).toEqual({ sent: 0, skipped: 0 });
    expect(await mailTo(payer.user.email)).toHaveLength(2);
  });

  it("a user who turns alerts off gets none for later movements; the switch reads back", async () => {
    const payer = await signUp(files.server.base, "Quiet Payer");
    const payee = await signUp(files.server.base, "Quiet Payee");
    await fundWallet(files.t.db, payer.user.id, 5_000);
    await sendMoneyAlerts(files.t.db, servicesOf(files.server));
    expect(await (await api(payer, "GET", "/api/auth/notifications")).json()).toEqual({ moneyAlerts: true });
    expect(await (await api(payer, "PATCH", "/api/auth/notifications", { moneyAlerts: false })).json()).toEqual({ moneyAlerts: false });
    expect((await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 500 })).status).toBe(200);
    const run = await sendMoneyAlerts(files.t.db, servicesOf(files.server));
    expect(run.skipped).toBe(1);
    expect(await mailTo(payer.user.email)).toEqual(["Kolo credit alert: ₦5,000.00"]);
    expect(await mailTo(payee.user.email)).toEqual(["Kolo credit alert: ₦500.00"]);
    expect(await (await api(payer, "GET", "/api/auth/notifications")).json()).toEqual({ moneyAlerts: false });
  });
});

/** The alert e-mails sent to `email`, oldest first: subject and body. */
const alertsTo = async (email: string) =>
  (await files.t.db.select().from(schema.sandboxMail).where(eq(schema.sandboxMail.to, email)).orderBy(asc(schema.sandboxMail.id))).map((m) => ({
    subject: m.subject,
    text: m.text ?? "",
  }));
const balanceLine = (text: string) => /balance after this transaction: (₦[\d,.]+)/.exec(text)?.[1];

describe("money alerts tell the balance after their own transaction", () => {
  it("three quick payments sent in one run: each alert carries the balance its own payment left, not the wallet's at sending time", async () => {
    const payer = await signUp(files.server.base, "Chioma Okafor");
    const payee = await signUp(files.server.base, "Adaeze Okafor");
    await fundWallet(files.t.db, payer.user.id, 30_000);
    await sendMoneyAlerts(files.t.db, servicesOf(files.server));
    expect((await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 2_500 })).status).toBe(200);
    expect((await api(payer, "POST", "/api/airtime", { phoneNumber: "08031234567", amount: 100, network: "mtn" })).status).toBe(200);
    const { accountName: _name, bankName: _bank, ...bank } = PAYOUT_ACCOUNTS.success;
    expect((await api(payer, "POST", "/api/transfer/bank", { ...bank, amount: 1_000, transferFee: 50 })).status).toBe(200);
    // The payout completes when the bank's success webhook arrives; then all three wait in the outbox.
    await expect.poll(async () => (await files.t.db.select().from(schema.moneyAlerts).where(eq(schema.moneyAlerts.userId, payer.user.id))).length).toBe(4);
    await sendMoneyAlerts(files.t.db, servicesOf(files.server));

    const debits = (await alertsTo(payer.user.email)).filter((m) => m.subject.startsWith("Kolo debit alert"));
    expect(debits.map((m) => [m.subject, balanceLine(m.text)])).toEqual([
      ["Kolo debit alert: ₦2,500.00", "₦27,500.00"],
      ["Kolo debit alert: ₦100.00", "₦27,400.00"],
      ["Kolo debit alert: ₦1,050.00", "₦26,350.00"],
    ]);
    expect(debits[0]!.text).toContain("Money went out: Transfer to Adaeze Okafor");
    expect(debits[1]!.text).toContain("Money went out: MTN airtime for 08031234567");
    const [credit] = await alertsTo(payee.user.email);
    expect(credit!.text).toContain("Money came in: Transfer from Chioma Okafor");
    expect(balanceLine(credit!.text)).toBe("₦2,500.00");
    // One alert per transaction and reader: another run sends nothing again.
    await sendMoneyAlerts(files.t.db, servicesOf(files.server));
    expect(await alertsTo(payer.user.email)).toHaveLength(4);
  });

  it("with the job runner, an alert goes out on the server's look for new alerts alone, with no minute schedule", async () => {
    const runner = new Jobs({
      connectionString: files.t.url,
      topUpExpiry: false,
      reconciliation: false,
      moneyAlertsSchedule: false,
      pollingIntervalSeconds: 0.5,
      poolMax: 2,
    });
    await runner.start(files.t.db, servicesOf(files.server, runner));
    try {
      const payer = await signUp(files.server.base, "Emeka Okafor");
      const payee = await signUp(files.server.base, "Swift Payee");
      await fundWallet(files.t.db, payer.user.id, 30_000);
      // The schedule is off: only the look for new alerts can queue these runs. The poll's
      // timeout is an upper bound for a loaded machine, never waited out by a passing run.
      await expect.poll(() => mailTo(payer.user.email), { timeout: 30_000, interval: 100 }).toEqual(["Kolo credit alert: ₦30,000.00"]);
      expect((await api(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 25_000 })).status).toBe(200);
      await expect.poll(() => mailTo(payee.user.email), { timeout: 30_000, interval: 100 }).toEqual(["Kolo credit alert: ₦25,000.00"]);
    } finally {
      await runner.stop();
    }
  });
});
