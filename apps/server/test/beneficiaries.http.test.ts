// Transfers to any bank account and beneficiaries (docs/product.md "Transfers to any bank
// account") through the REST adapter, against the Paystack sandbox over HTTP, on a real
// PostgreSQL: POST /api/transfer/bank with {bankCode, accountNumber} resolves the name first and
// pays it like a saved account (fee, hold, settle); beneficiaries are saved, listed with the recent
// accounts paid by number, removed, and never count as the user's own accounts.
import { schema } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { eq } from "drizzle-orm";
import { paystackFixtures } from "@kolo/sandboxes";
import type { onRequestHookHandler } from "fastify";
import { describe, expect, it } from "vitest";
import { type Client, balanceOf, call, signUp, useTestServer } from "./helpers";

/** How many times the app asked the Paystack sandbox for an account's name (GET /bank/resolve). */
let nameLookups = 0;
const countLookup: onRequestHookHandler = (_req, _reply, done) => {
  nameLookups++;
  done();
};
const files = useTestServer({
  onRoute: (route) => {
    if (route.url !== "/sandbox/paystack/bank/resolve" || route.method !== "GET") return;
    const hooks = route.onRequest;
    route.onRequest = [...(hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]), countLookup];
  },
});

const funded = (name = "Bene Payer"): Promise<Client> => files.user(name, 10_000);
const ADAEZE = { bankCode: "058", accountNumber: "0987654327" };
const transferTo = (c: Client, to: { bankCode: string; accountNumber: string }, amount: number, extra: Record<string, unknown> = {}) =>
  call(c, "POST", "/api/transfer/bank", { ...to, amount, transferFee: amount >= 5_000 ? amount / 100 : 50, ...extra });

describe("POST /api/transfer/bank to any account", () => {
  it("resolves the name, holds amount and fee, and pays it; the record names the account and no saved account", async () => {
    const c = await funded();
    const answer = await transferTo(c, ADAEZE, 1_000, { idempotencyKey: "new-recipient-0001" });
    expect(answer.status).toBe(200);
    const transaction = answer.body.transaction as { reference: string; metadata: Record<string, unknown> };
    expect(transaction.metadata).toMatchObject({ channel: "bank_transfer", bankCode: "058", accountNumber: "0987654327", accountName: "ADAEZE OKONKWO" });
    expect(transaction.metadata).not.toHaveProperty("bankAccountId");
    expect(await balanceOf(c)).toBe(10_000 - 1_050);
    // The same key answers the same payout; the same key for another account is refused.
    const again = await transferTo(c, ADAEZE, 1_000, { idempotencyKey: "new-recipient-0001" });
    expect((again.body.transaction as { reference: string }).reference).toBe(transaction.reference);
    expect((await transferTo(c, { bankCode: "033", accountNumber: "1234567895" }, 1_000, { idempotencyKey: "new-recipient-0001" })).status).toBe(409);
    expect(await balanceOf(c)).toBe(10_000 - 1_050);
    await expect.poll(async () => (await call(c, "GET", `/api/wallet/withdrawal-status/${transaction.reference}`)).body.status).toBe("completed");
    expect(await ledgerInvariants(files.t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("an account that does not resolve, an unknown bank, or no account at all: 400 and nothing held", async () => {
    const c = await funded();
    const unresolved = await transferTo(c, { bankCode: "058", accountNumber: "0123456789" }, 1_000);
    expect([unresolved.status, unresolved.body.message]).toEqual([400, "Could not resolve account name. Check parameters or try again."]);
    expect((await transferTo(c, { bankCode: "999", accountNumber: "0987654327" }, 1_000)).body.message).toBe("Please select a bank");
    expect((await call(c, "POST", "/api/transfer/bank", { amount: 1_000, transferFee: 50 })).status).toBe(400);
    expect(await balanceOf(c)).toBe(10_000);
    expect(await files.t.db.select().from(schema.transactions).where(eq(schema.transactions.senderId, c.user.id))).toEqual([]);
  });
});

describe("the holder's name of a new recipient", () => {
  it("is asked of the provider once per transfer: the name the page resolved is the name the transfer pays", async () => {
    const c = await funded();
    // An account nothing else in this file pays: a valid number of a known bank, its name derived by the sandbox.
    const recipient = { bankCode: "044", accountNumber: paystackFixtures.nubanWithCheckDigit("731902468", "044") };
    const before = nameLookups;
    const page = await call(c, "GET", `/api/banks/resolve?account_number=${recipient.accountNumber}&bank_code=${recipient.bankCode}`);
    expect(page.status).toBe(200);
    const answer = await transferTo(c, recipient, 1_000);
    expect(answer.status).toBe(200);
    expect((answer.body.transaction as { metadata: { accountName: string } }).metadata.accountName).toBe(page.body.account_name);
    expect(nameLookups - before).toBe(1);
    // A second transfer to it within the cache's time asks nothing either.
    expect((await transferTo(c, recipient, 500)).status).toBe(200);
    expect(nameLookups - before).toBe(1);
  });
});

describe("beneficiaries", () => {
  it("a recent account is listed unsaved; saved once it is added, first, and removed again; another user's cannot be removed", async () => {
    const c = await funded();
    await transferTo(c, ADAEZE, 500);
    const recent = (await call(c, "GET", "/api/beneficiaries")).body as unknown as Record<string, unknown>[];
    expect(recent).toEqual([expect.objectContaining({ id: null, saved: false, bankCode: "058", accountNumber: "0987654327", accountName: "ADAEZE OKONKWO" })]);

    const saved = await call(c, "POST", "/api/beneficiaries", { bankCode: "033", accountNumber: "1234567895" });
    expect(saved).toMatchObject({ status: 201, body: { saved: true, bankName: "United Bank For Africa", accountName: "CHUKWUEMEKA EZE" } });
    const savedAgain = await call(c, "POST", "/api/beneficiaries", { bankCode: "033", accountNumber: "1234567895" });
    expect(savedAgain.body.id).toBe(saved.body.id);
    const adaeze = await call(c, "POST", "/api/beneficiaries", ADAEZE);

    const listed = (await call(c, "GET", "/api/beneficiaries")).body as unknown as {
      id: number | null;
      accountNumber: string;
      saved: boolean;
      lastPaidAt: string | null;
    }[];
    expect(listed.map((b) => [b.accountNumber, b.saved])).toEqual([
      ["0987654327", true],
      ["1234567895", true],
    ]);
    expect(listed[0]!.lastPaidAt).not.toBeNull();

    const other = await signUp(files.server.base, "Someone Else");
    expect((await call(other, "DELETE", `/api/beneficiaries/${String(adaeze.body.id)}`)).status).toBe(404);
    expect(await call(c, "DELETE", `/api/beneficiaries/${String(adaeze.body.id)}`)).toEqual({
      status: 200,
      body: { success: true, message: "Beneficiary removed" },
    });
    expect((await call(c, "DELETE", `/api/beneficiaries/${String(adaeze.body.id)}`)).status).toBe(404);
    // Removed from the saved list, it is still a recent account.
    const after = (await call(c, "GET", "/api/beneficiaries")).body as unknown as { accountNumber: string; saved: boolean }[];
    expect(after.map((b) => [b.accountNumber, b.saved])).toEqual([
      ["1234567895", true],
      ["0987654327", false],
    ]);
  });

  it("a beneficiary is not one of the user's own accounts: not listed there, and cannot verify the user", async () => {
    const c = await funded("Chioma Okafor");
    const saved = await call(c, "POST", "/api/beneficiaries", { bankCode: "058", accountNumber: "0123456785" });
    expect(saved.status).toBe(201);
    expect((await call(c, "GET", "/api/bank-accounts")).body).toEqual([]);
    await files.t.db.update(schema.users).set({ verificationLevel: 1 }).where(eq(schema.users.id, c.user.id));
    expect((await call(c, "POST", `/api/verification/bank-account/${String(saved.body.id)}`)).status).toBe(404);
    expect((await call(c, "POST", "/api/wallet/withdraw", { bankAccountId: saved.body.id, amount: 500 })).status).toBe(404);
  });
});
