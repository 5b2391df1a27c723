// The /api/support-tickets paths of docs/product.md#support through the real server (inject):
// shapes, statuses and the error bodies the spec's client reads.
import { promoteToAdmin } from "@kolo/db/testing";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { registerOverHttp, useTestApp } from "./helpers";

const { t, app, call } = useTestApp();
const json = <T = Record<string, unknown>>(response: LightMyRequestResponse) => response.json<T>();

async function admin() {
  const c = await registerOverHttp(app, { name: "Ada Staff" });
  await promoteToAdmin(t.db, c.user.id);
  return c;
}

describe("/api/support-tickets", () => {
  it("a ticket's life: create (201, open, normal), me, detail {ticket, replies}, staff reply, status, closed refuses replies", async () => {
    const user = await registerOverHttp(app, { name: "Tunde Bello" });
    const staff = await admin();
    const created = await call(user, "POST", "/api/support-tickets", {
      subject: "Withdrawal missing",
      message: "I withdrew ₦5,000 yesterday and it has not arrived.",
    });
    expect(created.statusCode).toBe(201);
    const ticket = json<{ id: number; status: string; priority: string; userName: string; userEmail: string; createdAt: string; updatedAt: string }>(created);
    expect(ticket).toMatchObject({ status: "open", priority: "normal", userName: "Tunde Bello", userEmail: user.user.email, subject: "Withdrawal missing" });
    expect(typeof ticket.createdAt).toBe("string");

    const mine = await call(user, "GET", "/api/support-tickets/me");
    expect(mine.statusCode).toBe(200);
    expect(json<unknown[]>(mine)).toEqual([ticket]);

    const reply = await call(staff, "POST", `/api/support-tickets/${ticket.id}/replies`, { message: "We have escalated this." });
    expect(reply.statusCode).toBe(201);
    expect(json(reply)).toMatchObject({ ticketId: ticket.id, userRole: "admin", userName: "Ada Staff", message: "We have escalated this." });

    const detail = await call(user, "GET", `/api/support-tickets/${ticket.id}`);
    expect(detail.statusCode).toBe(200);
    const body = json<{ ticket: { id: number; updatedAt: string }; replies: { userRole: string }[] }>(detail);
    expect(body.ticket.id).toBe(ticket.id);
    expect(body.replies.map((r) => r.userRole)).toEqual(["admin"]);

    const status = await call(staff, "PATCH", `/api/support-tickets/${ticket.id}/status`, { status: "closed" });
    expect(status.statusCode).toBe(200);
    expect(json<{ status: string; updatedAt: string }>(status).status).toBe("closed");
    expect(new Date(json<{ updatedAt: string }>(status).updatedAt).getTime()).toBeGreaterThan(new Date(ticket.updatedAt).getTime());

    const refused = await call(user, "POST", `/api/support-tickets/${ticket.id}/replies`, { message: "Any news?" });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toEqual({ code: "RULE_VIOLATION", message: "Ticket is closed", details: null });
  });

  it("answers 400 with the spec's field messages, 404 for another user's ticket, 403 for a user changing a status, 401 signed out", async () => {
    const user = await registerOverHttp(app);
    const other = await registerOverHttp(app);
    const short = await call(user, "POST", "/api/support-tickets", { subject: "Hi", message: "short" });
    expect(short.statusCode).toBe(400);
    expect(json(short)).toMatchObject({
      code: "VALIDATION",
      message: "Subject must be at least 5 characters",
      details: { subject: ["Subject must be at least 5 characters"], message: ["Message must be at least 10 characters"] },
    });
    const ticket = json<{ id: number }>(
      await call(user, "POST", "/api/support-tickets", { subject: "Login trouble", message: "I cannot sign in on my phone.", priority: "high" }),
    );
    expect((await call(other, "GET", `/api/support-tickets/${ticket.id}`)).statusCode).toBe(404);
    expect((await call(other, "POST", `/api/support-tickets/${ticket.id}/replies`, { message: "hello there" })).statusCode).toBe(404);
    expect((await call(user, "GET", "/api/support-tickets/not-a-number")).statusCode).toBe(400);
    const patch = await call(user, "PATCH", `/api/support-tickets/${ticket.id}/status`, { status: "resolved" });
    expect(patch.statusCode).toBe(403);
    expect(json(patch)).toMatchObject({ code: "FORBIDDEN", message: "Admin access required" });
    expect((await call(null, "GET", "/api/support-tickets/me")).statusCode).toBe(401);
    expect((await call(user, "POST", `/api/support-tickets/${ticket.id}/replies`, { message: "   " })).statusCode).toBe(400);
  });

  it("GET /api/support-tickets: every ticket for admins, only their own for anyone else", async () => {
    const a = await registerOverHttp(app);
    const b = await registerOverHttp(app);
    const staff = await admin();
    const ta = json<{ id: number }>(await call(a, "POST", "/api/support-tickets", { subject: "Ticket of A", message: "Something about A here." }));
    const tb = json<{ id: number }>(
      await call(b, "POST", "/api/support-tickets", { subject: "Ticket of B", message: "Something about B here.", priority: "urgent" }),
    );
    const ids = (r: LightMyRequestResponse) => json<{ id: number }[]>(r).map((x) => x.id);
    expect(ids(await call(a, "GET", "/api/support-tickets"))).toEqual([ta.id]);
    const all = ids(await call(staff, "GET", "/api/support-tickets"));
    expect(all).toEqual(expect.arrayContaining([ta.id, tb.id]));
    // Same status (open): urgent first.
    expect(all.indexOf(tb.id)).toBeLessThan(all.indexOf(ta.id));
  });
});
