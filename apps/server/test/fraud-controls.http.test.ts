// The fraud controls an admin edits (docs/product.md "Fraud controls": thresholds are settings):
// GET/PATCH /api/admin/settings/fraud. A change waits for a second admin like every money setting
// (docs/admin-security.md "Approvals"); values are checked (whole numbers, ranges, whole naira) and
// a refused one changes nothing; the approved change is audited with the values before and after
// and holds from the next payment. Real server, real PostgreSQL (cap 0 and monitoring off in the harness).
import { schema } from "@kolo/db";
import { promoteToAdmin } from "@kolo/db/testing";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, api, call, signUp, useTestServer } from "./helpers";

const files = useTestServer({ admin: "Controls Admin", authRateLimit: { max: 10_000, windowMs: 60_000 } });
const { t, server, admin: first } = files;
let second: Client;
beforeAll(async () => {
  second = await signUp(server.base, "Controls Second Admin");
  await promoteToAdmin(t.db, second.user.id);
});

interface Controls {
  enabled: boolean;
  newDeviceBalancePercent: number;
  newDeviceHours: number;
  newRecipientsPerHour: number;
  medianMultiple: number;
  medianFloor: number;
  resetWindowMinutes: number;
  newDeviceCap: number;
  pending: { approvalId: number; summary: string; requestedBy: number }[];
}

const controls = async () => (await call<Controls>(first, "GET", "/api/admin/settings/fraud")).body;
const change = (admin: Client, body: unknown) =>
  call<{ message: string; pending?: true; approvalId?: number }>(admin, "PATCH", "/api/admin/settings/fraud", body);
const decide = (admin: Client, id: number, decision: "approve" | "reject") => api(admin, "POST", `/api/admin/approvals/${id}/${decision}`, {});
const settingApprovals = () => t.client`select id from admin_approvals where kind = 'setting'`;

describe("GET /api/admin/settings/fraud", () => {
  it("answers the values in force, naira for the floor and the cap; defaults where no row was written", async () => {
    expect(await controls()).toEqual({
      enabled: false,
      newDeviceBalancePercent: 50,
      newDeviceHours: 24,
      newRecipientsPerHour: 5,
      medianMultiple: 5,
      medianFloor: 50_000,
      resetWindowMinutes: 10,
      newDeviceCap: 0,
      pending: [],
    });
  });
});

describe("PATCH /api/admin/settings/fraud refuses a bad value, and nothing changes", () => {
  it.each([
    [{}, "Nothing to change"],
    [{ newRecipientsPerHour: 2.5 }, "New recipients per hour must be a whole number from 0 to 100"],
    [{ newRecipientsPerHour: "3" }, "New recipients per hour must be a whole number from 0 to 100"],
    [{ newDeviceBalancePercent: 101 }, "The new device share must be a whole number from 0 to 100"],
    [{ newDeviceHours: -1 }, "The new device hours must be a whole number from 0 to 168"],
    [{ resetWindowMinutes: 1_441 }, "The minutes after a reset must be a whole number from 0 to 1440"],
    [{ newDeviceCap: 20_000.5 }, "The first-day cap must be whole naira from ₦0 to ₦1,000,000"],
    [{ newDeviceCap: 1_000_001 }, "The first-day cap must be whole naira from ₦0 to ₦1,000,000"],
    [{ medianFloor: -1 }, "The median floor must be whole naira from ₦0 to ₦10,000,000"],
    [{ enabled: "yes" }, "Fraud monitoring must be true or false"],
    // Every field already at its value: nothing to ask a second admin.
    [{ newRecipientsPerHour: 5, newDeviceCap: 0 }, "Nothing to change"],
  ])("%j: 400 %s", async (body, message) => {
    const before = await controls();
    const approvals = (await settingApprovals()).length;
    const answer = await change(first, body);
    expect([answer.status, answer.body.message]).toEqual([400, message]);
    expect(await controls()).toEqual(before);
    expect(await settingApprovals()).toHaveLength(approvals);
  });

  it("a user is refused 403 and a stranger 401", async () => {
    const user = await files.user("Controls User");
    expect((await change(user, { newDeviceCap: 5_000 })).status).toBe(403);
    const stranger = await fetch(`${server.base}/api/admin/settings/fraud`, { headers: { origin: server.base } });
    expect(stranger.status).toBe(401);
  });
});

describe("a change waits for a second admin", () => {
  it("the values in force hold until another admin approves; then they are audited and the cap bites", async () => {
    const asked = await change(first, { newDeviceCap: 10_000, newRecipientsPerHour: 3, medianFloor: 50_000 });
    expect([asked.status, asked.body.pending]).toEqual([202, true]);
    const approvalId = asked.body.approvalId!;
    const waiting = await controls();
    expect([waiting.newDeviceCap, waiting.newRecipientsPerHour]).toEqual([0, 5]);
    // The unchanged floor is left out of the request.
    expect(waiting.pending).toEqual([
      {
        approvalId,
        summary: "Fraud controls: New recipients allowed per hour 5 → 3; First-day cap ₦0.00 → ₦10,000.00",
        requestedBy: first.user.id,
        createdAt: expect.any(String),
      },
    ]);

    expect((await decide(first, approvalId, "approve")).status).toBe(403);
    expect((await decide(second, approvalId, "approve")).status).toBe(200);
    const after = await controls();
    expect([after.newDeviceCap, after.newRecipientsPerHour, after.medianFloor, after.pending]).toEqual([10_000, 3, 50_000, []]);

    const audit = await t.db.select().from(schema.adminAudit).where(eq(schema.adminAudit.subject, "setting:fraud_controls"));
    expect(audit.map((a) => [a.adminId, a.before, a.after])).toEqual([
      [
        second.user.id,
        { newDeviceCapKobo: 0, newRecipientsPerHour: 5 },
        { newDeviceCapKobo: 1_000_000, newRecipientsPerHour: 3, requestedBy: first.user.id, approvalId },
      ],
    ]);
    // The audit trail answers the cap in naira.
    const trail = await call<{ entries: { subject: string; before: unknown; after: unknown }[] }>(second, "GET", "/api/admin/audit?action=setting");
    expect(trail.body.entries).toContainEqual(
      expect.objectContaining({ subject: "setting:fraud_controls", before: { newDeviceCap: 0, newRecipientsPerHour: 5 } }),
    );

    // The first-day cap of ₦10,000 holds from the next payment: a new account cannot send ₦11,000.
    const payer = await files.user("Capped Payer", 30_000);
    const payee = await files.user("Capped Payee");
    const sent = await call<{ message: string }>(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount: 11_000 });
    expect([sent.status, sent.body.message]).toEqual([403, expect.stringMatching(/^New device limit: you can send up to ₦10,000 until /)]);

    // Back to the harness's values, rejected once and then approved.
    const back = await change(second, { newDeviceCap: 0, newRecipientsPerHour: 5 });
    expect((await decide(first, back.body.approvalId!, "reject")).status).toBe(200);
    expect((await controls()).newDeviceCap).toBe(10_000);
    const again = await change(second, { newDeviceCap: 0, newRecipientsPerHour: 5 });
    expect((await decide(first, again.body.approvalId!, "approve")).status).toBe(200);
    expect((await controls()).newDeviceCap).toBe(0);
  });

  it("monitoring switched on by approval screens the next payment", async () => {
    const asked = await change(first, { enabled: true });
    expect((await decide(second, asked.body.approvalId!, "approve")).status).toBe(200);
    expect((await controls()).enabled).toBe(true);
    const payer = await files.user("Screened Payer", 10_000);
    const sent = await call<{ message: string }>(payer, "POST", "/api/transfer/p2p", {
      recipientEmail: (await files.user("Screened Payee")).user.email,
      amount: 9_000,
    });
    expect([sent.status, sent.body.message]).toEqual([202, "Under review"]);
  });
});
