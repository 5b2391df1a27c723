// A second admin for every privileged act (docs/admin-security.md "Approvals"): large and split
// adjustments, money settings, admin grants, large review credits and forced moves wait in one
// queue; nobody approves their own request, a request about themselves, or anything in their first
// 24 hours as an admin. Real server, Paystack sandbox, real PostgreSQL.
import { insertTransaction, openReviewItem } from "@kolo/db";
import { promoteToAdmin } from "@kolo/db/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { type Client, api, balanceOf, signUp, useTestServer } from "./helpers";

const { t, server, admin: first } = useTestServer({ authRateLimit: { max: 10_000, windowMs: 60_000 }, admin: "First Admin" });
let second: Client;
let third: Client;
beforeAll(async () => {
  second = await signUp(server.base, "Second Admin");
  third = await signUp(server.base, "Third Admin");
  for (const admin of [second, third]) await promoteToAdmin(t.db, admin.user.id);
});

interface Pending {
  pending: true;
  approvalId: number;
}
interface ApprovalItem {
  id: number;
  kind: string;
  summary: string;
  amount: number | null;
  subjectUserId: number | null;
  requestedBy: number;
  status: string;
  decidedBy: number | null;
  note: string | null;
}

const credit = (admin: Client, user: Client, amount: number) =>
  api(admin, "POST", `/api/admin/users/${user.user.id}/wallet`, { amount, type: "credit", description: "refund" });
const decide = (admin: Client, id: number, decision: "approve" | "reject", note?: string) =>
  api(admin, "POST", `/api/admin/approvals/${id}/${decision}`, note === undefined ? {} : { note });
const threshold = async () => ((await (await api(first, "GET", "/api/admin/adjustments")).json()) as { threshold: number }).threshold;
async function pendingOf(response: Response): Promise<Pending> {
  expect(response.status).toBe(202);
  const body = (await response.json()) as Pending;
  expect(body).toMatchObject({ pending: true, approvalId: expect.any(Number) });
  return body;
}
async function refusal(response: Response) {
  return [response.status, ((await response.json()) as { message: string }).message];
}
async function approval(id: number): Promise<ApprovalItem> {
  for (const status of ["pending", "approved", "rejected"]) {
    const list = (await (await api(first, "GET", `/api/admin/approvals?status=${status}&limit=100`)).json()) as { items: ApprovalItem[]; total: number };
    const found = list.items.find((item) => item.id === id);
    if (found) return found;
  }
  throw new Error(`approval ${id} not listed`);
}

describe("adjustments add up per admin and user over 24 hours", () => {
  it("₦60,000 then ₦60,000 to one user by one admin: the second waits; another admin's credit counts apart", async () => {
    const user = await signUp(server.base, "Split Credit");
    expect((await credit(first, user, 60_000)).status).toBe(200);
    const waiting = await pendingOf(await credit(first, user, 60_000));
    expect(await balanceOf(user)).toBe(60_000);
    expect(await approval(waiting.approvalId)).toMatchObject({ kind: "adjustment", amount: 60_000, subjectUserId: user.user.id, requestedBy: first.user.id });
    expect((await credit(second, user, 60_000)).status).toBe(200);
    expect(await balanceOf(user)).toBe(120_000);

    // Approved, it moves once, and counts as approved money: not against the requester's next credit's window.
    expect((await decide(second, waiting.approvalId, "approve", "checked the refund")).status).toBe(200);
    expect(await balanceOf(user)).toBe(180_000);
    expect(await approval(waiting.approvalId)).toMatchObject({ status: "approved", decidedBy: second.user.id, note: "checked the refund" });
  });

  it("two halves sent at once cannot both slip under the threshold", async () => {
    const user = await signUp(server.base, "Concurrent Halves");
    const answers = await Promise.all([credit(first, user, 60_000), credit(first, user, 60_000)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 202]);
    expect(await balanceOf(user)).toBe(60_000);
  });
});

describe("who may decide", () => {
  it("the requester cannot approve their own request, on either path; the DB refuses it too", async () => {
    const user = await signUp(server.base, "Own Approval");
    const waiting = await pendingOf(await credit(first, user, 150_000));
    expect(await refusal(await decide(first, waiting.approvalId, "approve"))).toEqual([403, "Another admin must approve or reject this adjustment"]);
    expect((await api(first, "POST", `/api/admin/adjustments/${waiting.approvalId}/approve`)).status).toBe(403);
    await expect(t.client`update admin_approvals set status = 'approved', decided_by = created_by where id = ${waiting.approvalId}`).rejects.toThrow(
      /admin_approvals_four_eyes/,
    );
    expect(await balanceOf(user)).toBe(0);
    // The adjustments' own path decides the same record.
    expect((await api(second, "POST", `/api/admin/adjustments/${waiting.approvalId}/reject`)).status).toBe(200);
    expect(await approval(waiting.approvalId)).toMatchObject({ status: "rejected", decidedBy: second.user.id });
    expect((await decide(third, waiting.approvalId, "approve")).status).toBe(409);
    expect(await balanceOf(user)).toBe(0);
  });

  it("no admin approves a credit to their own wallet", async () => {
    const waiting = await pendingOf(await credit(first, second, 150_000));
    expect(await refusal(await decide(second, waiting.approvalId, "approve"))).toEqual([
      403,
      "An admin cannot decide a request that concerns their own account",
    ]);
    expect(await balanceOf(second)).toBe(0);
    expect((await decide(third, waiting.approvalId, "approve")).status).toBe(200);
    expect(await balanceOf(second)).toBe(150_000);
    const audit = await t.client`select admin_id, action, after from admin_audit where subject = ${`adjustment:${waiting.approvalId}`} order by id`;
    expect(audit.map((row) => [row.admin_id, row.action, (row.after as { createdBy?: number }).createdBy ?? null])).toEqual([
      [first.user.id, "adjustment_request", null],
      [third.user.id, "adjustment_approve", first.user.id],
    ]);
    const [moved] = await t.client`select admin_id, after from admin_audit where action = 'wallet_credit' and user_id = ${second.user.id}`;
    expect([moved!.admin_id, (moved!.after as { approvedBy: number }).approvedBy]).toEqual([first.user.id, third.user.id]);
  });

  it("granting the admin role waits; the new admin cannot approve their own grant nor anything for 24 hours", async () => {
    const candidate = await signUp(server.base, "Candidate Admin");
    const waiting = await pendingOf(await api(first, "PATCH", `/api/admin/users/${candidate.user.id}/role`, { role: "admin" }));
    const [row] = await t.client`select role from users where id = ${candidate.user.id}`;
    expect(row!.role).toBe("personal");
    expect(await approval(waiting.approvalId)).toMatchObject({ kind: "role", amount: null, subjectUserId: candidate.user.id });
    // The subject is not an admin yet: refused by the console itself; the DB refuses the subject too.
    expect((await decide(candidate, waiting.approvalId, "approve")).status).toBe(403);
    await expect(t.client`update admin_approvals set status = 'approved', decided_by = ${candidate.user.id} where id = ${waiting.approvalId}`).rejects.toThrow(
      /admin_approvals_not_subject/,
    );
    expect(await refusal(await decide(first, waiting.approvalId, "approve"))).toEqual([403, "Another admin must approve or reject this request"]);

    expect((await decide(second, waiting.approvalId, "approve")).status).toBe(200);
    const [granted] = await t.client`select role, role_granted_at from users where id = ${candidate.user.id}`;
    expect(granted!.role).toBe("admin");
    expect(granted!.role_granted_at).not.toBeNull();
    const audit = await t.client`select admin_id, after from admin_audit where action = 'user_role' and user_id = ${candidate.user.id}`;
    expect(audit.map((a) => [a.admin_id, (a.after as { requestedBy: number }).requestedBy])).toEqual([[second.user.id, first.user.id]]);

    // Enrolled and signed in (test helper), the new admin still approves nothing for 24 hours.
    await promoteToAdmin(t.db, candidate.user.id);
    const user = await signUp(server.base, "Credited By Newcomer");
    const big = await pendingOf(await credit(first, user, 200_000));
    expect(await refusal(await decide(candidate, big.approvalId, "approve"))).toEqual([
      403,
      "An admin of less than 24 hours cannot approve or reject requests",
    ]);
    expect(await balanceOf(user)).toBe(0);
    await t.client`update users set role_granted_at = now() - interval '25 hours' where id = ${candidate.user.id}`;
    expect((await decide(candidate, big.approvalId, "approve")).status).toBe(200);
    expect(await balanceOf(user)).toBe(200_000);
  });
});

describe("money settings wait", () => {
  it("raising the threshold answers 202 and the old value holds until another admin approves", async () => {
    const user = await signUp(server.base, "Threshold Raise");
    const waiting = await pendingOf(await api(first, "PATCH", "/api/admin/settings/adjustment_approval_threshold", { value: 10_000_000 }));
    expect(await threshold()).toBe(100_000);
    expect(await approval(waiting.approvalId)).toMatchObject({ kind: "setting", amount: null, subjectUserId: null, status: "pending" });
    // Still ₦100,000: a ₦500,000 credit waits.
    await pendingOf(await credit(first, user, 500_000));
    expect(await balanceOf(user)).toBe(0);
    expect((await decide(first, waiting.approvalId, "approve")).status).toBe(403);
    expect((await decide(second, waiting.approvalId, "reject", "no reason to raise it")).status).toBe(200);
    expect(await threshold()).toBe(100_000);

    const lower = await pendingOf(await api(first, "PATCH", "/api/admin/settings/adjustment_approval_threshold", { value: 50_000 }));
    expect((await decide(second, lower.approvalId, "approve")).status).toBe(200);
    expect(await threshold()).toBe(50_000);
    const audit = await t.client`select admin_id, after from admin_audit where action = 'setting' and subject = 'setting:adjustment_approval_threshold'`;
    expect(audit.map((a) => [a.admin_id, (a.after as { valueKobo: number }).valueKobo, (a.after as { requestedBy: number }).requestedBy])).toEqual([
      [second.user.id, 5_000_000, first.user.id],
    ]);
    // The audit trail answers it in naira under `value`.
    const trail = await api(second, "GET", "/api/admin/audit?action=setting");
    expect(((await trail.json()) as { entries: { subject: string; after: Record<string, unknown> }[] }).entries).toContainEqual(
      expect.objectContaining({
        subject: "setting:adjustment_approval_threshold",
        after: expect.objectContaining({ value: 50_000, requestedBy: first.user.id }),
      }),
    );
    const back = await pendingOf(await api(second, "PATCH", "/api/admin/settings/adjustment_approval_threshold", { value: 100_000 }));
    expect((await decide(third, back.approvalId, "approve")).status).toBe(200);
    expect(await threshold()).toBe(100_000);
  });
});

describe("review credits and forced moves at or above the threshold wait", () => {
  it("a review credit of ₦150,000 waits; approved, it is carried out as resolveReview would (refused by the provider here: it stays pending)", async () => {
    const user = await signUp(server.base, "Review Credit");
    const reference = `KOLO-TOP-APPROVAL-${Date.now()}`;
    const item = await openReviewItem(t.db, {
      key: `unmatched:${reference}`,
      kind: "topup",
      cause: "unmatched",
      reference,
      userId: user.user.id,
      amountKobo: 15_000_000n,
      reason: "A payment no top-up matches",
    });
    const waiting = await pendingOf(await api(first, "POST", `/api/admin/reviews/${item!.id}/resolve`, { action: "credit", note: "customer paid" }));
    expect(await approval(waiting.approvalId)).toMatchObject({ kind: "review_credit", amount: 150_000, subjectUserId: user.user.id });
    const [open] = await t.client`select status from review_items where id = ${item!.id}`;
    expect(open!.status).toBe("open");
    expect(await balanceOf(user)).toBe(0);
    // The gateway has no such payment: the approval's act is refused and nothing is decided.
    expect((await decide(second, waiting.approvalId, "approve")).status).toBe(409);
    expect(await approval(waiting.approvalId)).toMatchObject({ status: "pending" });
    expect(await balanceOf(user)).toBe(0);
    // Below the threshold and other actions are as before: a dismissal is made at once.
    const dismissed = await api(first, "POST", `/api/admin/reviews/${item!.id}/resolve`, { action: "dismiss", note: "duplicate" });
    expect(dismissed.status).toBe(200);
  });

  it("a forced Fail of a ₦200,000 payout waits for another admin", async () => {
    const user = await signUp(server.base, "Forced Payout");
    const record = await insertTransaction(t.db, {
      type: "transfer",
      amount: 20_000_000n,
      status: "processing",
      reference: `KOLO-PAY-APPROVAL-${Date.now()}`,
      description: "Bank transfer",
      senderId: user.user.id,
      metadata: { channel: "bank_transfer", bankName: "Test Bank", accountNumber: "0123456789", accountName: "Forced Payout", feeKobo: 1_000 },
    });
    const waiting = await pendingOf(
      await api(first, "POST", "/api/admin/transactions/update-status", {
        id: record.id,
        status: "failed",
        force: true,
        reason: "the bank says it never arrived",
      }),
    );
    expect(await approval(waiting.approvalId)).toMatchObject({ kind: "forced_move", amount: 200_000, subjectUserId: user.user.id });
    const [still] = await t.client`select status from transactions where id = ${record.id}`;
    expect(still!.status).toBe("processing");
    expect((await decide(first, waiting.approvalId, "approve")).status).toBe(403);
  });
});

describe("the queue", () => {
  it("lists every kind with amounts in naira (null where none), paged", async () => {
    const page = (await (await api(second, "GET", "/api/admin/approvals?status=pending&page=1&limit=2")).json()) as { items: ApprovalItem[]; total: number };
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(3);
    const all = (await (await api(second, "GET", "/api/admin/approvals?limit=100")).json()) as { items: ApprovalItem[] };
    expect(new Set(all.items.map((i) => i.kind))).toEqual(new Set(["adjustment", "review_credit", "forced_move"]));
    expect((await api(second, "GET", "/api/admin/approvals?status=maybe")).status).toBe(400);
    expect((await decide(second, 2_147_483_647, "approve")).status).toBe(404);
  });
});
