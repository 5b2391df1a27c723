// The second security round (docs/decisions.md "Security, second round"): no e-mail of another
// user reaches a user, identity names, admin lockout without denial of service, and the money
// paths' guards. Through the real server and its provider sandboxes on a real PostgreSQL.
import { promoteToAdmin, createTestDatabase, type TestDatabase } from "@kolo/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SandboxServer, api, fundWallet, signUp, startSandboxServer } from "./sandbox-server";

let t: TestDatabase;
let server: SandboxServer;
beforeAll(async () => {
  t = await createTestDatabase();
  server = await startSandboxServer(t.db);
});
afterAll(async () => {
  await server.app.close();
  await t.close();
});

describe("no e-mail of another user ever reaches a user", () => {
  it("P2P by id or by e-mail: the answer and both parties' histories name the counterpart, never their e-mail", async () => {
    const ada = await signUp(server.base, "Ada Obi");
    const bayo = await signUp(server.base, "Bayo Lawal");
    await fundWallet(t.db, ada.user.id, 100);
    const byId = await api(ada, "POST", "/api/transfer/p2p", { recipientId: bayo.user.id, amount: 0.01 }, { "idempotency-key": "leak-test-by-id-1" });
    expect(byId.status).toBe(200);
    const byIdText = await byId.text();
    expect(byIdText).not.toContain(bayo.user.email);
    expect(JSON.parse(byIdText).transaction.metadata).toMatchObject({ senderName: "Ada Obi", recipientName: "Bayo Lawal" });
    const byEmail = await api(ada, "POST", "/api/transfer/p2p", { recipientEmail: bayo.user.email, amount: 0.02 });
    expect(byEmail.status).toBe(200);
    expect(((await byEmail.json()) as { transaction: { metadata: Record<string, unknown> } }).transaction.metadata).toEqual({ senderName: "Ada Obi", recipientName: "Bayo Lawal", fee: 0 });

    const adaHistory = await (await api(ada, "GET", "/api/transactions")).text();
    const bayoHistory = await (await api(bayo, "GET", "/api/transactions")).text();
    expect(adaHistory).toContain("Bayo Lawal");
    expect(adaHistory).not.toContain(bayo.user.email);
    expect(bayoHistory).toContain("Transfer from Ada Obi");
    expect(bayoHistory).not.toContain(ada.user.email);
    const [stored] = await t.client`select count(*)::int as n from transactions where metadata::text like '%@%'`;
    expect(stored!.n).toBe(0);
  });

  it("ticket replies show staff as 'Staff' with no e-mail to the user; admins still see who answered", async () => {
    const user = await signUp(server.base, "Chidi Okeke");
    const admin = await signUp(server.base, "Agent Smith");
    await promoteToAdmin(t.db, admin.user.id);
    const ticket = (await (await api(user, "POST", "/api/support-tickets", { subject: "Card declined", message: "My card was declined twice today." })).json()) as { id: number };
    expect((await api(admin, "POST", `/api/support-tickets/${ticket.id}/replies`, { message: "We are looking into it." })).status).toBe(201);
    expect((await api(user, "POST", `/api/support-tickets/${ticket.id}/replies`, { message: "Thank you." })).status).toBe(201);

    const seen = await api(user, "GET", `/api/support-tickets/${ticket.id}`);
    const seenText = await seen.text();
    expect(seenText).not.toContain(admin.user.email);
    expect(seenText).not.toContain("Agent Smith");
    const replies = (JSON.parse(seenText) as { replies: { userName: string; userEmail: string | null; userRole: string }[] }).replies;
    expect(replies.map((r) => [r.userName, r.userEmail, r.userRole])).toEqual([
      ["Staff", null, "admin"],
      ["Chidi Okeke", user.user.email, "user"],
    ]);
    const staffView = (await (await api(admin, "GET", `/api/support-tickets/${ticket.id}`)).json()) as { replies: { userName: string }[] };
    expect(staffView.replies[0]!.userName).toBe("Agent Smith");
  });
});
