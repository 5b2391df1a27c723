// Paystack banks, account resolution, BVN, recipients and transfers: the real
// PaystackClient against the built-in sandbox over HTTP, with docs/providers.md's fixtures; transfer
// webhooks signed with HMAC-SHA512 and delivered after the configured delay, surviving a restart.
import { PaymentGatewayError, paystackSignature } from "@kolo/providers";
import { schema } from "@kolo/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { startSandboxServer, useTestServer } from "./helpers";

const { t, server, capture } = useTestServer({ capture: true, webhookDelayMs: 0 });

let sequence = 0;
const reference = () => `kolo_test_${Date.now()}_${++sequence}`.toLowerCase();

/** The PaymentGatewayError a call throws. */
async function failure(call: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  return error as PaymentGatewayError;
}

describe("banks and account resolution", () => {
  it("lists at least the fixture banks with their CBN codes", async () => {
    const banks = await server.paystack.listBanks();
    const byCode = new Map(banks.map((b) => [b.code, b.name]));
    expect(byCode.get("044")).toBe("Access Bank");
    expect(byCode.get("058")).toBe("Guaranty Trust Bank");
    expect(byCode.get("011")).toBe("First Bank of Nigeria");
    expect(byCode.get("033")).toBe("United Bank For Africa");
    expect(byCode.get("057")).toBe("Zenith Bank");
    expect(byCode.get("50211")).toBe("Kuda Microfinance Bank");
    expect(byCode.get("50515")).toBe("Moniepoint MFB");
  });

  it.each([
    ["058", "0123456785", "CHIOMA OKAFOR"],
    ["058", "0987654327", "ADAEZE OKONKWO"],
    ["033", "1234567895", "CHUKWUEMEKA EZE"],
    ["50211", "1000000016", "FATIMA BELLO"],
    ["011", "0000014579", "ADEBAYO OGUNLEYE"],
    ["044", "0000000017", "TUNDE BAKARE"],
    ["044", "0000000024", "NGOZI ADEYEMI"],
    ["044", "0000000031", "EMEKA NWOSU"],
  ])("bank %s account %s resolves to %s", async (bankCode, accountNumber, name) => {
    expect(await server.paystack.resolveAccount(accountNumber, bankCode)).toEqual({ accountNumber, accountName: name });
  });

  it("another number that passes the NUBAN check resolves to the same derived name every time", async () => {
    // bank 057, serial 123456789: weighted sum 251, check digit (10 - 1) mod 10 = 9
    const first = await server.paystack.resolveAccount("1234567899", "057");
    const second = await server.paystack.resolveAccount("1234567899", "057");
    expect(first.accountName).toMatch(/^[A-Z]+ [A-Z]+$/);
    expect(second.accountName).toBe(first.accountName);
  });

  it.each([
    ["058", "0123456784", "wrong check digit"],
    ["999", "0123456785", "unknown bank"],
    ["058", "012345678", "9 digits"],
  ])("bank %s account %s does not resolve (%s): 422 with Paystack's message", async (bankCode, accountNumber) => {
    const error = await failure(server.paystack.resolveAccount(accountNumber, bankCode));
    expect(error.status).toBe(422);
    expect(error.providerMessage).toBe("Could not resolve account name. Check parameters or try again.");
  });
});

describe("BVN resolve", () => {
  it("answers the fixture records", async () => {
    expect(await server.paystack.resolveBvn("22222222221")).toEqual({
      firstName: "CHIOMA",
      lastName: "OKAFOR",
      dateOfBirth: "1994-08-12",
      mobile: "08031234567",
    });
    expect(await server.paystack.resolveBvn("22222222224")).toEqual({
      firstName: "FATIMA",
      lastName: "BELLO",
      dateOfBirth: "1996-01-30",
      mobile: "09051234567",
    });
  });

  it("22222222290 answers 503, any other 11-digit BVN 404; the BVN is not in the error message", async () => {
    const down = await failure(server.paystack.resolveBvn("22222222290"));
    expect(down.status).toBe(503);
    const missing = await failure(server.paystack.resolveBvn("12345678901"));
    expect(missing.status).toBe(404);
    expect(missing.message).not.toContain("12345678901");
  });

  it("refuses a caller without the secret key", async () => {
    const response = await fetch(`${server.base}/sandbox/paystack/bank/resolve_bvn/22222222221`);
    expect(response.status).toBe(401);
  });
});

describe("transfer recipients and transfers", () => {
  const recipientFor = (accountNumber: string, bankCode: string) => server.paystack.createTransferRecipient({ name: "Kolo payout", accountNumber, bankCode });

  it("one recipient per account: a second call answers the same RCP_ code; an unresolvable account is refused", async () => {
    const first = await recipientFor("0123456785", "058");
    expect(first.recipientCode).toMatch(/^RCP_[a-z0-9]+$/);
    expect(first).toMatchObject({ accountName: "CHIOMA OKAFOR", bankName: "Guaranty Trust Bank" });
    expect((await recipientFor("0123456785", "058")).recipientCode).toBe(first.recipientCode);
    expect((await failure(recipientFor("0123456784", "058"))).status).toBe(422);
  });

  it("a payout to a succeeding account is queued as pending, then a signed transfer.success arrives and verify agrees", async () => {
    const { recipientCode } = await recipientFor("0000014579", "011");
    const ref = reference();
    const queued = await server.paystack.initiateTransfer({ amountKobo: 500_000n, recipientCode, reference: ref, reason: "Kolo withdrawal" });
    expect(queued).toMatchObject({ reference: ref, status: "pending", amountKobo: 500_000n });
    expect(queued.transferCode).toMatch(/^TRF_/);
    const [hook] = await capture.waitFor(ref, 1);
    expect(hook!.signature).toBe(paystackSignature(hook!.raw, server.secretKey));
    expect(hook!.body.event).toBe("transfer.success");
    expect(hook!.body.data.recipient?.recipient_code).toBe(recipientCode);
    expect((await server.paystack.verifyTransfer(ref)).status).toBe("success");
  });

  it("044/0000000017 fails with transfer.failed", async () => {
    const { recipientCode } = await recipientFor("0000000017", "044");
    const ref = reference();
    await server.paystack.initiateTransfer({ amountKobo: 10_000n, recipientCode, reference: ref, reason: "Kolo withdrawal" });
    const [hook] = await capture.waitFor(ref, 1);
    expect(hook!.body.event).toBe("transfer.failed");
    expect((await server.paystack.verifyTransfer(ref)).status).toBe("failed");
  });

  it("044/0000000024 succeeds, then is reversed: transfer.success then transfer.reversed", async () => {
    const { recipientCode } = await recipientFor("0000000024", "044");
    const ref = reference();
    await server.paystack.initiateTransfer({ amountKobo: 10_000n, recipientCode, reference: ref, reason: "Kolo withdrawal" });
    const hooks = await capture.waitFor(ref, 2);
    expect(hooks.map((h) => h.body.event)).toEqual(["transfer.success", "transfer.reversed"]);
    expect((await server.paystack.verifyTransfer(ref)).status).toBe("reversed");
  });

  it("044/0000000031 stays pending: verify answers pending and no webhook is planned", async () => {
    const { recipientCode } = await recipientFor("0000000031", "044");
    const ref = reference();
    await server.paystack.initiateTransfer({ amountKobo: 10_000n, recipientCode, reference: ref, reason: "Kolo withdrawal" });
    expect((await server.paystack.verifyTransfer(ref)).status).toBe("pending");
    const [row] = await t.db.select().from(schema.paystackSandboxTransfers).where(eq(schema.paystackSandboxTransfers.reference, ref));
    expect(row).toMatchObject({ status: "pending", nextEventAt: null });
  });

  it("the reference is the retry key: the same payout twice is one transfer; other details with it are refused", async () => {
    const { recipientCode } = await recipientFor("0987654327", "058");
    const ref = reference();
    const input = { amountKobo: 20_000n, recipientCode, reference: ref, reason: "Kolo withdrawal" };
    const [a, b] = await Promise.all([server.paystack.initiateTransfer(input), server.paystack.initiateTransfer(input)]);
    expect(b.transferCode).toBe(a.transferCode);
    expect(await t.db.select().from(schema.paystackSandboxTransfers).where(eq(schema.paystackSandboxTransfers.reference, ref))).toHaveLength(1);
    expect((await failure(server.paystack.initiateTransfer({ ...input, amountKobo: 30_000n }))).status).toBe(400);
  });

  it.each(["Kolo_Upper_Case_Reference", "short_ref_1", "has space in it 12345"])("refuses the reference %j (Paystack's rule)", async (bad) => {
    const { recipientCode } = await recipientFor("0123456785", "058");
    expect((await failure(server.paystack.initiateTransfer({ amountKobo: 10_000n, recipientCode, reference: bad, reason: "x" }))).status).toBe(400);
  });

  it("verify of an unknown reference is 404", async () => {
    expect((await failure(server.paystack.verifyTransfer("kolo_never_queued_000"))).status).toBe(404);
  });
});

describe("queued payouts survive a restart", () => {
  it("a webhook still due when the server stops is sent by the next server on the same database, once", async () => {
    const slow = await startSandboxServer(t.db, { webhookUrl: capture.url, webhookDelayMs: 600_000 });
    const { recipientCode } = await slow.paystack.createTransferRecipient({ name: "Restart", accountNumber: "1000000016", bankCode: "50211" });
    const ref = reference();
    await slow.paystack.initiateTransfer({ amountKobo: 50_000n, recipientCode, reference: ref, reason: "Kolo withdrawal" });
    const [row] = await t.db.select().from(schema.paystackSandboxTransfers).where(eq(schema.paystackSandboxTransfers.reference, ref));
    expect(row!.nextEventAt!.getTime()).toBeGreaterThan(Date.now() + 500_000); // the configured delay
    await slow.app.close();
    expect(capture.forReference(ref)).toHaveLength(0);

    // Time passes while no server runs: the webhook is now overdue.
    await t.db.update(schema.paystackSandboxTransfers).set({ nextEventAt: new Date() }).where(eq(schema.paystackSandboxTransfers.reference, ref));
    const [restartedA, restartedB] = await Promise.all([
      startSandboxServer(t.db, { webhookUrl: capture.url }),
      startSandboxServer(t.db, { webhookUrl: capture.url }),
    ]);
    try {
      const [hook] = await capture.waitFor(ref, 1);
      expect(hook!.body.event).toBe("transfer.success");
      expect((await restartedA.paystack.verifyTransfer(ref)).status).toBe("success");
      const [after] = await t.db.select().from(schema.paystackSandboxTransfers).where(eq(schema.paystackSandboxTransfers.reference, ref));
      expect(after!.nextEventAt).toBeNull();
      expect(capture.forReference(ref)).toHaveLength(1);
    } finally {
      await restartedA.app.close();
      await restartedB.app.close();
    }
  });
});
