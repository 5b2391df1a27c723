// P2P by QR. A scanned kolo://pay/p2p/{userId} leads to /transfer/p2p, which shows
// the recipient's name from GET /api/users/{id} and sends with `recipientId` (resolved on the
// server, never the e-mail in the payer's hands). Through the real server on a real PostgreSQL.
import { schema } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants } from "@kolo/db/testing";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { api, balanceOf, json, signUp, useTestServer } from "./helpers";

const { t, server, fund } = useTestServer();

describe("GET /api/users/{id}: the recipient of a scanned P2P code", () => {
  it("answers {id, name} and nothing else (no e-mail)", async () => {
    const payer = await signUp(server.base, "Kemi Payer");
    const payee = await signUp(server.base, "Ada Obi");
    const response = await api(payer, "GET", `/api/users/${payee.user.id}`);
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ id: payee.user.id, name: "Ada Obi" });
  });

  it("refuses oneself, unknown, suspended and locked accounts, bad ids and no session", async () => {
    const payer = await signUp(server.base);
    const self = await api(payer, "GET", `/api/users/${payer.user.id}`);
    expect([self.status, await json(self)]).toEqual([400, { code: "RULE_VIOLATION", message: "You cannot transfer money to yourself", details: null }]);
    const unknown = await api(payer, "GET", "/api/users/99999999");
    expect([unknown.status, (await json(unknown)).code, (await json(await api(payer, "GET", "/api/users/99999999"))).message]).toEqual([
      404,
      "RECIPIENT_NOT_FOUND",
      "Recipient not found",
    ]);
    for (const status of ["suspended", "locked"] as const) {
      const other = await signUp(server.base);
      await t.db.update(schema.users).set({ status }).where(eq(schema.users.id, other.user.id));
      expect((await api(payer, "GET", `/api/users/${other.user.id}`)).status).toBe(404);
    }
    expect((await api(payer, "GET", "/api/users/abc")).status).toBe(400);
    expect((await api(payer, "GET", "/api/users/0")).status).toBe(400);
    expect((await fetch(`${server.base}/api/users/${payer.user.id}`)).status).toBe(401);
  });
});

describe("POST /api/transfer/p2p with recipientId", () => {
  it("moves the money to the user the id names, idempotently, and the ledger stays consistent", async () => {
    const payer = await signUp(server.base, "Kemi Payer");
    const payee = await signUp(server.base, "Ada Obi");
    await fund(payer, 5_000);
    const send = () =>
      api(payer, "POST", "/api/transfer/p2p", { recipientId: payee.user.id, amount: 1_250.5 }, { "idempotency-key": `qr-transfer-${payer.user.id}-first` });
    const first = await send();
    expect([first.status, first.status === 200 ? null : await first.clone().text()]).toEqual([200, null]);
    const result = await json<{ message: string; transaction: { amount: number; type: string; recipientId: number } }>(first);
    expect(result).toMatchObject({ message: "Transfer Successful", transaction: { amount: 1_250.5, type: "p2p", recipientId: payee.user.id } });
    expect((await send()).status).toBe(200);
    expect(await balanceOf(payer)).toBe(3_749.5);
    expect(await balanceOf(payee)).toBe(1_250.5);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("refuses one's own id, an unknown id and a body with no recipient; nothing moves", async () => {
    const payer = await signUp(server.base);
    await fund(payer, 1_000);
    const self = await api(payer, "POST", "/api/transfer/p2p", { recipientId: payer.user.id, amount: 10 });
    expect([self.status, (await json(self)).message]).toEqual([400, "You cannot transfer money to yourself"]);
    const unknown = await api(payer, "POST", "/api/transfer/p2p", { recipientId: 99999999, amount: 10 });
    expect([unknown.status, (await json(unknown)).code]).toEqual([404, "RECIPIENT_NOT_FOUND"]);
    const none = await api(payer, "POST", "/api/transfer/p2p", { amount: 10 });
    expect([none.status, (await json(none)).message]).toEqual([400, "Please enter a valid email"]);
    const badId = await api(payer, "POST", "/api/transfer/p2p", { recipientId: "1; drop", amount: 10 });
    expect(badId.status).toBe(400);
    expect(await balanceOf(payer)).toBe(1_000);
    expect(await ledgerInvariants(t.client)).toEqual(LEDGER_CONSISTENT);
  });
});
