// Fraud claims (docs/product.md "Fraud claims"; DECISIONS "Fraud controls"): a user reports their own
// money out within 72 hours; the claim is a support ticket of kind `fraud`, acknowledged at once.
// When the money reached a Kolo wallet (a user's, or a merchant's for a QR, invoice or link payment
// from the wallet), an admin holds it there (a lien: that wallet -> the `liens` system account) and
// then refunds the claimant from it or releases it back.
import {
  type ClaimWithContext,
  type Database,
  type DbOrTx,
  adjustmentApprovalThresholdKobo,
  ensureMerchantWallet,
  ensureUserWallet,
  findClaim,
  findClaimByTransaction,
  findTransactionByReference,
  findMerchantById,
  findUserById,
  getMerchantBalanceKobo,
  getWalletBalanceKobo,
  heldByLiensKobo,
  insertClaimOnce,
  insertReply,
  insertTicket,
  insertTransactionOnce,
  lockClaim,
  postJournalEntry,
  recordAdminAudit,
  type schema,
  systemAccountId,
  updateClaim,
  updateTicketStatus,
} from "@kolo/db";
import {
  CLAIM_MESSAGES,
  CLAIM_REASON_LABELS,
  type ClaimReason,
  DomainError,
  SYSTEM_ACCOUNTS,
  auditKobo,
  claimDeadlines,
  formatDateTime,
  formatKobo,
  withinClaimWindow,
} from "@kolo/domain";
import { requestApprovalIn } from "../admin/approval-requests";
import type { Services } from "../services";

type ClaimServices = Pick<Services, "mailer" | "log" | "now" | "publicUrl">;

/** The transaction types that are money out of the sender's wallet (admin debits, `other`, are not reportable). */
const MONEY_OUT_TYPES = new Set(["p2p", "transfer", "payment", "airtime", "data", "electricity", "cable"]);

/** A claim as its claimant reads it (GET /api/claims). Amounts in kobo (naira on the wire: the output schema). */
export interface ClaimView {
  id: number;
  ticketId: number;
  reference: string;
  transactionType: string;
  reason: ClaimReason;
  details: string;
  /** Kobo: the reported transaction's amount. */
  amount: bigint;
  status: schema.FraudClaim["status"];
  /** Kobo held by the lien (0 before one). */
  lienAmount: bigint;
  ticketStatus: string;
  /** Deadline of the answer (24 hours) and of the decision (14 working days). */
  answerBy: Date;
  decisionBy: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** A claim as an admin reads it: the claimant and the recipient's user id too. */
export interface AdminClaimView extends ClaimView {
  userId: number;
  userName: string;
  userEmail: string;
  recipientId: number | null;
}

/**
 * GET /api/admin/claims/{id}: the claim with the recipient's wallet (balance and held, kobo) when
 * the money reached a Kolo wallet; `wallet` says which: the recipient's own or their merchant's.
 */
export interface AdminClaimDetail {
  claim: AdminClaimView;
  recipient: { id: number; name: string; email: string; wallet: RecipientWallet; balance: bigint; held: bigint } | null;
}

type RecipientWallet = schema.FraudClaim["recipientWallet"];

/** The ledger account of the recipient's wallet the claimed money reached (their own, or their merchant's). */
const walletAccountOf = (tx: DbOrTx, recipientId: number, wallet: RecipientWallet) =>
  wallet === "merchant" ? ensureMerchantWallet(tx, recipientId) : ensureUserWallet(tx, recipientId);

/** That wallet's balance, kobo. */
const walletBalanceOf = (db: DbOrTx, recipientId: number, wallet: RecipientWallet) =>
  wallet === "merchant" ? getMerchantBalanceKobo(db, recipientId) : getWalletBalanceKobo(db, recipientId);

/**
 * Who a money-out record paid inside Kolo, for a lien: a P2P's recipient (their wallet), a merchant
 * payment's merchant owner (the merchant wallet: channels qr, invoice, link); null otherwise (the
 * money left Kolo).
 */
async function koloRecipientOf(tx: DbOrTx, record: schema.TransactionRecord): Promise<{ recipientId: number | null; recipientWallet: RecipientWallet }> {
  if (record.type === "p2p") return { recipientId: record.recipientId, recipientWallet: "user" };
  const meta = record.metadata as { merchantId?: number; channel?: string };
  if (record.type === "payment" && meta.merchantId !== undefined && ["qr", "invoice", "link"].includes(meta.channel ?? "")) {
    const merchant = await findMerchantById(tx, meta.merchantId);
    if (merchant) return { recipientId: merchant.userId, recipientWallet: "merchant" };
  }
  return { recipientId: null, recipientWallet: "user" };
}

export const toClaimView = (c: ClaimWithContext): ClaimView => ({
  id: c.id,
  ticketId: c.ticketId,
  reference: c.reference,
  transactionType: c.transactionType,
  reason: c.reason,
  details: c.details,
  amount: c.amount,
  status: c.status,
  lienAmount: c.lienAmount,
  ticketStatus: c.ticketStatus,
  answerBy: c.answerBy,
  decisionBy: c.decisionBy,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

export const toAdminClaimView = (c: ClaimWithContext): AdminClaimView => ({
  ...toClaimView(c),
  userId: c.userId,
  userName: c.userName,
  userEmail: c.userEmail,
  recipientId: c.recipientId,
});

const claimNotFound = () => new DomainError("NOT_FOUND", CLAIM_MESSAGES.claimNotFound);

/**
 * POST /api/transactions/{reference}/claims {reason, details}: reports the caller's own money out
 * (p2p, bank transfer, payment, purchases) made less than 72 hours before `services.now()`. In one
 * database transaction: a support ticket of kind `fraud` (subject 'Fraud claim: {reference}', the
 * reason and details as its message), the staff acknowledgement on it, and the claim with its
 * deadlines (answer in 24 hours, decision in 14 working days, claimDeadlines). The acknowledgement
 * is e-mailed after the commit (a failed e-mail is logged, the claim stands). A repeat on the same
 * transaction answers the first claim and writes nothing (`created: false`). Errors: NOT_FOUND
 * 'Transaction not found' (unknown, or not the caller's: the same answer), RULE_VIOLATION (not
 * money out; failed or reversed; 72 hours or older). Source: the CBN exposure draft on
 * authorised-push-payment fraud (November 2025), docs/product.md "Fraud claims".
 */
export async function reportClaim(
  db: Database,
  services: ClaimServices,
  params: { user: schema.User; reference: string; reason: ClaimReason; details: string },
): Promise<{ claim: ClaimView; created: boolean }> {
  const now = services.now?.() ?? new Date();
  const { user } = params;
  const result = await db.transaction(async (tx) => {
    const record = await findTransactionByReference(tx, params.reference, { forUpdate: true });
    if (!record || record.senderId !== user.id) throw new DomainError("NOT_FOUND", CLAIM_MESSAGES.notFound);
    const existing = await findClaimByTransaction(tx, record.id);
    if (existing) return { id: existing.id, created: false };
    if (!MONEY_OUT_TYPES.has(record.type)) throw new DomainError("RULE_VIOLATION", CLAIM_MESSAGES.notMoneyOut);
    if (record.status === "failed" || record.status === "reversed") throw new DomainError("RULE_VIOLATION", CLAIM_MESSAGES.didNotGoThrough);
    if (!withinClaimWindow(record.createdAt, now)) throw new DomainError("RULE_VIOLATION", CLAIM_MESSAGES.tooOld);
    const ticket = await insertTicket(tx, {
      userId: user.id,
      subject: `Fraud claim: ${record.reference}`.slice(0, 100),
      message: `${CLAIM_REASON_LABELS[params.reason]}\n\n${params.details}`,
      priority: "urgent",
      kind: "fraud",
      createdAt: now,
    });
    // The acknowledgement, as a staff reply. A reply needs an author; Kolo itself has no user row,
    // so the claimant's id stands there with the role 'admin' (users see it as Staff).
    await insertReply(tx, { ticketId: ticket.id, userId: user.id, message: CLAIM_MESSAGES.acknowledgement, userRole: "admin" }, now);
    const { answerBy, decisionBy } = claimDeadlines(now);
    const claim = await insertClaimOnce(tx, {
      ticketId: ticket.id,
      userId: user.id,
      transactionId: record.id,
      ...(await koloRecipientOf(tx, record)),
      reason: params.reason,
      details: params.details,
      amount: record.amount,
      answerBy,
      decisionBy,
      createdAt: now,
    });
    return { id: claim!.id, created: true };
  });
  const claim = (await findClaim(db, result.id))!;
  if (result.created) await sendAcknowledgement(services, user, claim);
  return { claim: toClaimView(claim), created: result.created };
}

async function sendAcknowledgement(services: ClaimServices, user: schema.User, claim: ClaimWithContext): Promise<void> {
  try {
    await services.mailer.send({
      to: user.email,
      subject: "Kolo: we have received your report",
      text:
        `Hello ${user.name},\n\n${CLAIM_MESSAGES.acknowledgement}\n\n` +
        `Payment: ${claim.reference} (${formatKobo(claim.amount)})\n` +
        `Reason: ${CLAIM_REASON_LABELS[claim.reason]}\n` +
        `${CLAIM_MESSAGES.answerBy}: ${formatDateTime(claim.answerBy)} (Lagos time)\n` +
        `${CLAIM_MESSAGES.decisionBy}: ${formatDateTime(claim.decisionBy)} (Lagos time)\n\n` +
        `Follow it in Support: ${new URL("/support", services.publicUrl).toString()}\n\nKolo`,
    });
  } catch (error) {
    services.log.warn({ claimId: claim.id, err: String(error) }, "Fraud claim acknowledgement e-mail not sent; the ticket carries it");
  }
}

/** GET /api/admin/claims/{id}: the claim and the recipient's wallet, or NOT_FOUND 'Claim not found'. */
export async function adminClaimDetail(db: Database, id: number): Promise<AdminClaimDetail> {
  const claim = await findClaim(db, id);
  if (!claim) throw claimNotFound();
  const recipient = claim.recipientId === null ? undefined : await findUserById(db, claim.recipientId);
  return {
    claim: toAdminClaimView(claim),
    recipient: recipient
      ? {
          id: recipient.id,
          name: recipient.name,
          email: recipient.email,
          wallet: claim.recipientWallet,
          balance: await walletBalanceOf(db, recipient.id, claim.recipientWallet),
          held: await heldByLiensKobo(db, recipient.id, claim.recipientWallet),
        }
      : null,
  };
}

/**
 * POST /api/admin/claims/{id}/lien {amount}: holds `amountKobo` of the recipient's wallet (their
 * merchant's for a merchant payment: `recipientWallet`) in the
 * `liens` system account (one balanced entry, key `lien:claim:{id}`), audited (claim_lien), all in
 * one database transaction under the claim's lock. The recipient sees 'Held: under investigation'.
 * At most the claimed amount and at most the recipient's balance (DECISIONS "Fraud controls"); a
 * lien protects and moves no money out of its owner's hands, so it never waits for a second admin
 * (docs/decisions.md "Fraud claims"). A repeat on a claim that already had its lien changes
 * nothing and answers the claim. Errors: NOT_FOUND; RULE_VIOLATION (no Kolo recipient, above the
 * claim, above the balance).
 */
export async function placeLien(db: Database, services: ClaimServices, params: { adminId: number; id: number; amountKobo: bigint }): Promise<AdminClaimDetail> {
  const now = services.now?.() ?? new Date();
  await db.transaction(async (tx) => {
    const claim = await lockClaim(tx, params.id);
    if (!claim) throw claimNotFound();
    if (claim.status !== "open") return;
    if (claim.recipientId === null) throw new DomainError("RULE_VIOLATION", CLAIM_MESSAGES.noKoloRecipient);
    if (params.amountKobo > claim.amount) throw new DomainError("RULE_VIOLATION", CLAIM_MESSAGES.lienAboveClaim);
    const wallet = await walletAccountOf(tx, claim.recipientId, claim.recipientWallet);
    const balance = await walletBalanceOf(tx, claim.recipientId, claim.recipientWallet);
    if (params.amountKobo > balance) throw new DomainError("RULE_VIOLATION", CLAIM_MESSAGES.lienAboveBalance(formatKobo(balance)));
    // kolo_post_entry locks both accounts and refuses a negative wallet, should the balance move meanwhile.
    await postJournalEntry(tx, {
      idempotencyKey: `lien:claim:${claim.id}`,
      kind: "lien",
      description: `Lien for fraud claim ${claim.id}`,
      postings: [
        { accountId: wallet, amount: -params.amountKobo },
        { accountId: await systemAccountId(tx, SYSTEM_ACCOUNTS.liens), amount: params.amountKobo },
      ],
      transactionId: claim.transactionId,
    });
    await updateClaim(tx, claim.id, { status: "lien", lienAmount: params.amountKobo }, now);
    await updateTicketStatus(tx, claim.ticketId, "in-progress", now);
    await recordAdminAudit(tx, {
      adminId: params.adminId,
      action: "claim_lien",
      userId: claim.recipientId,
      subject: `claim:${claim.id}`,
      before: { status: claim.status, balanceKobo: auditKobo(balance) },
      after: { status: "lien", amountKobo: auditKobo(params.amountKobo), claimantId: claim.userId },
    });
  });
  return adminClaimDetail(db, params.id);
}

/** What ending a lien answers: the claim, or the approval it waits for (202 on REST). */
export type LienEnding = { pending: false; detail: AdminClaimDetail } | { pending: true; approvalId: number };

/**
 * POST /api/admin/claims/{id}/refund | release: ends the claim's lien. At or above the approval
 * threshold (the credits' rule, docs/admin-security.md "Approvals") it waits for a second admin: an
 * approval of kind `claim` (a repeat by the same admin answers the same approval). Below it, or when
 * approved, endLienIn carries it out. Errors: NOT_FOUND; CONFLICT (no lien, or it ended the other way).
 */
export async function requestLienEnding(
  db: Database,
  services: ClaimServices,
  params: { adminId: number; id: number; act: "refund" | "release" },
): Promise<LienEnding> {
  const waiting = await db.transaction(async (tx) => {
    const claim = await lockClaim(tx, params.id);
    if (!claim) throw claimNotFound();
    assertLienEndable(claim, params.act);
    if (claim.status !== "lien" || claim.lienAmount < (await adjustmentApprovalThresholdKobo(tx))) return null;
    const reference = (await findClaim(tx, claim.id))!.reference;
    const { approval } = await requestApprovalIn(tx, {
      kind: "claim",
      userId: claim.userId,
      amount: claim.lienAmount,
      summary: `Fraud claim ${params.act} of ${formatKobo(claim.lienAmount)}: ${reference}`,
      payload: { claimId: claim.id, act: params.act },
      createdBy: params.adminId,
      idempotencyKey: `claim:${claim.id}:${params.act}`,
    });
    return approval.id;
  });
  if (waiting !== null) return { pending: true, approvalId: waiting };
  await db.transaction((tx) => endLienIn(tx, services, { adminId: params.adminId, id: params.id, act: params.act }));
  return { pending: false, detail: await adminClaimDetail(db, params.id) };
}

/** CONFLICT unless the claim has a lien in force or already ended by `act` (a repeat). */
function assertLienEndable(claim: schema.FraudClaim, act: "refund" | "release"): void {
  if (claim.status === "open") throw new DomainError("CONFLICT", CLAIM_MESSAGES.noLien);
  const done = act === "refund" ? "refunded" : "released";
  if (claim.status !== "lien" && claim.status !== done) throw new DomainError("CONFLICT", CLAIM_MESSAGES.lienEnded);
}

/**
 * Ends the lien in the caller's transaction `tx`, under the claim's lock: `refund` posts liens ->
 * the claimant's wallet with a completed `other` record (reference KOLO-CLAIM-{id}-REFUND, from the
 * recipient to the claimant) in the claimant's History; `release` posts liens -> the wallet the
 * lien came from (the recipient's, or their merchant's). Each entry has its own key (`lien-refund:claim:{id}`, `lien-release:claim:{id}`); the
 * claim's ticket becomes resolved; audited (claim_refund | claim_release, with the approval when
 * one was decided). A repeat changes nothing. Answers the refund's record (null otherwise).
 */
export async function endLienIn(
  tx: DbOrTx,
  services: ClaimServices,
  params: { adminId: number; id: number; act: "refund" | "release"; approvalId?: number; requestedBy?: number },
): Promise<schema.TransactionRecord | null> {
  const now = services.now?.() ?? new Date();
  const claim = await lockClaim(tx, params.id);
  if (!claim) throw claimNotFound();
  assertLienEndable(claim, params.act);
  if (claim.status !== "lien" || claim.recipientId === null) return null;
  const liens = await systemAccountId(tx, SYSTEM_ACCOUNTS.liens);
  let record: schema.TransactionRecord | null = null;
  if (params.act === "refund") {
    const reason = `Refund of fraud claim ${claim.id}`;
    record =
      (await insertTransactionOnce(tx, {
        type: "other",
        amount: claim.lienAmount,
        status: "completed",
        reference: `KOLO-CLAIM-${claim.id}-REFUND`,
        description: reason,
        senderId: claim.recipientId,
        recipientId: claim.userId,
        metadata: { adminId: params.adminId, reason, direction: "credit", claimId: claim.id, ...(params.approvalId ? { approvalId: params.approvalId } : {}) },
      })) ?? null;
    await postJournalEntry(tx, {
      idempotencyKey: `lien-refund:claim:${claim.id}`,
      kind: "lien_refund",
      description: reason,
      postings: [
        { accountId: liens, amount: -claim.lienAmount },
        { accountId: await ensureUserWallet(tx, claim.userId), amount: claim.lienAmount },
      ],
      transactionId: record?.id,
    });
  } else {
    await postJournalEntry(tx, {
      idempotencyKey: `lien-release:claim:${claim.id}`,
      kind: "lien_release",
      description: `Release of the lien of fraud claim ${claim.id}`,
      postings: [
        { accountId: liens, amount: -claim.lienAmount },
        { accountId: await walletAccountOf(tx, claim.recipientId, claim.recipientWallet), amount: claim.lienAmount },
      ],
      transactionId: claim.transactionId,
    });
  }
  const status = params.act === "refund" ? "refunded" : "released";
  await updateClaim(tx, claim.id, { status }, now);
  await updateTicketStatus(tx, claim.ticketId, "resolved", now);
  await recordAdminAudit(tx, {
    adminId: params.adminId,
    action: params.act === "refund" ? "claim_refund" : "claim_release",
    userId: params.act === "refund" ? claim.userId : claim.recipientId,
    subject: `claim:${claim.id}`,
    before: { status: "lien" },
    after: {
      status,
      amountKobo: auditKobo(claim.lienAmount),
      recipientId: claim.recipientId,
      claimantId: claim.userId,
      ...(params.approvalId ? { approvalId: params.approvalId, requestedBy: params.requestedBy } : {}),
    },
  });
  return record;
}
