// Payouts (docs/product.md#banking-and-withdrawals; docs/decisions.md "Limits", "Banking",
// "Providers"): withdrawals and bank transfers through the REST adapter and tRPC, the real
// PaystackClient against the Paystack sandbox over HTTP with the docs/providers.md fixtures, signed
// transfer webhooks, the requery check, restarts, and the ledger's invariants, on a real database.
//
// The sandbox sends its webhooks (delay 0) to a capture server; each test forwards them to the app
// itself, in the order and number it wants, so nothing waits on a timer.
import { Jobs, REQUERY_KINDS, acceptPayout, checkPayout, recordingScheduler, runRequery } from "@kolo/api";
import { type BankingProvider, PaymentGatewayError, type PayoutTransfer, paystackSignature } from "@kolo/providers";
import { findTransactionByReference, findUserById } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { REQUERY_WINDOW_MS } from "@kolo/domain";
import { describe, expect, it } from "vitest";
import {
  type Answer,
  type CapturedWebhook,
  type Client,
  PAYOUT_ACCOUNTS,
  type PayoutAccountName,
  type SandboxServer,
  api,
  balanceOf,
  call as callApi,
  forwardWebhook,
  signUp,
  startSandboxServer,
  fundWallet,
  servicesOf,
  useTestServer,
} from "./helpers";

/** The main server's job scheduler: records each requery asked for. */
const scheduled = recordingScheduler();
const { t, server, capture, withSwitchOff } = useTestServer({ capture: true, services: { jobs: scheduled } });

const ACCOUNTS = PAYOUT_ACCOUNTS;
type AccountName = PayoutAccountName;

interface TransactionBody {
  id: number;
  type: string;
  status: string;
  amount: number;
  fee: number;
  reference: string;
  metadata: Record<string, unknown> & { fee: number };
}
interface PayoutBody {
  message: string;
  transaction: TransactionBody;
}

/** Credits `naira` through the real top-up settlement (fundWallet). */
const fund = fundWallet;

/** A signed-up user on `s` with `naira` in the wallet at verification `level`. */
async function user(s: SandboxServer = server, naira = 10_000, level = 0): Promise<Client> {
  const c = await signUp(s.base, "Payout User");
  if (level > 0) await t.client`update users set verification_level = ${level} where id = ${c.user.id}`;
  if (naira > 0) await fund(t.db, c.user.id, naira);
  return c;
}

async function saveAccount(c: Client, which: AccountName): Promise<number> {
  const response = await api(c, "POST", "/api/bank-accounts", { userId: c.user.id, ...ACCOUNTS[which] });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** `call`, answering a payout unless told. */
const call: <T = PayoutBody>(...args: Parameters<typeof callApi>) => Promise<Answer<T>> = callApi;

const withdraw = (c: Client, bankAccountId: number, amount: number, headers: Record<string, string> = {}) =>
  call(c, "POST", "/api/wallet/withdraw", { bankAccountId, amount }, headers);
const bankTransfer = (c: Client, bankAccountId: number, amount: number, transferFee: number, headers: Record<string, string> = {}) =>
  call(c, "POST", "/api/transfer/bank", { bankAccountId, amount, transferFee }, headers);
const statusOf = (c: Client, reference: string) =>
  call<{ status: string; message: string; transaction: TransactionBody }>(c, "GET", `/api/wallet/withdrawal-status/${reference}`);

const forward = forwardWebhook;

/** The captured webhooks of `reference` once `count` arrived, by event name. */
async function hooksFor(reference: string, count: number) {
  const hooks = await capture.waitFor(reference, count);
  const byEvent = (event: string) => hooks.find((hook) => hook.body.event === event)!;
  return { hooks, success: byEvent("transfer.success"), failed: byEvent("transfer.failed"), reversed: byEvent("transfer.reversed") };
}

async function entriesOf(reference: string) {
  const rows = await t.client`
    select j.kind from journal_entries j join transactions r on r.id = j.transaction_id where r.reference = ${reference} order by j.id`;
  return rows.map((row) => row.kind as string);
}
async function holdOf(reference: string) {
  const [row] = await t.client`select status from holds where reference = ${reference}`;
  return row?.status as string | undefined;
}
async function sandboxTransfers(reference: string) {
  return (await t.client`select count(*)::int as n from paystack_sandbox_transfers where reference = ${reference}`)[0]!.n as number;
}
const checkContext = (s: SandboxServer = server, now = new Date()) => ({ db: t.db, services: servicesOf(s), now });

describe("POST /api/wallet/withdraw", () => {
  it("holds amount + 1% fee, sends a Paystack-valid reference, settles once on transfer.success (duplicates ignored)", async () => {
    const c = await user(server, 10_000);
    const accountId = await saveAccount(c, "success");
    const { status, body } = await withdraw(c, accountId, 5_000);
    expect(status).toBe(200);
    expect(body.message).toBe("Withdrawal initiated successfully");
    const reference = body.transaction.reference;
    expect(reference).toMatch(/^[a-z0-9_-]{16,50}$/);
    expect(body.transaction).toMatchObject({
      type: "transfer",
      status: "processing",
      amount: 5_000,
      fee: 50,
      metadata: {
        channel: "withdrawal",
        bankName: "Guaranty Trust Bank",
        accountNumber: "0123456785",
        accountName: "CHIOMA OKAFOR",
        fee: 50,
        bankAccountId: accountId,
      },
    });
    expect(body.transaction.metadata.transferCode).toMatch(/^TRF_/);
    expect(await balanceOf(c)).toBe(4_950);
    expect(await holdOf(reference)).toBe("held");
    expect(scheduled.requested).toContainEqual({ kind: "payout", reference });

    const { success } = await hooksFor(reference, 1);
    expect(success.body.data.status).toBe("success");
    const results = await Promise.all([forward(server, success), forward(server, success), forward(server, success)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.map((r) => r.body.outcome).sort()).toEqual(["completed", "none", "none"]);

    const after = await statusOf(c, reference);
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({
      status: "completed",
      message: "Your withdrawal has been completed.",
      transaction: { amount: 5_000, reference, metadata: { fee: 50 } },
    });
    expect(await balanceOf(c)).toBe(4_950);
    expect(await holdOf(reference)).toBe("settled");
    expect(await entriesOf(reference)).toEqual(["payout-hold", "settle"]);
    expect(await sandboxTransfers(reference)).toBe(1);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("transfer.failed refunds amount and fee once; the status says so", async () => {
    const c = await user(server, 10_000);
    const accountId = await saveAccount(c, "failed");
    const { body } = await withdraw(c, accountId, 1_000);
    const reference = body.transaction.reference;
    expect(await balanceOf(c)).toBe(8_950);
    const { failed } = await hooksFor(reference, 1);
    expect((await forward(server, failed)).body.outcome).toBe("failed");
    expect((await forward(server, failed)).body.outcome).toBe("none");
    expect(await balanceOf(c)).toBe(10_000);
    const status = await statusOf(c, reference);
    expect(status.body).toMatchObject({
      status: "failed",
      message: "Your withdrawal failed. The amount and fee have been returned to your wallet.",
      transaction: { amount: 1_000, metadata: { fee: 50 } },
    });
    expect(await holdOf(reference)).toBe("released");
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("transfer.reversed after transfer.success refunds once; in reverse order and duplicated the result is the same", async () => {
    for (const order of ["in-order", "out-of-order"] as const) {
      const c = await user(server, 10_000);
      const accountId = await saveAccount(c, "reversed");
      const { body } = await withdraw(c, accountId, 2_000);
      const reference = body.transaction.reference;
      const { success, reversed } = await hooksFor(reference, 2);
      if (order === "in-order") {
        expect((await forward(server, success)).body.outcome).toBe("completed");
        expect(await balanceOf(c)).toBe(7_950);
        expect((await forward(server, reversed)).body.outcome).toBe("reversed");
      } else {
        expect((await forward(server, reversed)).body.outcome).toBe("reversed");
        expect((await forward(server, success)).body.outcome).toBe("none");
      }
      await Promise.all([forward(server, reversed), forward(server, success), forward(server, reversed)]);
      expect(await balanceOf(c)).toBe(10_000);
      expect((await statusOf(c, reference)).body.status).toBe("reversed");
      expect(await holdOf(reference)).toBe("reversed");
      // hold, settlement, the settlement's reversal, the release to the wallet: once each.
      expect(await entriesOf(reference)).toHaveLength(4);
    }
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("refuses below ₦100, above the balance (with the total), past the daily limit, another user's account, and with the switch off", async () => {
    const c = await user(server, 5_000);
    const accountId = await saveAccount(c, "success");

    const small = await withdraw(c, accountId, 99);
    expect(small.status).toBe(400);
    expect(small.body).toMatchObject({ code: "VALIDATION", message: "Minimum withdrawal amount is ₦100" });

    const tooMuch = await withdraw(c, accountId, 4_960);
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      message: "Insufficient funds. You need ₦5,010.00.",
      details: { total: 5_010, fee: 50 },
    });

    const rich = await user(server, 60_000);
    const richAccount = await saveAccount(rich, "success");
    const limited = await withdraw(rich, richAccount, 49_600); // + ₦496 fee > ₦50,000 (level 0)
    expect(limited.status).toBe(400);
    expect(limited.body).toMatchObject({
      code: "DAILY_LIMIT_EXCEEDED",
      message: "Daily limit exceeded",
      details: { remainingAllowance: 50_000, dailyLimit: 50_000 },
    });

    const notMine = await withdraw(c, richAccount, 100);
    expect(notMine.status).toBe(404);
    expect(notMine.body).toMatchObject({ code: "NOT_FOUND", message: "Bank account not found" });

    await withSwitchOff("feature_withdraw", async () => {
      const off = await withdraw(c, accountId, 100);
      expect(off.status).toBe(403);
      expect(off.body).toMatchObject({ code: "FEATURE_DISABLED", message: "Feature disabled by administrator" });
    });
    expect(await balanceOf(c)).toBe(5_000);
    expect(await balanceOf(rich)).toBe(60_000);
  });

  it("an idempotent double submit makes one payout, one hold and one provider transfer", async () => {
    const c = await user(server, 10_000);
    const accountId = await saveAccount(c, "success");
    const headers = { "idempotency-key": `wd-${c.user.id}-double-submit` };
    const [first, second] = await Promise.all([withdraw(c, accountId, 3_000, headers), withdraw(c, accountId, 3_000, headers)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.body.transaction.reference).toBe(second.body.transaction.reference);
    const reference = first.body.transaction.reference;
    expect(await balanceOf(c)).toBe(6_950);
    expect(await sandboxTransfers(reference)).toBe(1);
    const other = await withdraw(c, accountId, 3_500, headers);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    const { success } = await hooksFor(reference, 1);
    await forward(server, success);
    const third = await withdraw(c, accountId, 3_000, headers);
    expect(third.body.transaction).toMatchObject({ reference, status: "completed" });
    expect(await balanceOf(c)).toBe(6_950);
  });

  it("withdrawal-status is the owner's only", async () => {
    const c = await user(server, 1_000);
    const accountId = await saveAccount(c, "stuck");
    const { body } = await withdraw(c, accountId, 100);
    const stranger = await user(server, 0);
    const answer = await statusOf(stranger, body.transaction.reference);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: "NOT_FOUND", message: "Withdrawal not found" });
    expect((await statusOf(c, "wd_nosuchreference00000000")).status).toBe(404);
    expect((await statusOf(c, body.transaction.reference)).body).toMatchObject({
      status: "processing",
      message: "Your withdrawal is being processed by the bank.",
    });
  });
});

describe("POST /api/transfer/bank", () => {
  it("the same payout path with the fee checked: 'Fee mismatch', the ₦1,000 ceiling, 'Insufficient Balance' text", async () => {
    const c = await user(server, 300_000, 2);
    const accountId = await saveAccount(c, "success2");

    const mismatch = await bankTransfer(c, accountId, 5_000, 49);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toMatchObject({ code: "FEE_MISMATCH", message: "Fee mismatch", details: { expectedFee: 50 } });

    const big = await bankTransfer(c, accountId, 200_000, 1_000);
    expect(big.status).toBe(200);
    expect(big.body.message).toBe("Bank transfer initiated successfully");
    expect(big.body.transaction).toMatchObject({
      type: "transfer",
      status: "processing",
      amount: 200_000,
      fee: 1_000,
      metadata: { channel: "bank_transfer", accountName: "CHUKWUEMEKA EZE", fee: 1_000 },
    });
    expect(big.body.transaction.reference).toMatch(/^bt_[a-z0-9]{32}$/);
    expect(await balanceOf(c)).toBe(99_000);

    const middle = await bankTransfer(c, accountId, 5_100.5, 51.01); // 1% = ₦51.005, half a kobo rounds up
    expect(middle.status).toBe(200);
    expect(await balanceOf(c)).toBe(93_848.49);

    const broke = await bankTransfer(c, accountId, 93_000, 930);
    expect(broke.status).toBe(400);
    expect(broke.body).toMatchObject({
      code: "INSUFFICIENT_BALANCE",
      message: "Your balance is insufficient. You need ₦93,930.00 (including ₦930.00 fee)",
    });

    for (const reference of [big.body.transaction.reference, middle.body.transaction.reference]) {
      const { success } = await hooksFor(reference, 1);
      await forward(server, success);
      expect((await statusOf(c, reference)).body.status).toBe("completed");
    }
    expect(await balanceOf(c)).toBe(93_848.49);
    const [fees] = await t.client`select balance::text from ledger_accounts where code = 'fee_income'`;
    expect(BigInt(fees!.balance as string)).toBeGreaterThanOrEqual(100_000n + 5_101n);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("needs feature_send_money", async () => {
    const c = await user(server, 1_000);
    const accountId = await saveAccount(c, "success");
    await withSwitchOff("feature_send_money", async () => {
      const off = await bankTransfer(c, accountId, 100, 50);
      expect(off.status).toBe(403);
    });
    expect(await balanceOf(c)).toBe(1_000);
  });
});

describe("tRPC procedures the web calls", () => {
  it("wallet.withdraw, wallet.withdrawalStatus and transfers.bank", async () => {
    const c = await user(server, 2_000);
    const accountId = await saveAccount(c, "success");
    const trpc = async (path: string, input: unknown, method: "POST" | "GET") => {
      const url = method === "GET" ? `${server.base}/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}` : `${server.base}/trpc/${path}`;
      const response = await fetch(url, {
        method,
        headers: { cookie: c.cookie, origin: server.base, ...(method === "POST" ? { "content-type": "application/json" } : {}) },
        body: method === "POST" ? JSON.stringify({ json: input }) : undefined,
      });
      return { status: response.status, body: ((await response.json()) as { result: { data: { json: PayoutBody & { status: string } } } }).result?.data.json };
    };
    const withdrawn = await trpc("wallet.withdraw", { bankAccountId: accountId, amount: 100 }, "POST");
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body).toMatchObject({ message: "Withdrawal initiated successfully", transaction: { amount: 100, fee: 50 } });
    const status = await trpc("wallet.withdrawalStatus", { reference: withdrawn.body.transaction.reference }, "GET");
    expect(status.body).toMatchObject({ status: "processing", transaction: { reference: withdrawn.body.transaction.reference, metadata: { fee: 50 } } });
    const sent = await trpc("transfers.bank", { bankAccountId: accountId, amount: 100, transferFee: 50 }, "POST");
    expect(sent.body).toMatchObject({ message: "Bank transfer initiated successfully", transaction: { metadata: { channel: "bank_transfer" } } });
    expect(await balanceOf(c)).toBe(1_700);
  });
});

describe("DELETE /api/bank-accounts/{id} with a payout in flight", () => {
  it("is refused while pending or processing, allowed once final", async () => {
    const c = await user(server, 2_000);
    const accountId = await saveAccount(c, "success");
    const { body } = await withdraw(c, accountId, 500);
    const refused = await call(c, "DELETE", `/api/bank-accounts/${accountId}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: "CONFLICT",
      message: "This bank account has a withdrawal or transfer in progress. Try again once it has completed.",
    });
    const { success } = await hooksFor(body.transaction.reference, 1);
    await forward(server, success);
    const removed = await call(c, "DELETE", `/api/bank-accounts/${accountId}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ success: true });
  });

  it("a delete racing a withdrawal: either the payout is refused (404) or the delete is (409), never a payout to a deleted account", async () => {
    for (let round = 0; round < 6; round++) {
      const c = await user(server, 1_000);
      const accountId = await saveAccount(c, "stuck");
      const [payout, removal] = await Promise.all([withdraw(c, accountId, 100), call(c, "DELETE", `/api/bank-accounts/${accountId}`)]);
      const outcome = `${payout.status}/${removal.status}`;
      expect(["200/409", "404/200"]).toContain(outcome);
      expect(await balanceOf(c)).toBe(payout.status === 200 ? 850 : 1_000);
    }
  });
});

/** The Paystack client of `s` with some calls replaced (the rest go to the sandbox over HTTP). */
function bankingWith(get: () => BankingProvider, overrides: Partial<BankingProvider>): BankingProvider {
  return {
    listBanks: () => get().listBanks(),
    resolveAccount: (n, b) => get().resolveAccount(n, b),
    resolveBvn: (bvn) => get().resolveBvn(bvn),
    createTransferRecipient: (input) => get().createTransferRecipient(input),
    initiateTransfer: (input) => get().initiateTransfer(input),
    verifyTransfer: (reference) => get().verifyTransfer(reference),
    listTransfers: (range) => get().listTransfers(range),
    createCustomer: (input) => get().createCustomer(input),
    createDedicatedAccount: (customerCode) => get().createDedicatedAccount(customerCode),
    ...overrides,
  };
}

describe("provider answers, webhooks and the requery check", () => {
  it("a webhook that arrives before the transfer call answers is applied once and the answer shows it", async () => {
    const webhookResults: string[] = [];
    const banking = bankingWith(() => inner.paystack, {
      async initiateTransfer(input): Promise<PayoutTransfer> {
        const answer = await inner.paystack.initiateTransfer(input);
        const [hook] = await capture.waitFor(input.reference, 1);
        webhookResults.push((await forward(inner, hook!)).body.outcome ?? "");
        return answer; // still says "pending": must not undo the success
      },
    });
    const inner = await startSandboxServer(t.db, { webhookUrl: capture.url, services: { banking } });
    try {
      const c = await user(inner, 1_000);
      const accountId = await saveAccount(c, "success");
      const { status, body } = await withdraw(c, accountId, 500);
      expect(status).toBe(200);
      expect(webhookResults).toEqual(["completed"]);
      expect(body.transaction.status).toBe("completed");
      expect(await balanceOf(c)).toBe(450);
      expect(await holdOf(body.transaction.reference)).toBe("settled");
    } finally {
      await inner.app.close();
    }
  });

  it("a timeout after the provider queued it stays processing (no refund); the check verifies and settles", async () => {
    const banking = bankingWith(() => inner.paystack, {
      async initiateTransfer(input) {
        await inner.paystack.initiateTransfer(input);
        throw new PaymentGatewayError("Payment gateway unreachable: The operation was aborted due to timeout");
      },
    });
    const inner = await startSandboxServer(t.db, { webhookUrl: capture.url, services: { banking } });
    try {
      const c = await user(inner, 1_000);
      const accountId = await saveAccount(c, "success");
      const { body } = await withdraw(c, accountId, 500);
      expect(body.transaction.status).toBe("processing");
      expect(await balanceOf(c)).toBe(450);
      expect(inner.warnings).toContain("Payout transfer answer unclear; it stays processing until verified");
      await capture.waitFor(body.transaction.reference, 1); // the provider has paid it (its webhook is not delivered here)
      expect(await checkPayout(checkContext(inner), body.transaction.reference)).toBe("final");
      expect((await statusOf(c, body.transaction.reference)).body.status).toBe("completed");
      expect(await sandboxTransfers(body.transaction.reference)).toBe(1);
      expect(await balanceOf(c)).toBe(450);
    } finally {
      await inner.app.close();
    }
  });

  it("a 5xx before the provider got it stays processing; the check finds no transfer and sends it again with the same reference", async () => {
    const banking = bankingWith(() => inner.paystack, {
      initiateTransfer: () => Promise.reject(new PaymentGatewayError("Payment gateway refused POST /transfer: HTTP 502", 502)),
    });
    const inner = await startSandboxServer(t.db, { webhookUrl: capture.url, services: { banking } });
    try {
      const c = await user(inner, 1_000);
      const accountId = await saveAccount(c, "success");
      const { body } = await withdraw(c, accountId, 500);
      const reference = body.transaction.reference;
      expect(body.transaction.status).toBe("processing");
      expect(await sandboxTransfers(reference)).toBe(0);
      // The check runs with the healthy client: verify says 404, so it submits (once), then the webhook settles.
      expect(await checkPayout(checkContext(server), reference)).toBe("pending");
      expect(await sandboxTransfers(reference)).toBe(1);
      const { success } = await hooksFor(reference, 1);
      await forward(server, success);
      expect(await checkPayout(checkContext(server), reference)).toBe("final");
      expect(await balanceOf(c)).toBe(450);
      expect(await holdOf(reference)).toBe("settled");
    } finally {
      await inner.app.close();
    }
  });

  it("a clear refusal is refunded only once verify confirms there is no transfer", async () => {
    const banking = bankingWith(() => inner.paystack, {
      initiateTransfer: () => Promise.reject(new PaymentGatewayError("Payment gateway refused POST /transfer: Invalid amount", 400, "Invalid amount")),
    });
    const inner = await startSandboxServer(t.db, { webhookUrl: capture.url, services: { banking } });
    try {
      const c = await user(inner, 1_000);
      const accountId = await saveAccount(c, "success");
      const { body } = await withdraw(c, accountId, 500);
      expect(body.message).toBe("Your withdrawal failed. The amount and fee have been returned to your wallet.");
      expect(body.transaction).toMatchObject({ status: "failed", metadata: { failureReason: "Invalid amount" } });
      expect(await balanceOf(c)).toBe(1_000);
      // A bank transfer refused at once answers the page's failure path, the money already back.
      const sent = await call(c, "POST", "/api/transfer/bank", { bankAccountId: accountId, amount: 500, transferFee: 50 });
      expect(sent.status).toBe(400);
      expect(sent.body).toMatchObject({
        code: "RULE_VIOLATION",
        message: "The bank refused this transfer. The amount and fee have been returned to your wallet.",
        details: { reason: "Invalid amount" },
      });
      expect(await balanceOf(c)).toBe(1_000);
    } finally {
      await inner.app.close();
    }
  });

  it("stuck pending at the provider: the payout requery job retries, settles once the provider says success, and flags another after 24 h", async () => {
    const c = await user(server, 2_000);
    const accountId = await saveAccount(c, "stuck");
    const first = (await withdraw(c, accountId, 500)).body.transaction.reference;
    const second = (await withdraw(c, accountId, 500)).body.transaction.reference;
    expect(scheduled.requested.filter((r) => r.reference === first || r.reference === second)).toHaveLength(2);
    const startedAt = new Date();
    const job = (reference: string, attempt: number) => ({ kind: "payout", reference, attempt, startedAt: startedAt.toISOString() });

    expect(await runRequery(checkContext(server, new Date(startedAt.getTime() + 30_000)), job(first, 0), REQUERY_KINDS)).toEqual({
      outcome: "retry",
      delayMs: 30_000,
    });
    expect((await statusOf(c, first)).body.status).toBe("processing");

    // The provider finally pays the first one (no webhook comes for this fixture).
    await t.client`update paystack_sandbox_transfers set status = 'success' where reference = ${first}`;
    const later = checkContext(server, new Date(startedAt.getTime() + 90_000));
    const answers = await Promise.all([runRequery(later, job(first, 1), REQUERY_KINDS), runRequery(later, job(first, 1), REQUERY_KINDS)]);
    expect(answers).toEqual([{ outcome: "final" }, { outcome: "final" }]);
    expect((await statusOf(c, first)).body.status).toBe("completed");
    expect(await holdOf(first)).toBe("settled");
    expect(await entriesOf(first)).toEqual(["payout-hold", "settle"]);

    const dayLater = checkContext(server, new Date(startedAt.getTime() + REQUERY_WINDOW_MS));
    expect(await runRequery(dayLater, job(second, 60), REQUERY_KINDS)).toEqual({ outcome: "flag" });
    const flagged = await findTransactionByReference(t.db, second);
    expect(flagged).toMatchObject({ status: "processing", metadata: { needsReview: true } });
    expect(await balanceOf(c)).toBe(2_000 - 1_100);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("the real job runner (pg-boss) checks a stuck payout until the provider pays it", async () => {
    const jobs = new Jobs({ connectionString: t.url, firstDelayMs: 0, pollingIntervalSeconds: 0.5, topUpExpiry: false });
    const s = await startSandboxServer(t.db, { webhookUrl: capture.url, services: { jobs } });
    await jobs.start(t.db, servicesOf(s, jobs));
    try {
      const c = await user(s, 1_000);
      const accountId = await saveAccount(c, "stuck");
      const { body } = await withdraw(c, accountId, 500);
      const reference = body.transaction.reference;
      expect(body.transaction.status).toBe("processing");
      await t.client`update paystack_sandbox_transfers set status = 'success' where reference = ${reference}`;
      await expect.poll(async () => (await statusOf(c, reference)).body.status, { timeout: 30_000, interval: 200 }).toBe("completed");
      expect(await balanceOf(c)).toBe(450);
      expect(await entriesOf(reference)).toEqual(["payout-hold", "settle"]);
      expect(await sandboxTransfers(reference)).toBe(1);
    } finally {
      await jobs.stop();
      await s.app.close();
    }
  });

  it("webhooks with a bad signature, a wrong amount or an unknown reference move nothing", async () => {
    const c = await user(server, 1_000);
    const accountId = await saveAccount(c, "success");
    const { body } = await withdraw(c, accountId, 500);
    const { success } = await hooksFor(body.transaction.reference, 1);
    expect((await forward(server, { ...success, signature: "0".repeat(128) })).status).toBe(401);

    const tampered = JSON.stringify({ ...success.body, data: { ...success.body.data, amount: 1 } });
    const wrong = await forward(server, { ...success, raw: tampered, signature: paystackSignature(tampered, server.secretKey) });
    expect(wrong.body.outcome).toBe("none");
    expect(await findTransactionByReference(t.db, body.transaction.reference)).toMatchObject({ status: "processing", metadata: { needsReview: true } });

    const unknown = JSON.stringify({ ...success.body, data: { ...success.body.data, reference: "wd_unknown0000000000000000" } });
    expect((await forward(server, { ...success, raw: unknown, signature: paystackSignature(unknown, server.secretKey) })).body).toEqual({
      received: true,
      outcome: "none",
    });
    expect(await balanceOf(c)).toBe(450);
  });

  it("a success after the payout failed and was refunded moves no money and is flagged for review", async () => {
    const c = await user(server, 1_000);
    const accountId = await saveAccount(c, "failed");
    const { body } = await withdraw(c, accountId, 500);
    const { failed } = await hooksFor(body.transaction.reference, 1);
    await forward(server, failed);
    expect(await balanceOf(c)).toBe(1_000);
    const late = JSON.stringify({ event: "transfer.success", data: { ...failed.body.data, status: "success" } });
    expect((await forward(server, { ...failed, raw: late, signature: paystackSignature(late, server.secretKey) })).body.outcome).toBe("none");
    expect(await findTransactionByReference(t.db, body.transaction.reference)).toMatchObject({ status: "failed", metadata: { needsReview: true } });
    expect(await balanceOf(c)).toBe(1_000);
    expect(server.warnings).toContain("Payout answer needs an admin's review");
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });
});

describe("restarts", () => {
  it("a payout in flight when the server stops is settled once by the next server (its webhook and the check racing)", async () => {
    const first = await startSandboxServer(t.db, { webhookUrl: capture.url, webhookDelayMs: 3_600_000 });
    const c = await user(first, 1_000);
    const accountId = await saveAccount(c, "success");
    const { body } = await withdraw(c, accountId, 500);
    const reference = body.transaction.reference;
    expect(body.transaction.status).toBe("processing");
    await first.app.close();

    // Time passes: the provider's webhook is now due; the next server's sandbox resumes it.
    await t.client`update paystack_sandbox_transfers set next_event_at = date_trunc('milliseconds', now()) where reference = ${reference}`;
    const next = await startSandboxServer(t.db, { webhookUrl: capture.url });
    try {
      const { success } = await hooksFor(reference, 1);
      const [hook, check, again] = await Promise.all([forward(next, success), checkPayout(checkContext(next), reference), forward(next, success)]);
      expect(check).toBe("final");
      expect([hook.body.outcome, again.body.outcome].filter((o) => o === "completed").length).toBeLessThanOrEqual(1);
      expect(await statusOf({ ...c, base: next.base }, reference)).toMatchObject({ body: { status: "completed" } });
      expect(await balanceOf({ ...c, base: next.base })).toBe(450);
      expect(await entriesOf(reference)).toHaveLength(2);
      expect(await sandboxTransfers(reference)).toBe(1);
    } finally {
      await next.app.close();
    }
  });

  it("a payout accepted but never sent (the server died in between) is sent by the check with its reference", async () => {
    const c = await user(server, 1_000);
    const accountId = await saveAccount(c, "success");
    const account = (await findUserById(t.db, c.user.id))!;
    const { transaction } = await acceptPayout(t.db, { user: account, channel: "withdrawal", bankAccountId: accountId, amountKobo: 50_000n });
    expect(transaction.status).toBe("pending");
    expect(await balanceOf(c)).toBe(450);
    expect(await checkPayout(checkContext(), transaction.reference)).toBe("pending");
    expect((await statusOf(c, transaction.reference)).body.status).toBe("processing");
    const { success } = await hooksFor(transaction.reference, 1);
    await forward(server, success);
    expect((await statusOf(c, transaction.reference)).body.status).toBe("completed");
    expect(await sandboxTransfers(transaction.reference)).toBe(1);
  });
});

describe("ledger invariants after a concurrent random mix", () => {
  it("withdrawals, bank transfers and P2P at once, then every webhook shuffled and duplicated", async () => {
    let seed = 20_261_122;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const people = await Promise.all([0, 1, 2, 3].map(() => user(server, 20_000, 2)));
    const accounts = await Promise.all(
      people.map(async (c) => ({
        c,
        ids: { success: await saveAccount(c, "success"), failed: await saveAccount(c, "failed"), reversed: await saveAccount(c, "reversed") },
      })),
    );
    const expected = new Map<string, "completed" | "failed" | "reversed">();
    const ops = Array.from({ length: 36 }, () => {
      const { c, ids } = pick(accounts);
      const kind = pick(["withdraw", "bank", "p2p"] as const);
      const amount = 100 + Math.floor(random() * 6_000);
      const target = pick(["success", "failed", "reversed"] as const);
      return async () => {
        if (kind === "p2p") {
          const to = pick(people.filter((p) => p !== c));
          const response = await api(c, "POST", "/api/transfer/p2p", { recipientEmail: to.user.email, amount });
          expect([200, 400]).toContain(response.status);
          return;
        }
        const fee = Math.min(1_000, Math.max(50, Math.round(amount) / 100));
        const result = kind === "withdraw" ? await withdraw(c, ids[target], amount) : await bankTransfer(c, ids[target], amount, fee);
        expect([200, 400]).toContain(result.status);
        if (result.status === 200) expected.set(result.body.transaction.reference, target === "success" ? "completed" : target);
      };
    });
    await Promise.all(ops.map((op) => op()));
    expect(expected.size).toBeGreaterThan(5);

    const hooks: CapturedWebhook[] = [];
    for (const [reference, outcome] of expected) hooks.push(...(await capture.waitFor(reference, outcome === "reversed" ? 2 : 1)));
    const deliveries = [...hooks, ...hooks.filter(() => random() < 0.5)].sort(() => random() - 0.5);
    await Promise.all(deliveries.map((hook) => forward(server, hook)));

    for (const [reference, outcome] of expected) expect((await findTransactionByReference(t.db, reference))?.status).toBe(outcome);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
    // Each wallet equals what its records say moved: top-ups and P2P in, P2P out, completed payouts with their fee.
    for (const c of people) {
      const [row] = await t.client`
        select
          coalesce(sum(case when type = 'topup' and status = 'completed' and recipient_id = ${c.user.id} then amount end), 0)
          + coalesce(sum(case when type = 'p2p' and recipient_id = ${c.user.id} then amount end), 0)
          - coalesce(sum(case when type = 'p2p' and sender_id = ${c.user.id} then amount end), 0)
          - coalesce(sum(case when type = 'transfer' and status = 'completed' and sender_id = ${c.user.id} then amount + fee end), 0) as expected
        from transactions where sender_id = ${c.user.id} or recipient_id = ${c.user.id}`;
      expect(Math.round((await balanceOf(c)) * 100)).toBe(Number(row!.expected));
    }
    const [held] = await t.client`select count(*)::int as n from holds where status = 'held' and reference = any(${[...expected.keys()]})`;
    expect(held!.n).toBe(0);
  });
});
