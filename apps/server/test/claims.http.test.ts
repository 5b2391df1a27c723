// Fraud claims (docs/product.md "Fraud claims"): a user reports their own money out less than 72
// hours old (a controllable clock sets the boundary), the claim is a fraud ticket acknowledged at
// once with its deadlines; an admin holds up to the claimed amount on the recipient's Kolo wallet and
// refunds the claimant from it or releases it, the second admin deciding at or above the threshold.
// Through the REST adapter, on a real PostgreSQL.
import { schema, setAdjustmentApprovalThresholdKobo, verifyLedger } from "@kolo/db";
import { LEDGER_CONSISTENT, ledgerInvariants, promoteToAdmin } from "@kolo/db/testing";
import { CLAIM_MESSAGES, CLAIM_WINDOW_MS, claimDeadlines } from "@kolo/domain";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Client, balanceOf, call, signUp, useTestServer } from "./helpers";

let clock: Date | null = null;
const files = useTestServer({ admin: "Claims Admin", authRateLimit: { max: 10_000, windowMs: 60_000 }, services: { now: () => clock ?? new Date() } });
afterEach(() => {
  clock = null;
});
let second: Client;
beforeAll(async () => {
  second = await signUp(files.server.base, "Second Claims Admin");
  await promoteToAdmin(files.t.db, second.user.id);
});

interface ClaimBody {
  id: number;
  ticketId: number;
  reference: string;
  reason: string;
  details: string;
  amount: number;
  status: string;
  lienAmount: number;
  ticketStatus: string;
  answerBy: string;
  decisionBy: string;
  createdAt: string;
}
interface Detail {
  claim: ClaimBody & { userId: number; recipientId: number | null };
  recipient: { id: number; balance: number; held: number } | null;
}

async function pay(payer: Client, payee: Client, amount: number): Promise<{ reference: string; createdAt: string }> {
  const sent = await call(payer, "POST", "/api/transfer/p2p", { recipientEmail: payee.user.email, amount });
  expect(sent.status).toBe(200);
  return sent.body.transaction as { reference: string; createdAt: string };
}
const report = (c: Client, reference: string, body: Record<string, unknown> = { reason: "tricked", details: "A caller said he was from my bank" }) =>
  call<ClaimBody & { message?: string }>(c, "POST", `/api/transactions/${reference}/claims`, body);
const heldOf = async (c: Client) => (await call<{ held: number }>(c, "GET", "/api/claims/held")).body.held;
const detailOf = async (id: number) => (await call<Detail>(files.admin, "GET", `/api/admin/claims/${id}`)).body;

/** A payer who sent `amount` to a payee, and the claim on it. */
async function claimed(amount: number, payeeKeeps = 0) {
  const payer = await files.user("Claim Payer", amount + 1_000);
  const payee = await files.user("Claim Payee", payeeKeeps);
  const sent = await pay(payer, payee, amount);
  const answer = await report(payer, sent.reference);
  expect(answer.status).toBe(201);
  return { payer, payee, claim: answer.body };
}

describe("reporting a problem", () => {
  it("opens a fraud ticket linked to the payment, acknowledged by a staff reply and an e-mail, with its deadlines; a repeat answers the same claim", async () => {
    const payer = await files.user("Reporter", 5_000);
    const payee = await files.user("Reported");
    const sent = await pay(payer, payee, 2_000);
    const answer = await report(payer, sent.reference, { reason: "not_me", details: "  I never sent this money  " });
    expect(answer.status).toBe(201);
    const claim = answer.body;
    expect(claim).toMatchObject({
      reference: sent.reference,
      reason: "not_me",
      details: "I never sent this money",
      amount: 2_000,
      status: "open",
      lienAmount: 0,
    });
    const deadlines = claimDeadlines(new Date(claim.createdAt));
    expect(new Date(claim.answerBy).getTime()).toBe(new Date(claim.createdAt).getTime() + 24 * 3_600_000);
    expect(claim.decisionBy).toBe(deadlines.decisionBy.toISOString());

    const [ticket] = await files.t.db.select().from(schema.supportTickets).where(eq(schema.supportTickets.id, claim.ticketId));
    expect(ticket).toMatchObject({ kind: "fraud", userId: payer.user.id, priority: "urgent", subject: `Fraud claim: ${sent.reference}` });
    const detail = await call<{ replies: { userName: string; userRole: string; message: string }[] }>(payer, "GET", `/api/support-tickets/${claim.ticketId}`);
    expect(detail.body.replies).toEqual([expect.objectContaining({ userName: "Staff", userRole: "admin", message: CLAIM_MESSAGES.acknowledgement })]);
    const mail = await files.t.db
      .select()
      .from(schema.sandboxMail)
      .where(and(eq(schema.sandboxMail.to, payer.user.email), eq(schema.sandboxMail.subject, "Kolo: we have received your report")));
    expect(mail).toHaveLength(1);

    const again = await report(payer, sent.reference, { reason: "tricked", details: "Second time of asking" });
    expect(again.body.id).toBe(claim.id);
    expect((await call<{ claims: ClaimBody[] }>(payer, "GET", "/api/claims")).body.claims.map((c) => c.id)).toEqual([claim.id]);
    expect(await files.t.db.select().from(schema.supportTickets).where(eq(schema.supportTickets.userId, payer.user.id))).toHaveLength(1);
    expect((await call<{ claims: ClaimBody[] }>(payee, "GET", "/api/claims")).body.claims).toEqual([]);
  });

  it("accepts money out just under 72 hours old and refuses it at 72 hours", async () => {
    const payer = await files.user("Late Reporter", 5_000);
    const payee = await files.user("Late Payee");
    const early = await pay(payer, payee, 100);
    const late = await pay(payer, payee, 100);
    clock = new Date(new Date(early.createdAt).getTime() + CLAIM_WINDOW_MS - 1);
    expect((await report(payer, early.reference)).status).toBe(201);
    clock = new Date(new Date(late.createdAt).getTime() + CLAIM_WINDOW_MS);
    const refused = await report(payer, late.reference);
    expect([refused.status, refused.body.message]).toEqual([400, CLAIM_MESSAGES.tooOld]);
    expect((await call<{ claims: ClaimBody[] }>(payer, "GET", "/api/claims")).body.claims).toHaveLength(1);
  });

  it("refuses another user's payment, money in, an unknown reference and bad input, writing nothing", async () => {
    const payer = await files.user("Owner", 5_000);
    const payee = await files.user("Stranger");
    const sent = await pay(payer, payee, 500);
    const notOwn = await report(payee, sent.reference);
    expect([notOwn.status, notOwn.body.message]).toEqual([404, CLAIM_MESSAGES.notFound]);
    expect((await report(payer, "KOLO-P2P-NOPE")).status).toBe(404);
    for (const body of [{ reason: "angry", details: "Not a reason at all" }, { reason: "tricked", details: "short" }, { reason: "tricked" }, {}]) {
      expect((await report(payer, sent.reference, body)).status).toBe(400);
    }
    expect(await files.t.db.select().from(schema.fraudClaims).where(eq(schema.fraudClaims.userId, payee.user.id))).toEqual([]);
    expect((await call<{ claims: ClaimBody[] }>(payer, "GET", "/api/claims")).body.claims).toEqual([]);
  });

  it("is for users: the admin paths answer 403 to them", async () => {
    const user = await files.user("Curious User");
    for (const [method, path] of [
      ["GET", "/api/admin/claims"],
      ["GET", "/api/admin/claims/1"],
      ["POST", "/api/admin/claims/1/lien"],
      ["POST", "/api/admin/claims/1/refund"],
      ["POST", "/api/admin/claims/1/release"],
    ] as const) {
      expect((await call(user, method, path, method === "POST" ? { amount: 1 } : undefined)).status).toBe(403);
    }
  });
});

describe("a lien on the recipient's wallet", () => {
  it("holds at most the claimed amount and at most the recipient's balance; a repeat holds nothing more", async () => {
    const { payee, claim } = await claimed(3_000, 500);
    const above = await call(files.admin, "POST", `/api/admin/claims/${claim.id}/lien`, { amount: 3_000.01 });
    expect([above.status, above.body.message]).toEqual([400, CLAIM_MESSAGES.lienAboveClaim]);
    // The payee holds ₦3,500 and spends ₦1,000 of it: a lien of the whole ₦3,000 is more than is left.
    await pay(payee, await files.user("Onward"), 1_000);
    const tooMuch = await call(files.admin, "POST", `/api/admin/claims/${claim.id}/lien`, { amount: 3_000 });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([400, CLAIM_MESSAGES.lienAboveBalance("₦2,500.00")]);
    expect(await balanceOf(payee)).toBe(2_500);

    const held = await call<Detail>(files.admin, "POST", `/api/admin/claims/${claim.id}/lien`, { amount: 2_500 });
    expect(held.status).toBe(200);
    expect(held.body.claim).toMatchObject({ status: "lien", lienAmount: 2_500, ticketStatus: "in-progress" });
    expect(held.body.recipient).toMatchObject({ id: payee.user.id, balance: 0, held: 2_500 });
    expect(await balanceOf(payee)).toBe(0);
    expect(await heldOf(payee)).toBe(2_500);

    const repeat = await call<Detail>(files.admin, "POST", `/api/admin/claims/${claim.id}/lien`, { amount: 100 });
    expect(repeat.status).toBe(200);
    expect(repeat.body.claim.lienAmount).toBe(2_500);
    expect(await heldOf(payee)).toBe(2_500);
    const audit = await files.t.db
      .select()
      .from(schema.adminAudit)
      .where(eq(schema.adminAudit.subject, `claim:${claim.id}`));
    expect(audit.map((row) => row.action)).toEqual(["claim_lien"]);
    // The liens account equals the liens in force, checked by the ledger's verification too.
    expect((await verifyLedger(files.t.db, { full: true })).checks.filter((check) => !check.ok)).toEqual([]);
  });

  it("refunds the claimant from the lien once; a release after that is refused", async () => {
    const { payer, payee, claim } = await claimed(2_000);
    expect((await call(files.admin, "POST", `/api/admin/claims/${claim.id}/refund`)).status).toBe(409);
    await call(files.admin, "POST", `/api/admin/claims/${claim.id}/lien`, { amount: 1_500 });
    const before = await balanceOf(payer);
    const refunded = await call<Detail & { pending: boolean }>(files.admin, "POST", `/api/admin/claims/${claim.id}/refund`);
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ pending: false, claim: { status: "refunded", ticketStatus: "resolved" }, recipient: { balance: 500, held: 0 } });
    expect(await balanceOf(payer)).toBe(before + 1_500);
    expect(await heldOf(payee)).toBe(0);

    expect((await call(files.admin, "POST", `/api/admin/claims/${claim.id}/refund`)).status).toBe(200);
    expect(await balanceOf(payer)).toBe(before + 1_500);
    const release = await call(files.admin, "POST", `/api/admin/claims/${claim.id}/release`);
    expect([release.status, release.body.message]).toEqual([409, CLAIM_MESSAGES.lienEnded]);
    const [record] = await files.t.db
      .select()
      .from(schema.transactions)
      .where(eq(schema.transactions.reference, `KOLO-CLAIM-${claim.id}-REFUND`));
    expect(record).toMatchObject({ senderId: payee.user.id, recipientId: payer.user.id, amount: 150_000n, status: "completed" });
    expect(await ledgerInvariants(files.t.client)).toEqual(LEDGER_CONSISTENT);
  });

  it("releases the lien back to the recipient", async () => {
    const { payer, payee, claim } = await claimed(1_000);
    await call(files.admin, "POST", `/api/admin/claims/${claim.id}/lien`, { amount: 1_000 });
    expect(await balanceOf(payee)).toBe(0);
    const payerBefore = await balanceOf(payer);
    const released = await call<Detail>(files.admin, "POST", `/api/admin/claims/${claim.id}/release`);
    expect(released.status).toBe(200);
    expect(released.body.claim.status).toBe("released");
    expect(await balanceOf(payee)).toBe(1_000);
    expect(await heldOf(payee)).toBe(0);
    expect(await balanceOf(payer)).toBe(payerBefore);
    const actions = (
      await files.t.db
        .select()
        .from(schema.adminAudit)
        .where(eq(schema.adminAudit.subject, `claim:${claim.id}`))
    ).map((row) => row.action);
    expect(actions).toEqual(["claim_lien", "claim_release"]);
  });

  it("at or above the approval threshold, a refund waits for a second admin; a repeat answers the same request", async () => {
    await setAdjustmentApprovalThresholdKobo(files.t.db, 100_000n);
    try {
      const { payer, payee, claim } = await claimed(1_000);
      await call(files.admin, "POST", `/api/admin/claims/${claim.id}/lien`, { amount: 1_000 });
      const before = await balanceOf(payer);
      const waiting = await call<{ pending: boolean; approvalId: number }>(files.admin, "POST", `/api/admin/claims/${claim.id}/refund`);
      expect(waiting.status).toBe(202);
      expect(waiting.body.pending).toBe(true);
      const repeat = await call<{ approvalId: number }>(files.admin, "POST", `/api/admin/claims/${claim.id}/refund`);
      expect([repeat.status, repeat.body.approvalId]).toEqual([202, waiting.body.approvalId]);
      expect(await balanceOf(payer)).toBe(before);
      expect(await heldOf(payee)).toBe(1_000);

      expect((await call(files.admin, "POST", `/api/admin/approvals/${waiting.body.approvalId}/approve`, {})).status).toBe(403);
      const approved = await call(second, "POST", `/api/admin/approvals/${waiting.body.approvalId}/approve`, { note: "checked" });
      expect(approved.status).toBe(200);
      expect(await balanceOf(payer)).toBe(before + 1_000);
      expect((await detailOf(claim.id)).claim.status).toBe("refunded");
      const [row] = await files.t.db
        .select()
        .from(schema.adminAudit)
        .where(and(eq(schema.adminAudit.subject, `claim:${claim.id}`), eq(schema.adminAudit.action, "claim_refund")));
      expect(row?.adminId).toBe(second.user.id);
      expect(await ledgerInvariants(files.t.client)).toEqual(LEDGER_CONSISTENT);
    } finally {
      await setAdjustmentApprovalThresholdKobo(files.t.db, 10_000_000n);
    }
  });

  it("lists claims for admins with the claimant", async () => {
    const list = await call<{ claims: (ClaimBody & { userName: string })[] }>(files.admin, "GET", "/api/admin/claims");
    expect(list.status).toBe(200);
    expect(list.body.claims.length).toBeGreaterThan(3);
    expect(list.body.claims[0]).toHaveProperty("userName");
    expect((await call(files.admin, "GET", "/api/admin/claims/999999")).status).toBe(404);
  });
});

describe("a lien on a merchant recipient", () => {
  const merchantHeldOf = async (c: Client) => (await call<{ held: number; merchantHeld: number }>(c, "GET", "/api/claims/held")).body;
  const merchantBalance = async (c: Client) => (await call<{ balance: number }>(c, "GET", "/api/merchants/me")).body.balance;

  /** A payer who paid `amount` to a merchant by QR (and the merchant's owner, who keeps `ownWallet` in their own wallet), and the claim on it. */
  async function claimedMerchantPayment(amount: number, ownWallet = 0) {
    const owner = await files.user("Claimed Merchant Owner", ownWallet);
    const created = await call<{ id: number }>(owner, "POST", "/api/merchants", {
      name: "Claimed Shop",
      description: "Phones and accessories",
      category: "Retail",
    });
    expect(created.status).toBe(201);
    const payer = await files.user("Merchant Claim Payer", amount + 1_000);
    const paid = await call<{ transaction: { reference: string } }>(payer, "POST", "/api/payments/merchant", { merchantId: created.body.id, amount });
    expect(paid.status).toBe(200);
    const answer = await report(payer, paid.body.transaction.reference, { reason: "wrong_recipient", details: "I scanned the wrong shop's code" });
    expect(answer.status).toBe(201);
    return { owner, payer, claim: answer.body };
  }

  it("holds at most the claim and what the merchant wallet holds, never the owner's own wallet; refunds the claimant from it", async () => {
    const { owner, payer, claim } = await claimedMerchantPayment(4_000, 9_000);
    expect((await detailOf(claim.id)).claim.recipientId).toBe(owner.user.id);
    // The merchant moves ₦1,500 of it to the owner's wallet: the merchant wallet holds ₦2,500, the owner's own ₦10,500.
    expect((await call(owner, "POST", "/api/merchants/withdraw", { amount: 1_500 })).status).toBe(200);
    const tooMuch = await call(files.admin, "POST", `/api/admin/claims/${claim.id}/lien`, { amount: 3_000 });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([400, CLAIM_MESSAGES.lienAboveBalance("₦2,500.00")]);

    const held = await call<Detail>(files.admin, "POST", `/api/admin/claims/${claim.id}/lien`, { amount: 2_500 });
    expect(held.status).toBe(200);
    expect(held.body.recipient).toMatchObject({ id: owner.user.id, wallet: "merchant", balance: 0, held: 2_500 });
    expect([await merchantBalance(owner), await balanceOf(owner)]).toEqual([0, 10_500]);
    expect(await merchantHeldOf(owner)).toEqual({ held: 0, merchantHeld: 2_500 });
    expect((await verifyLedger(files.t.db, { full: true })).checks.filter((check) => !check.ok)).toEqual([]);

    const before = await balanceOf(payer);
    const refunded = await call<Detail & { pending: boolean }>(files.admin, "POST", `/api/admin/claims/${claim.id}/refund`);
    expect(refunded.body).toMatchObject({ pending: false, claim: { status: "refunded" }, recipient: { wallet: "merchant", balance: 0, held: 0 } });
    expect(await balanceOf(payer)).toBe(before + 2_500);
    expect([await merchantBalance(owner), await balanceOf(owner)]).toEqual([0, 10_500]);
    expect(await merchantHeldOf(owner)).toEqual({ held: 0, merchantHeld: 0 });
    expect(await ledgerInvariants(files.t.client)).toEqual(LEDGER_CONSISTENT);
    expect((await verifyLedger(files.t.db, { full: true })).checks.filter((check) => !check.ok)).toEqual([]);
  });

  it("releases the lien back to the merchant wallet", async () => {
    const { owner, payer, claim } = await claimedMerchantPayment(3_000);
    expect((await call(files.admin, "POST", `/api/admin/claims/${claim.id}/lien`, { amount: 3_000 })).status).toBe(200);
    expect(await merchantBalance(owner)).toBe(0);
    const payerBefore = await balanceOf(payer);
    const released = await call<Detail>(files.admin, "POST", `/api/admin/claims/${claim.id}/release`);
    expect([released.status, released.body.claim.status]).toEqual([200, "released"]);
    expect([await merchantBalance(owner), await balanceOf(owner), await balanceOf(payer)]).toEqual([3_000, 0, payerBefore]);
    expect(await merchantHeldOf(owner)).toEqual({ held: 0, merchantHeld: 0 });
    expect((await verifyLedger(files.t.db, { full: true })).checks.filter((check) => !check.ok)).toEqual([]);
  });
});
