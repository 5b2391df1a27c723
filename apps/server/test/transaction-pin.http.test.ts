// The transaction PIN (docs/product.md "Transaction PIN") through the REST adapter on a real
// PostgreSQL: set once (weak PINs refused), then required on every money-out path (header or
// body), 5 wrong PINs lock payments but not sign-in for 30 minutes (controllable clock), parallel
// guesses never check more than 5, changed with the current PIN, reset with the password and a
// code read from the sandbox mailbox. A user without a PIN pays over REST as before.
import { schema } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Client, api, balanceOf, call, signIn as postLogin, useTestServer } from "./helpers";

let clock = new Date("2026-06-01T09:00:00Z");
const MINUTE = 60_000;

const files = useTestServer({ services: { now: () => clock } });

/** A funded user with ₦10,000 and a recipient. */
const payerAndPayee = async (): Promise<[Client, Client]> => [await files.user("Pin Payer", 10_000), await files.user("Pin Payee")];
const WRONG_PASSWORD_OR_CODE = "Incorrect password or code. If the code has expired, ask for a new one.";

/** Asks for a PIN-reset code and reads it from the sandbox mailbox. */
async function resetCode(c: Client): Promise<string> {
  expect((await call(c, "POST", "/api/auth/transaction-pin/reset-code")).status).toBe(200);
  const [mail] = await files.t.db
    .select()
    .from(schema.sandboxMail)
    .where(eq(schema.sandboxMail.to, c.user.email))
    .orderBy(desc(schema.sandboxMail.id))
    .limit(1);
  return /is (\d{6})\./.exec(mail!.text)![1]!;
}

const p2p = (c: Client, to: Client, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  call(c, "POST", "/api/transfer/p2p", { recipientEmail: to.user.email, amount: 100, ...extra }, headers);

describe("setting the PIN", () => {
  it("without a PIN a REST client pays as before; weak PINs are refused; the first PIN is set once", async () => {
    const [payer, payee] = await payerAndPayee();
    expect((await call(payer, "GET", "/api/auth/transaction-pin")).body).toEqual({ isSet: false, locked: false, lockedUntil: null, attemptsRemaining: 5 });
    expect((await p2p(payer, payee)).status).toBe(200);
    for (const pin of ["0000", "7777", "1234", "6789", "4321", "3210", "123", "12a4", "12345"]) {
      const answer = await call(payer, "POST", "/api/auth/transaction-pin", { pin });
      expect([pin, answer.status]).toEqual([pin, 400]);
    }
    expect(await call(payer, "POST", "/api/auth/transaction-pin", { pin: "2580" })).toEqual({ status: 200, body: { message: "Transaction PIN set" } });
    expect((await call(payer, "POST", "/api/auth/transaction-pin", { pin: "1357" })).status).toBe(409);
    expect((await call(payer, "GET", "/api/auth/transaction-pin")).body).toMatchObject({ isSet: true, locked: false });
    const [row] = await files.t.db.select().from(schema.transactionPins).where(eq(schema.transactionPins.userId, payer.user.id));
    expect(row!.pinHash).toMatch(/^\$argon2id\$/);
  });
});

describe("once set, every debit needs it", () => {
  it("P2P: none is refused, a wrong one is 'Incorrect PIN' with the attempts left, the right one in the body or the header pays; both and different is 400", async () => {
    const [payer, payee] = await payerAndPayee();
    await call(payer, "POST", "/api/auth/transaction-pin", { pin: "2580" });
    expect(await p2p(payer, payee)).toEqual({ status: 403, body: { code: "PIN_REQUIRED", message: "Transaction PIN required", details: null } });
    expect(await p2p(payer, payee, { transactionPin: "1111" })).toEqual({
      status: 403,
      body: { code: "PIN_INCORRECT", message: "Incorrect PIN", details: { attemptsRemaining: 4 } },
    });
    expect((await p2p(payer, payee, { transactionPin: "2580" })).status).toBe(200);
    expect((await p2p(payer, payee, {}, { "X-Transaction-PIN": "2580" })).status).toBe(200);
    expect((await p2p(payer, payee, { transactionPin: "2580" }, { "X-Transaction-PIN": "1111" })).status).toBe(400);
    // The right PIN started the count again.
    expect((await call(payer, "GET", "/api/auth/transaction-pin")).body).toMatchObject({ attemptsRemaining: 5 });
    expect(await balanceOf(payer)).toBe(10_000 - 200);
    expect(await balanceOf(payee)).toBe(200);
  });

  it("every money-out path refuses a debit without the PIN before reading anything else, and moves nothing", async () => {
    const [payer] = await payerAndPayee();
    await call(payer, "POST", "/api/auth/transaction-pin", { pin: "2580" });
    const paths = [
      "/api/transfer/p2p",
      "/api/transfer/bank",
      "/api/wallet/withdraw",
      "/api/airtime",
      "/api/data",
      "/api/payments/merchant",
      "/api/payments/invoice/1",
      `/api/payments/invoice/by-token/${"a".repeat(32)}`,
    ];
    for (const path of paths) {
      const answer = await call(payer, "POST", path, {});
      expect([path, answer.status, answer.body.code]).toEqual([path, 403, "PIN_REQUIRED"]);
    }
    expect(await balanceOf(payer)).toBe(10_000);
  });
});

describe("wrong PINs", () => {
  it("5 wrong PINs lock payments, not sign-in, for 30 minutes; the right PIN is refused while locked and works after", async () => {
    const [payer, payee] = await payerAndPayee();
    await call(payer, "POST", "/api/auth/transaction-pin", { pin: "2580" });
    const remaining: unknown[] = [];
    for (let i = 0; i < 5; i++) remaining.push((await p2p(payer, payee, { transactionPin: "1111" })).body.details?.attemptsRemaining);
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const locked = await p2p(payer, payee, { transactionPin: "2580" });
    expect([locked.status, locked.body.code, locked.body.message]).toEqual([403, "PIN_LOCKED", "Too many incorrect PINs. Payments are locked for 30 minutes."]);
    expect(locked.body.details).toMatchObject({ retryAfterSeconds: 1800 });
    expect((await call(payer, "GET", "/api/auth/transaction-pin")).body).toMatchObject({ isSet: true, locked: true, attemptsRemaining: 0 });

    // Sign-in is not locked.
    const login = await postLogin(files.server.base, payer.user.email);
    expect(login.status).toBe(200);

    clock = new Date(clock.getTime() + 29 * MINUTE);
    expect((await p2p(payer, payee, { transactionPin: "2580" })).body.code).toBe("PIN_LOCKED");
    clock = new Date(clock.getTime() + 2 * MINUTE);
    expect((await p2p(payer, payee, { transactionPin: "2580" })).status).toBe(200);
    expect((await call(payer, "GET", "/api/auth/transaction-pin")).body).toMatchObject({ locked: false, attemptsRemaining: 5 });
    expect(await balanceOf(payer)).toBe(10_000 - 100);
  });

  it("20 wrong PINs at once: at most 5 are checked, the rest are refused as locked", async () => {
    const [payer, payee] = await payerAndPayee();
    await call(payer, "POST", "/api/auth/transaction-pin", { pin: "2580" });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => p2p(payer, payee, { transactionPin: String(1000 + i) })));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === "PIN_INCORRECT").length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === "PIN_LOCKED").length).toBeGreaterThanOrEqual(15);
    expect(codes.every((c) => c === "PIN_INCORRECT" || c === "PIN_LOCKED")).toBe(true);
    expect(await balanceOf(payer)).toBe(10_000);
  });
});

describe("changing and resetting", () => {
  it("a change needs the current PIN; afterwards only the new one pays", async () => {
    const [payer, payee] = await payerAndPayee();
    await call(payer, "POST", "/api/auth/transaction-pin", { pin: "2580" });
    expect((await call(payer, "PATCH", "/api/auth/transaction-pin", { currentPin: "1111", pin: "1357" })).body.code).toBe("PIN_INCORRECT");
    expect((await call(payer, "PATCH", "/api/auth/transaction-pin", { currentPin: "2580", pin: "0000" })).status).toBe(400);
    expect(await call(payer, "PATCH", "/api/auth/transaction-pin", { currentPin: "2580", pin: "1357" })).toEqual({
      status: 200,
      body: { message: "Transaction PIN changed" },
    });
    expect((await p2p(payer, payee, { transactionPin: "2580" })).body.code).toBe("PIN_INCORRECT");
    expect((await p2p(payer, payee, { transactionPin: "1357" })).status).toBe(200);
  });

  it("a locked user resets the PIN with the password and the code from the mailbox; the code works once", async () => {
    const [payer, payee] = await payerAndPayee();
    await call(payer, "POST", "/api/auth/transaction-pin", { pin: "2580" });
    for (let i = 0; i < 5; i++) await p2p(payer, payee, { transactionPin: "1111" });
    expect((await p2p(payer, payee, { transactionPin: "2580" })).body.code).toBe("PIN_LOCKED");

    expect((await call(payer, "POST", "/api/auth/transaction-pin/reset", { password: "secret123", code: "123456", pin: "4682" })).body.message).toBe(
      WRONG_PASSWORD_OR_CODE,
    );
    expect((await call(payer, "POST", "/api/auth/transaction-pin/reset-code")).status).toBe(200);
    const [mail] = await files.t.db
      .select()
      .from(schema.sandboxMail)
      .where(eq(schema.sandboxMail.to, payer.user.email))
      .orderBy(desc(schema.sandboxMail.id))
      .limit(1);
    expect(mail!.subject).toBe("Your Kolo PIN reset code");
    const code = /is (\d{6})\./.exec(mail!.text)![1]!;
    expect((await call(payer, "POST", "/api/auth/transaction-pin/reset", { password: "wrong-password", code, pin: "4682" })).body.message).toBe(
      WRONG_PASSWORD_OR_CODE,
    );
    expect((await call(payer, "POST", "/api/auth/transaction-pin/reset", { password: "secret123", code, pin: "4682" })).body).toEqual({
      message: "Transaction PIN reset",
    });
    expect((await call(payer, "POST", "/api/auth/transaction-pin/reset", { password: "secret123", code, pin: "9753" })).status).toBe(400);

    expect((await p2p(payer, payee, { transactionPin: "4682" })).status).toBe(200);
    expect(await balanceOf(payer)).toBe(10_000 - 100);
    expect(await ledgerInvariants(files.t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("a wrong password and a wrong code answer the same message", async () => {
    const [payer] = await payerAndPayee();
    await call(payer, "POST", "/api/auth/transaction-pin", { pin: "2580" });
    const code = await resetCode(payer);
    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrongPassword = await call(payer, "POST", "/api/auth/transaction-pin/reset", { password: "not-my-password", code, pin: "4682" });
    const wrongCodeAnswer = await call(payer, "POST", "/api/auth/transaction-pin/reset", { password: "secret123", code: wrongCode, pin: "4682" });
    expect(wrongPassword).toEqual(wrongCodeAnswer);
    expect([wrongPassword.status, wrongPassword.body.message]).toEqual([400, WRONG_PASSWORD_OR_CODE]);
  });

  it("the password given to the reset counts towards the sign-in lock: 3 wrong there and 2 at sign-in lock the account and end its session", async () => {
    const [payer] = await payerAndPayee();
    await call(payer, "POST", "/api/auth/transaction-pin", { pin: "2580" });
    const code = await resetCode(payer);
    for (let i = 0; i < 3; i++) {
      expect((await call(payer, "POST", "/api/auth/transaction-pin/reset", { password: `guess-${i}-password`, code, pin: "4682" })).body.message).toBe(
        WRONG_PASSWORD_OR_CODE,
      );
    }
    const signIn = (password: string) => postLogin(files.server.base, payer.user.email, password);
    expect((await signIn("guess-3-password")).status).toBe(401);
    expect((await signIn("guess-4-password")).status).toBe(401);
    const locked = await signIn("secret123");
    expect([locked.status, ((await locked.json()) as { message: string }).message]).toEqual([403, "Account locked"]);
    expect((await api(payer, "GET", "/api/auth/me")).status).toBe(401);
  });

  it("5 wrong passwords through the reset alone lock the account: the right one no longer signs in", async () => {
    const [payer] = await payerAndPayee();
    await call(payer, "POST", "/api/auth/transaction-pin", { pin: "2580" });
    const code = await resetCode(payer);
    for (let i = 0; i < 5; i++) await call(payer, "POST", "/api/auth/transaction-pin/reset", { password: `guess-${i}-password`, code, pin: "4682" });
    const signIn = await postLogin(files.server.base, payer.user.email);
    expect(signIn.status).toBe(403);
  });

  it("at most 3 reset codes an hour per user: the 4th is 429 'Too many requests', another user is not held, an hour later it is sent", async () => {
    const [payer, other] = await payerAndPayee();
    await call(payer, "POST", "/api/auth/transaction-pin", { pin: "2580" });
    await call(other, "POST", "/api/auth/transaction-pin", { pin: "2580" });
    for (let i = 0; i < 3; i++) expect((await call(payer, "POST", "/api/auth/transaction-pin/reset-code")).status).toBe(200);
    const refused = await call(payer, "POST", "/api/auth/transaction-pin/reset-code");
    expect([refused.status, refused.body.message]).toEqual([429, "Too many requests"]);
    expect((await call(other, "POST", "/api/auth/transaction-pin/reset-code")).status).toBe(200);
    clock = new Date(clock.getTime() + 61 * MINUTE);
    expect((await call(payer, "POST", "/api/auth/transaction-pin/reset-code")).status).toBe(200);
  });
});
