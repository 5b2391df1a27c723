// Banks and saved bank accounts (docs/product.md#banking-and-withdrawals; docs/decisions.md) through
// the REST adapter and tRPC, against the Paystack sandbox over HTTP, on a real database.
import { PaystackClient } from "@kolo/providers";
import { paystackFixtures } from "@kolo/sandboxes";
import { describe, expect, it } from "vitest";
import { type Client, api, signUp, startSandboxServer, useTestServer } from "./helpers";

const { t, server } = useTestServer();

const chioma = { userId: 1, bankName: "GTBank", bankCode: "058", accountNumber: "0123456785", accountName: "CHIOMA OKAFOR" };

async function add(c: Client, body: Record<string, unknown>) {
  const response = await api(c, "POST", "/api/bank-accounts", body);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("GET /api/banks and /api/banks/resolve", () => {
  it("needs a session", async () => {
    expect((await fetch(`${server.base}/api/banks`)).status).toBe(401);
    expect((await fetch(`${server.base}/api/banks/resolve?account_number=0123456785&bank_code=058`)).status).toBe(401);
  });

  it("lists banks as {id, code, name}", async () => {
    const c = await signUp(server.base);
    const response = await api(c, "GET", "/api/banks");
    expect(response.status).toBe(200);
    const banks = (await response.json()) as { id: number; code: string; name: string }[];
    expect(banks).toContainEqual({ id: expect.any(Number), code: "058", name: "Guaranty Trust Bank" });
    expect(Object.keys(banks[0]!).sort()).toEqual(["code", "id", "name"]);
  });

  it("finds banks by the short names users type (GET /api/banks?search=)", async () => {
    const c = await signUp(server.base);
    const names = async (search: string) => {
      const response = await api(c, "GET", `/api/banks?search=${encodeURIComponent(search)}`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { name: string }[]).map((bank) => bank.name);
    };
    expect(await names("UBA")).toEqual(["United Bank For Africa"]);
    expect(await names("gtb")).toEqual(["Guaranty Trust Bank"]);
    expect(await names("FBN")).toEqual(["First Bank of Nigeria"]);
    expect(await names("zenith")).toEqual(["Zenith Bank"]);
    expect(await names("nobank")).toEqual([]);
    expect((await names("")).length).toBeGreaterThan(5);
  });

  it("answers account_name for a fixture account, and message when it does not resolve", async () => {
    const c = await signUp(server.base);
    const ok = await api(c, "GET", "/api/banks/resolve?account_number=0123456785&bank_code=058");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ account_name: "CHIOMA OKAFOR" });

    const bad = await api(c, "GET", "/api/banks/resolve?account_number=0123456784&bank_code=058");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "RULE_VIOLATION", message: "Could not resolve account name. Check parameters or try again." });

    const short = await api(c, "GET", "/api/banks/resolve?account_number=12345&bank_code=058");
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({ code: "VALIDATION", message: "Account number must be 10 digits" });
  });

  it("a provider that cannot be reached answers 503 'Bank service unavailable. Please try again later.'", async () => {
    const down = await startSandboxServer(t.db, {
      services: { banking: new PaystackClient({ baseUrl: "http://127.0.0.1:9/paystack", secretKey: "sk_unused", timeoutMs: 2_000 }) },
    });
    try {
      const c = await signUp(down.base);
      const response = await api(c, "GET", "/api/banks/resolve?account_number=0123456785&bank_code=058");
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ code: "PROVIDER_UNAVAILABLE", message: "Bank service unavailable. Please try again later." });
      expect(down.warnings).toContain("Banking provider call failed");
    } finally {
      await down.app.close();
    }
  });
});

describe("/api/bank-accounts", () => {
  it("adds an account whose name the server resolved; the bank's name is the provider's; listed with the spec's fields", async () => {
    const c = await signUp(server.base, "Chioma Okafor");
    const created = await add(c, { ...chioma, accountName: "Chioma  Okafor" });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      userId: c.user.id,
      bankName: "Guaranty Trust Bank",
      bankCode: "058",
      accountNumber: "0123456785",
      accountName: "CHIOMA OKAFOR",
      isVerified: false,
    });
    const list = await (await api(c, "GET", "/api/bank-accounts")).json();
    expect(list).toEqual([created.body]);
  });

  it("refuses a client name that differs from the resolved one, an unresolvable number and an unknown bank", async () => {
    const c = await signUp(server.base);
    expect(await add(c, { ...chioma, accountName: "ADAEZE OKONKWO" })).toMatchObject({
      status: 400,
      body: { code: "RULE_VIOLATION", message: "Account name does not match the bank's records" },
    });
    expect(await add(c, { ...chioma, accountNumber: "0123456784" })).toMatchObject({
      status: 400,
      body: { message: "Could not resolve account name. Check parameters or try again." },
    });
    expect(await add(c, { ...chioma, bankCode: "999" })).toMatchObject({ status: 400, body: { message: "Please select a bank" } });
    expect(await add(c, { ...chioma, accountNumber: "012345678" })).toMatchObject({ status: 400, body: { message: "Account number must be 10 digits" } });
    expect(await add(c, { ...chioma, accountName: "C" })).toMatchObject({ status: 400, body: { message: "Please enter account name" } });
    expect(await (await api(c, "GET", "/api/bank-accounts")).json()).toEqual([]);
  });

  it("the same bank and number once per user (409); another user may save it too", async () => {
    const c = await signUp(server.base);
    expect((await add(c, chioma)).status).toBe(201);
    expect(await add(c, chioma)).toMatchObject({ status: 409, body: { code: "CONFLICT", message: "This bank account is already saved" } });
    expect((await add(await signUp(server.base), chioma)).status).toBe(201);
  });

  it("at most 10 per user, even with 12 adds at once", async () => {
    const c = await signUp(server.base);
    const numbers = Array.from({ length: 12 }, (_, i) => paystackFixtures.nubanWithCheckDigit(String(200_000_000 + i), "057"));
    const results = await Promise.all(
      numbers.map(async (accountNumber) => {
        const name = paystackFixtures.derivedAccountName(accountNumber, "057");
        return add(c, { bankName: "Zenith", bankCode: "057", accountNumber, accountName: name });
      }),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(2);
    for (const r of refused) expect(r).toMatchObject({ status: 400, body: { message: "You can save at most 10 bank accounts" } });
    expect((await (await api(c, "GET", "/api/bank-accounts")).json()) as unknown[]).toHaveLength(10);
  });

  it("DELETE removes the user's own account; another user's is not found", async () => {
    const owner = await signUp(server.base);
    const other = await signUp(server.base);
    const { body } = await add(owner, chioma);
    const foreign = await api(other, "DELETE", `/api/bank-accounts/${String(body.id)}`);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "NOT_FOUND", message: "Bank account not found" });
    const removed = await api(owner, "DELETE", `/api/bank-accounts/${String(body.id)}`);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual({ success: true, message: "Bank account removed" });
    expect(await (await api(owner, "GET", "/api/bank-accounts")).json()).toEqual([]);
  });

  it("the same procedures answer on tRPC", async () => {
    const c = await signUp(server.base);
    await add(c, chioma);
    const response = await fetch(`${server.base}/trpc/bankAccounts.list`, { headers: { cookie: c.cookie } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: { data: { json: { accountName: string }[] } } };
    expect(body.result.data.json.map((a) => a.accountName)).toEqual(["CHIOMA OKAFOR"]);
  });
});
