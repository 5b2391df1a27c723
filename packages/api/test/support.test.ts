// Support tickets through the router (a caller per user) on a real PostgreSQL:
// lengths, ownership, closed tickets, admin replies and status changes, the feature switch.
import { schema, setFeatureSetting } from "@kolo/db";
import { useTestDatabase } from "@kolo/db/testing";
import { sortTicketsForAdmin } from "@kolo/domain";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callerWith, expectTRPCError, registerUser } from "./helpers";

const { t } = useTestDatabase();

async function userCaller(role?: "admin" | "merchant" | "personal", name?: string) {
  const { user, jar } = await registerUser(t.db, { role, name });
  const { caller } = await callerWith(t.db, jar);
  return { user, caller };
}

const VALID = { subject: "Card top-up failed", message: "My card was charged but my wallet shows nothing." };

describe("supportTickets.create", () => {
  it("stores an open ticket with priority normal by default, trimmed, with the author's name and e-mail", async () => {
    const { user, caller } = await userCaller(undefined, "Bola Ade");
    const ticket = await caller.supportTickets.create({ subject: "  Card top-up failed  ", message: VALID.message });
    expect(ticket).toMatchObject({
      userId: user.id,
      subject: "Card top-up failed",
      message: VALID.message,
      status: "open",
      priority: "normal",
      userName: "Bola Ade",
      userEmail: user.email,
    });
    expect(ticket.updatedAt.getTime()).toBe(ticket.createdAt.getTime());
    expect(await caller.supportTickets.mine()).toEqual([ticket]);
  });

  it("applies docs/product.md#support: subject 5-100 characters, message at least 10, a known priority; nothing stored on refusal", async () => {
    const { user, caller } = await userCaller();
    await expectTRPCError(caller.supportTickets.create({ ...VALID, subject: "Help" }), "BAD_REQUEST", "Subject must be at least 5 characters");
    await expectTRPCError(caller.supportTickets.create({ ...VALID, subject: "   Hi   " }), "BAD_REQUEST", "Subject must be at least 5 characters");
    await expectTRPCError(caller.supportTickets.create({ ...VALID, subject: "x".repeat(101) }), "BAD_REQUEST", "Subject must be at most 100 characters");
    await expectTRPCError(caller.supportTickets.create({ ...VALID, message: "too short" }), "BAD_REQUEST", "Message must be at least 10 characters");
    await expectTRPCError(caller.supportTickets.create({ ...VALID, priority: "critical" as never }), "BAD_REQUEST");
    expect(await t.db.$count(schema.supportTickets, eq(schema.supportTickets.userId, user.id))).toBe(0);
    // The bounds themselves pass; a message may span lines.
    await caller.supportTickets.create({ subject: "x".repeat(5), message: "0123456789" });
    await caller.supportTickets.create({ subject: "y".repeat(100), message: "line one\nline two", priority: "urgent" });
    expect(await t.db.$count(schema.supportTickets, eq(schema.supportTickets.userId, user.id))).toBe(2);
  });
});

describe("ownership", () => {
  it("a user sees and answers only their own tickets: another's is NOT_FOUND like a missing one", async () => {
    const owner = await userCaller();
    const other = await userCaller();
    const ticket = await owner.caller.supportTickets.create(VALID);
    await expectTRPCError(other.caller.supportTickets.byId({ id: ticket.id }), "NOT_FOUND", "Ticket not found");
    await expectTRPCError(other.caller.supportTickets.byId({ id: 2_000_000_000 }), "NOT_FOUND", "Ticket not found");
    await expectTRPCError(other.caller.supportTickets.reply({ id: ticket.id, message: "Let me in" }), "NOT_FOUND", "Ticket not found");
    expect(await other.caller.supportTickets.mine()).toEqual([]);
    expect(await other.caller.supportTickets.list()).toEqual([]);
    expect((await owner.caller.supportTickets.list()).map((x) => x.id)).toEqual([ticket.id]);
    expect(await t.db.$count(schema.ticketReplies, eq(schema.ticketReplies.ticketId, ticket.id))).toBe(0);
  });

  it("admins see every ticket, in the queue's order (status, then priority, then oldest first)", async () => {
    const admin = await userCaller("admin");
    const a = await userCaller();
    const b = await userCaller();
    const low = await a.caller.supportTickets.create({ ...VALID, priority: "low" });
    const urgent = await b.caller.supportTickets.create({ ...VALID, priority: "urgent" });
    const closedUrgent = await a.caller.supportTickets.create({ ...VALID, priority: "urgent" });
    const progressNormal = await b.caller.supportTickets.create({ ...VALID, priority: "normal" });
    await admin.caller.supportTickets.setStatus({ id: closedUrgent.id, status: "closed" });
    await admin.caller.supportTickets.setStatus({ id: progressNormal.id, status: "in-progress" });
    const all = await admin.caller.supportTickets.list();
    const ours = all.filter((x) => [low.id, urgent.id, closedUrgent.id, progressNormal.id].includes(x.id)).map((x) => x.id);
    expect(ours).toEqual([urgent.id, low.id, progressNormal.id, closedUrgent.id]);
    // The server's order is the domain's order.
    expect(sortTicketsForAdmin(all).map((x) => x.id)).toEqual(all.map((x) => x.id));
    expect((await admin.caller.supportTickets.byId({ id: low.id })).ticket.userEmail).toBe(a.user.email);
  });
});

describe("replies and status", () => {
  it("an admin's reply carries userRole 'admin', the owner's 'user'; replies come oldest first and move updatedAt", async () => {
    const owner = await userCaller(undefined, "Kemi Owner");
    const admin = await userCaller("admin", "Ada Staff");
    const ticket = await owner.caller.supportTickets.create(VALID);
    const staffReply = await admin.caller.supportTickets.reply({ id: ticket.id, message: "  We are looking into it.  " });
    expect(staffReply).toMatchObject({
      ticketId: ticket.id,
      userId: admin.user.id,
      userRole: "admin",
      userName: "Ada Staff",
      message: "We are looking into it.",
    });
    await owner.caller.supportTickets.reply({ id: ticket.id, message: "Thank you" });
    const detail = await owner.caller.supportTickets.byId({ id: ticket.id });
    expect(detail.replies.map((r) => [r.userRole, r.userName, r.message])).toEqual([
      ["admin", "Staff", "We are looking into it."],
      ["user", "Kemi Owner", "Thank you"],
    ]);
    expect(detail.ticket.updatedAt.getTime()).toBeGreaterThan(ticket.updatedAt.getTime());
  });

  it("refuses a blank reply", async () => {
    const owner = await userCaller();
    const ticket = await owner.caller.supportTickets.create(VALID);
    await expectTRPCError(owner.caller.supportTickets.reply({ id: ticket.id, message: " \n\t " }), "BAD_REQUEST", "Reply cannot be empty");
  });

  it("only admins change the status, to any of the four from any state, and each change moves updatedAt", async () => {
    const owner = await userCaller();
    const admin = await userCaller("admin");
    const merchant = await userCaller("merchant");
    const ticket = await owner.caller.supportTickets.create(VALID);
    await expectTRPCError(owner.caller.supportTickets.setStatus({ id: ticket.id, status: "resolved" }), "FORBIDDEN", "Admin access required");
    await expectTRPCError(merchant.caller.supportTickets.setStatus({ id: ticket.id, status: "resolved" }), "FORBIDDEN", "Admin access required");
    let last = ticket.updatedAt.getTime();
    for (const status of ["closed", "open", "resolved", "in-progress", "open"] as const) {
      const updated = await admin.caller.supportTickets.setStatus({ id: ticket.id, status });
      expect(updated.status).toBe(status);
      expect(updated.updatedAt.getTime()).toBeGreaterThanOrEqual(last);
      last = updated.updatedAt.getTime();
    }
    expect(last).toBeGreaterThan(ticket.updatedAt.getTime());
    await expectTRPCError(admin.caller.supportTickets.setStatus({ id: 2_000_000_000, status: "open" }), "NOT_FOUND");
    await expectTRPCError(admin.caller.supportTickets.setStatus({ id: ticket.id, status: "pending" as never }), "BAD_REQUEST");
  });

  it("a closed ticket refuses replies from anyone with 'Ticket is closed'; reopened, it accepts them again", async () => {
    const owner = await userCaller();
    const admin = await userCaller("admin");
    const ticket = await owner.caller.supportTickets.create(VALID);
    await admin.caller.supportTickets.setStatus({ id: ticket.id, status: "closed" });
    await expectTRPCError(owner.caller.supportTickets.reply({ id: ticket.id, message: "Still broken" }), "BAD_REQUEST", "Ticket is closed");
    await expectTRPCError(admin.caller.supportTickets.reply({ id: ticket.id, message: "One more thing" }), "BAD_REQUEST", "Ticket is closed");
    expect(await t.db.$count(schema.ticketReplies, eq(schema.ticketReplies.ticketId, ticket.id))).toBe(0);
    await admin.caller.supportTickets.setStatus({ id: ticket.id, status: "open" });
    await owner.caller.supportTickets.reply({ id: ticket.id, message: "Still broken" });
    expect(await t.db.$count(schema.ticketReplies, eq(schema.ticketReplies.ticketId, ticket.id))).toBe(1);
  });

  it("a reply racing a close either lands before it or is refused: never a reply after the close", async () => {
    const admin = await userCaller("admin");
    for (let round = 0; round < 10; round++) {
      // A new owner each round: one user may open 5 tickets an hour (USER_LIMITS).
      const owner = await userCaller();
      const ticket = await owner.caller.supportTickets.create(VALID);
      const [reply, close] = await Promise.allSettled([
        owner.caller.supportTickets.reply({ id: ticket.id, message: "Racing reply" }),
        admin.caller.supportTickets.setStatus({ id: ticket.id, status: "closed" }),
      ]);
      expect(close.status).toBe("fulfilled");
      const closedAt = close.status === "fulfilled" ? close.value.updatedAt.getTime() : 0;
      const replies = await t.db.select().from(schema.ticketReplies).where(eq(schema.ticketReplies.ticketId, ticket.id));
      if (reply.status === "fulfilled") {
        expect(replies).toHaveLength(1);
        expect(replies[0]!.createdAt.getTime()).toBeLessThanOrEqual(closedAt);
      } else {
        expect((reply.reason as Error).message).toBe("Ticket is closed");
        expect(replies).toHaveLength(0);
      }
    }
  });
});

describe("feature_support_tickets", () => {
  it("off: every ticket call of a non-admin is FORBIDDEN 'Feature disabled by administrator'; admins pass", async () => {
    const owner = await userCaller();
    const admin = await userCaller("admin");
    const ticket = await owner.caller.supportTickets.create(VALID);
    await setFeatureSetting(t.db, "feature_support_tickets", false);
    try {
      const message = "Feature disabled by administrator";
      await expectTRPCError(owner.caller.supportTickets.mine(), "FORBIDDEN", message);
      await expectTRPCError(owner.caller.supportTickets.list(), "FORBIDDEN", message);
      await expectTRPCError(owner.caller.supportTickets.create(VALID), "FORBIDDEN", message);
      await expectTRPCError(owner.caller.supportTickets.byId({ id: ticket.id }), "FORBIDDEN", message);
      await expectTRPCError(owner.caller.supportTickets.reply({ id: ticket.id, message: "Hello there" }), "FORBIDDEN", message);
      expect((await admin.caller.supportTickets.byId({ id: ticket.id })).ticket.id).toBe(ticket.id);
      await admin.caller.supportTickets.reply({ id: ticket.id, message: "Admins are exempt" });
      await admin.caller.supportTickets.create(VALID);
    } finally {
      await setFeatureSetting(t.db, "feature_support_tickets", true);
    }
    expect((await owner.caller.supportTickets.byId({ id: ticket.id })).replies).toHaveLength(1);
  });

  it("needs a session", async () => {
    const { caller } = await callerWith(t.db);
    await expectTRPCError(caller.supportTickets.mine(), "UNAUTHORIZED", "Not authenticated");
    await expectTRPCError(caller.supportTickets.create(VALID), "UNAUTHORIZED", "Not authenticated");
  });
});
