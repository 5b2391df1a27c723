// Each user's own account number (docs/product.md "Your account number"; docs/money-integrity.md
// "Transfers into an account number"): assigned after the BVN is verified, through the Paystack
// sandbox's POST /customer and POST /dedicated_account over HTTP; transfers in sent from the
// sandbox's /sandbox/paystack/transfer-in page credit the wallet once through the signed webhook;
// a transfer to a number nobody owns waits in the review queue. Real PostgreSQL.
import { Jobs, assignDedicatedAccount, recordingScheduler, runReconciliation } from "@kolo/api";
import { type BankingProvider, paystackSignature } from "@kolo/providers";
import { schema } from "@kolo/db";
import { LEDGER_CONSISTENT, createTestDatabase, ledgerInvariants } from "@kolo/db/testing";
import { lagosDate } from "@kolo/domain";
import { paystackFixtures } from "@kolo/sandboxes";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Client, api, balanceOf, servicesOf, signUp, startSandboxServer, useTestServer } from "./helpers";

const jobs = recordingScheduler();
const { t, server } = useTestServer({ services: { jobs } });

const CHIOMA = { bvn: "22222222221", dateOfBirth: "1994-08-12", phoneNumber: "08031234567" };
const ADAEZE = { bvn: "22222222222", dateOfBirth: "1992-03-14", phoneNumber: "08123456789" };

type AccountNumber = { bankName: string | null; accountNumber: string | null; accountName: string | null; status: string };
const accountNumberOf = async (c: Client) => (await (await api(c, "GET", "/api/wallet/account-number")).json()) as AccountNumber;

/** Signs up and verifies the BVN: the user is level 1 and owed an account number. */
async function verifiedUser(name: string, bvn: typeof CHIOMA): Promise<Client> {
  const c = await signUp(server.base, name);
  expect((await api(c, "POST", "/api/verification/bvn", bvn)).status).toBe(200);
  return c;
}

/** Runs the assignment job's step as the worker would, and answers the now active number. */
async function assigned(c: Client): Promise<string> {
  expect(await assignDedicatedAccount(t.db, servicesOf(server, jobs), c.user.id, { final: false })).toBe("assigned");
  const view = await accountNumberOf(c);
  expect(view.status).toBe("active");
  return view.accountNumber!;
}

/** Posts the sandbox's transfer-in form as a browser does (urlencoded), answering status and page. */
async function sendTransferIn(fields: Record<string, string>) {
  const response = await fetch(`${server.base}/sandbox/paystack/transfer-in`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, html: await response.text() };
}

/** A fresh form reference, as the GET page embeds it. */
async function formReference(): Promise<string> {
  const html = await (await fetch(`${server.base}/sandbox/paystack/transfer-in`)).text();
  return /name="reference" value="([0-9a-f]{24})"/.exec(html)![1]!;
}

/** Posts a charge.success webhook signed with the sandbox's key. */
async function signedWebhook(data: unknown) {
  const body = JSON.stringify({ event: "charge.success", data });
  const response = await fetch(`${server.base}/api/webhooks/paystack`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-paystack-signature": paystackSignature(body, server.secretKey) },
    body,
  });
  return { status: response.status, body: (await response.json()) as { received: boolean; outcome?: string } };
}

const sandbox = (method: string, path: string, body?: unknown, key = server.secretKey) =>
  fetch(`${server.base}/sandbox/paystack${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

describe("the account number", () => {
  it("below level 1 it is unavailable and nothing is asked of the provider", async () => {
    const c = await signUp(server.base, "Unverified User");
    expect(await accountNumberOf(c)).toEqual({ bankName: null, accountNumber: null, accountName: null, status: "unavailable" });
    expect(jobs.dedicatedAccounts).not.toContain(c.user.id);
    expect((await fetch(`${server.base}/api/wallet/account-number`)).status).toBe(401);
  });

  it("verifying the BVN sends the job; the number is pending until it runs, then a Wema Bank NUBAN in the BVN's name, the same on every run", async () => {
    const c = await verifiedUser("Chioma Okafor", CHIOMA);
    expect(jobs.dedicatedAccounts).toContain(c.user.id);
    expect(await accountNumberOf(c)).toEqual({ bankName: null, accountNumber: null, accountName: null, status: "pending" });

    const number = await assigned(c);
    expect(await accountNumberOf(c)).toEqual({ bankName: "Wema Bank", accountNumber: number, accountName: "KOLO/CHIOMA OKAFOR", status: "active" });
    expect(paystackFixtures.isValidNuban(number, "035")).toBe(true);
    expect(await assignDedicatedAccount(t.db, servicesOf(server, jobs), c.user.id, { final: false })).toBe("skipped");
    expect((await accountNumberOf(c)).accountNumber).toBe(number);
  });

  it("a provider failure is recorded and retried; the last try marks it unavailable", async () => {
    const c = await verifiedUser("Adaeze Okonkwo", ADAEZE);
    const paystack = server.paystack;
    const banking: BankingProvider = {
      listBanks: () => paystack.listBanks(),
      resolveAccount: (n, b) => paystack.resolveAccount(n, b),
      resolveBvn: (bvn) => paystack.resolveBvn(bvn),
      createTransferRecipient: (input) => paystack.createTransferRecipient(input),
      initiateTransfer: (input) => paystack.initiateTransfer(input),
      verifyTransfer: (reference) => paystack.verifyTransfer(reference),
      listTransfers: (range) => paystack.listTransfers(range),
      createCustomer: () => Promise.reject(new Error("Paystack is down")),
      createDedicatedAccount: (code) => paystack.createDedicatedAccount(code),
    };
    const failing = { ...servicesOf(server, jobs), banking };
    await expect(assignDedicatedAccount(t.db, failing, c.user.id, { final: false })).rejects.toThrow("Paystack is down");
    expect((await accountNumberOf(c)).status).toBe("pending");
    await expect(assignDedicatedAccount(t.db, failing, c.user.id, { final: true })).rejects.toThrow("Paystack is down");
    expect(await accountNumberOf(c)).toEqual({ bankName: null, accountNumber: null, accountName: null, status: "unavailable" });
    const [row] = await t.db.select().from(schema.dedicatedAccounts).where(eq(schema.dedicatedAccounts.userId, c.user.id));
    expect(row).toMatchObject({ status: "failed", attempts: 2, lastError: "Paystack is down" });
  });

  it("the sandbox keeps one number per customer, a different one for each customer, and needs its key", async () => {
    const customer = async (email: string) =>
      ((await (await sandbox("POST", "/customer", { email, first_name: "Test", last_name: "Person" })).json()) as { data: { customer_code: string } }).data
        .customer_code;
    const first = await customer("dva-one@example.com");
    expect(await customer("DVA-one@example.com")).toBe(first);
    const second = await customer("dva-two@example.com");
    const numberOf = async (code: string) =>
      ((await (await sandbox("POST", "/dedicated_account", { customer: code, preferred_bank: "test-bank" })).json()) as { data: { account_number: string } })
        .data.account_number;
    const a = await numberOf(first);
    expect(await numberOf(first)).toBe(a);
    expect(await numberOf(second)).not.toBe(a);
    expect((await sandbox("POST", "/dedicated_account", { customer: first, preferred_bank: "wema-bank" }, "sk_test_wrong")).status).toBe(401);
    expect((await sandbox("POST", "/customer", { email: "x@example.com", first_name: "A", last_name: "B" }, "sk_test_wrong")).status).toBe(401);
    // The open transfer-in page does not open its neighbours.
    expect(
      (await sandbox("POST", "/transferrecipient", { type: "nuban", name: "A", account_number: "0123456785", bank_code: "058" }, "sk_test_wrong")).status,
    ).toBe(401);
    expect((await sandbox("GET", "/transfer", undefined, "sk_test_wrong")).status).toBe(401);
  });
});

describe("transfers into the account number", () => {
  it("a transfer from the sandbox page credits the wallet once, as a bank-transfer top-up naming the sender; a resubmitted form or a repeated webhook adds nothing", async () => {
    const c = await verifiedUser("Chukwuemeka Eze", { bvn: "22222222223", dateOfBirth: "1988-11-02", phoneNumber: "07061234567" });
    const number = await assigned(c);
    const form = { reference: await formReference(), accountNumber: number, senderName: "Tunde Bakare", senderBank: "Access Bank", amount: "5,000" };

    const sent = await sendTransferIn(form);
    expect(sent.status).toBe(200);
    expect(sent.html).toContain(`Sent ₦5,000.00 to ${number} (KOLO/CHUKWUEMEKA EZE).`);
    expect(await balanceOf(c)).toBe(5_000);

    const history = (await (await api(c, "GET", "/api/transactions")).json()) as {
      type: string;
      amount: number;
      status: string;
      reference: string;
      metadata: Record<string, unknown>;
    }[];
    const [credit] = history;
    expect(credit).toMatchObject({
      type: "topup",
      amount: 5_000,
      status: "completed",
      reference: form.reference,
      metadata: { channel: "bank_transfer", senderName: "TUNDE BAKARE", senderBank: "Access Bank", accountNumber: number },
    });

    expect((await sendTransferIn(form)).status).toBe(200);
    const verified = (await (await sandbox("GET", `/transaction/verify/${form.reference}`)).json()) as { data: Record<string, unknown> };
    expect(verified.data).toMatchObject({
      status: "success",
      channel: "dedicated_nuban",
      amount: 500_000,
      authorization: { receiver_bank_account_number: number },
    });
    expect(await signedWebhook(verified.data)).toEqual({ status: 200, body: { received: true, outcome: "already-credited" } });
    expect(await balanceOf(c)).toBe(5_000);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);

    // The daily reconciliation finds the credit matched, with no exception for it.
    const now = new Date();
    const run = await runReconciliation(t.db, servicesOf(server, jobs), { day: lagosDate(now), now, triggeredBy: null });
    expect(run.state).toBe("completed");
    const exceptions = await t.db.select().from(schema.reconciliationExceptions).where(eq(schema.reconciliationExceptions.reference, form.reference));
    expect(exceptions).toEqual([]);
  });

  it("the page refuses a number the sandbox never assigned, and a bad amount, sending nothing", async () => {
    const before = await t.db.select().from(schema.paystackSandboxCharges);
    const unknown = await sendTransferIn({
      reference: await formReference(),
      accountNumber: "0000351234",
      senderName: "Tunde Bakare",
      senderBank: "Access Bank",
      amount: "100",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.html).toContain("This account number was not assigned by the sandbox");
    const c = await verifiedUser("Fatima Bello", { bvn: "22222222224", dateOfBirth: "1996-01-30", phoneNumber: "09051234567" });
    const number = await assigned(c);
    const bad = await sendTransferIn({
      reference: await formReference(),
      accountNumber: number,
      senderName: "Tunde Bakare",
      senderBank: "Access Bank",
      amount: "1e3",
    });
    expect(bad.status).toBe(400);
    expect((await t.db.select().from(schema.paystackSandboxCharges)).length).toBe(before.length);
    expect(await balanceOf(c)).toBe(0);
  });

  it("a signed transfer to a number no one owns credits nobody and opens one review item", async () => {
    const reference = `dva-unmatched-${Date.now()}`;
    const data = {
      id: 1,
      status: "success",
      reference,
      amount: 250_000,
      currency: "NGN",
      fees: 2_500,
      paid_at: new Date().toISOString(),
      channel: "dedicated_nuban",
      customer: { customer_code: "CUS_nobody", email: "nobody@example.com" },
      authorization: { channel: "dedicated_nuban", receiver_bank_account_number: "0000359999", receiver_bank: "Wema Bank", sender_name: "STRANGER" },
    };
    expect(await signedWebhook(data)).toEqual({ status: 200, body: { received: true, outcome: "unmatched" } });
    expect(await signedWebhook(data)).toEqual({ status: 200, body: { received: true, outcome: "unmatched" } });
    const items = await t.db.select().from(schema.reviewItems).where(eq(schema.reviewItems.reference, reference));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: "credit_unmatched", cause: "unmatched", status: "open", amount: 250_000n });
    expect(await t.db.select().from(schema.transactions).where(eq(schema.transactions.reference, reference))).toEqual([]);
  });

  it("an account number with another user's customer code is not credited", async () => {
    const c = await signUp(server.base, "Someone Else");
    const [owner] = await t.db.select().from(schema.dedicatedAccounts).where(eq(schema.dedicatedAccounts.status, "active")).limit(1);
    const reference = `dva-mismatch-${Date.now()}`;
    const answer = await signedWebhook({
      status: "success",
      reference,
      amount: 100_000,
      currency: "NGN",
      channel: "dedicated_nuban",
      customer: { customer_code: "CUS_someoneelse" },
      authorization: { receiver_bank_account_number: owner!.accountNumber },
    });
    expect(answer.body.outcome).toBe("unmatched");
    expect(await balanceOf(c)).toBe(0);
  });
});

describe("with the real job runner", () => {
  it("the pg-boss job assigns the number after the BVN is verified", async () => {
    const fresh = await createTestDatabase();
    const runner = new Jobs({ connectionString: fresh.url, topUpExpiry: false, reconciliation: false, pollingIntervalSeconds: 0.5, poolMax: 2 });
    const real = await startSandboxServer(fresh.db, { services: { jobs: runner } });
    try {
      await runner.start(fresh.db, servicesOf(real, runner));
      const c = await signUp(real.base, "Adaeze Okonkwo");
      expect((await api(c, "POST", "/api/verification/bvn", ADAEZE)).status).toBe(200);
      await expect
        .poll(() => accountNumberOf(c), { timeout: 15_000, interval: 200 })
        .toMatchObject({ status: "active", bankName: "Wema Bank", accountName: "KOLO/ADAEZE OKONKWO" });
    } finally {
      await runner.stop();
      const closing = real.app.close();
      real.app.server.closeAllConnections();
      await closing;
      await fresh.close();
    }
  });
});
