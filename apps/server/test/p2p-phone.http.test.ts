// Paying a Kolo user by phone number (docs/product.md#qr-codes-and-p2p-transfers): GET
// /api/users/lookup resolves an e-mail or a Nigerian phone number to the recipient's name before
// sending, every lookup counted against a per-user limit; POST /api/transfer/p2p takes
// `recipientPhone`. Through the real server on a real PostgreSQL.
import { schema } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Client, api, balanceOf, fundWallet, json, signUp, useTestServer } from "./helpers";

const { t, server, secondServer } = useTestServer();
/** A second server on the same database with a lookup limit of 3 in 10 minutes. */
const limited = secondServer({ services: { userLimits: { recipient_lookup: { max: 3, windowMs: 600_000 } } } });
const lookup = (c: Client, recipient: string) => api(c, "GET", `/api/users/lookup?recipient=${encodeURIComponent(recipient)}`);
/** A phone number no other test uses: 080 + 8 random digits. */
const freshPhone = () => `080${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

describe("GET /api/users/lookup", () => {
  it("names the recipient of an e-mail or a phone number in any of its forms, never their e-mail", async () => {
    const payer = await signUp(server.base, "Kemi Payer");
    const phone = freshPhone();
    const payee = await signUp(server.base, "Ada Obi", phone);
    const international = `+234 ${phone.slice(1, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`;
    for (const recipient of [payee.user.email, payee.user.email.toUpperCase(), phone, international, `234${phone.slice(1)}`]) {
      const response = await lookup(payer, recipient);
      expect([recipient, response.status, await json(response)]).toEqual([recipient, 200, { id: payee.user.id, name: "Ada Obi" }]);
    }
  });

  it("refuses unknown, shared, suspended and own numbers, and what is neither an e-mail nor a phone number", async () => {
    const payer = await signUp(server.base, "Kemi Payer", freshPhone());
    const shared = freshPhone();
    await signUp(server.base, "Twin One", shared);
    await signUp(server.base, "Twin Two", shared);
    const suspendedPhone = freshPhone();
    const suspended = await signUp(server.base, "Gone", suspendedPhone);
    await t.db.update(schema.users).set({ status: "suspended" }).where(eq(schema.users.id, suspended.user.id));
    for (const recipient of [freshPhone(), shared, suspendedPhone, "nobody@example.com"]) {
      const response = await lookup(payer, recipient);
      expect([recipient, response.status, await json(response)]).toEqual([
        recipient,
        404,
        { code: "RECIPIENT_NOT_FOUND", message: "Recipient not found", details: null },
      ]);
    }
    const self = await lookup(payer, payer.user.email);
    expect([self.status, (await json(self)).message]).toEqual([400, "You cannot transfer money to yourself"]);
    for (const recipient of ["", "12345", "not an address", "+1 212 555 0100"]) {
      const response = await lookup(payer, recipient);
      expect([recipient, response.status, (await json(response)).message]).toEqual([recipient, 400, "Please enter a valid email or Nigerian phone number"]);
    }
    expect((await fetch(`${server.base}/api/users/lookup?recipient=${shared}`)).status).toBe(401);
  });

  it("counts every lookup, found or not: past the limit 429 'Too many requests', for that user only", async () => {
    const prober = await signUp(limited.base, "Prober");
    const other = await signUp(limited.base, "Other");
    const target = await signUp(limited.base, "Target", freshPhone());
    expect((await lookup(prober, freshPhone())).status).toBe(404);
    expect((await lookup(prober, freshPhone())).status).toBe(404);
    expect((await lookup(prober, target.user.email)).status).toBe(200);
    const refused = await lookup(prober, target.user.email);
    expect([refused.status, (await json(refused)).message]).toEqual([429, "Too many requests"]);
    expect((await lookup(other, target.user.email)).status).toBe(200);
  });

  it("counts every P2P resolution against the same limit, by phone, e-mail or scanned code, over REST and tRPC: past it 429 on every path, nothing moves", async () => {
    const prober = await signUp(limited.base, "P2P Prober");
    const targetPhone = freshPhone();
    const target = await signUp(limited.base, "P2P Target", targetPhone);
    await fundWallet(t.db, prober.user.id, 1_000);
    const send = (recipient: Record<string, unknown>) => api(prober, "POST", "/api/transfer/p2p", { ...recipient, amount: 10 });
    // tRPC (superjson body) first, then REST: one count each.
    const overTrpc = await fetch(`${limited.base}/trpc/transfers.p2p`, {
      method: "POST",
      headers: { cookie: prober.cookie, origin: limited.base, "content-type": "application/json" },
      body: JSON.stringify({ json: { recipientPhone: freshPhone(), amount: 10 } }),
    });
    expect(overTrpc.status).toBe(404);
    expect((await send({ recipientEmail: "nobody-here@example.com" })).status).toBe(404);
    expect((await send({ recipientId: 2_000_000_000 })).status).toBe(404);
    for (const recipient of [
      { recipientPhone: freshPhone() },
      { recipientPhone: targetPhone },
      { recipientEmail: target.user.email },
      { recipientId: target.user.id },
    ]) {
      const refused = await send(recipient);
      expect([refused.status, (await json(refused)).message]).toEqual([429, "Too many requests"]);
    }
    expect((await lookup(prober, target.user.email)).status).toBe(429);
    expect((await api(prober, "GET", `/api/users/${target.user.id}`)).status).toBe(429);
    expect([await balanceOf(prober), await balanceOf(target)]).toEqual([1_000, 0]);
  });
});

describe("POST /api/transfer/p2p with recipientPhone", () => {
  it("moves the money to the user the number names, idempotently; a shared number moves nothing", async () => {
    const payer = await signUp(server.base, "Kemi Payer");
    const phone = freshPhone();
    const payee = await signUp(server.base, "Ada Obi", phone);
    await fundWallet(t.db, payer.user.id, 5_000);
    const body = { recipientPhone: `+234${phone.slice(1)}`, amount: 1_250, idempotencyKey: "phone-transfer-0001" };
    const first = await api(payer, "POST", "/api/transfer/p2p", body);
    expect(first.status).toBe(200);
    const answer = await json<{ transaction: { amount: number; metadata: Record<string, unknown> } }>(first);
    expect(answer.transaction).toMatchObject({ amount: 1_250, metadata: { recipientName: "Ada Obi" } });
    expect((await api(payer, "POST", "/api/transfer/p2p", body)).status).toBe(200);
    expect([await balanceOf(payer), await balanceOf(payee)]).toEqual([3_750, 1_250]);

    const shared = freshPhone();
    await signUp(server.base, "Twin One", shared);
    await signUp(server.base, "Twin Two", shared);
    const refused = await api(payer, "POST", "/api/transfer/p2p", { recipientPhone: shared, amount: 100, idempotencyKey: "phone-transfer-0002" });
    expect([refused.status, (await json(refused)).message]).toEqual([404, "Recipient not found"]);
    expect(await balanceOf(payer)).toBe(3_750);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });
});
