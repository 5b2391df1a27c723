import type { AdminAuditListRow, AdminTransactionRow, AdminUserRow, ReviewItemRow, schema } from "@kolo/db";
import { wireMetadata } from "../money/view";
import { auditForWire } from "@kolo/domain";

// Amounts here are kobo (bigint); the admin router's output schemas (router/admin.types.ts) send them as naira.

/** Admin user row (docs/product.md#admin-console): `balance` in kobo; `status` also 'locked' (docs/decisions.md). */
export interface AdminUserView {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  role: AdminUserRow["role"];
  status: AdminUserRow["status"];
  verificationLevel: number;
  balance: bigint;
  createdAt: Date;
}

export const toAdminUserView = (row: AdminUserRow): AdminUserView => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  role: row.role,
  status: row.status,
  verificationLevel: row.verificationLevel,
  balance: row.balanceKobo,
  createdAt: row.createdAt,
});

/**
 * Transaction (admin view), docs/product.md#admin-console: parties' {name, email} (null when none), amounts in kobo,
 * and the metadata the History dialog shows (phone, network, bank, account) next to the rest.
 */
export interface AdminTransactionView {
  id: number;
  senderId: number | null;
  recipientId: number | null;
  senderInfo: { name: string; email: string } | null;
  recipientInfo: { name: string; email: string } | null;
  type: AdminTransactionRow["type"];
  amount: bigint;
  fee: bigint;
  status: AdminTransactionRow["status"];
  reference: string;
  createdAt: Date;
  description: string;
  /** The stored metadata as is (a payout's `feeKobo` too), a top-up's kobo fields under their wire names. */
  metadata: Record<string, unknown> & { phoneNumber?: string; network?: string; bankName?: string; accountNumber?: string };
}

export function toAdminTransactionView(row: AdminTransactionRow): AdminTransactionView {
  return {
    id: row.id,
    senderId: row.senderId,
    recipientId: row.recipientId,
    senderInfo: row.senderName !== null && row.senderEmail !== null ? { name: row.senderName, email: row.senderEmail } : null,
    recipientInfo: row.recipientName !== null && row.recipientEmail !== null ? { name: row.recipientName, email: row.recipientEmail } : null,
    type: row.type,
    amount: row.amount,
    fee: row.fee,
    status: row.status,
    reference: row.reference,
    createdAt: row.createdAt,
    description: row.description,
    metadata: adminMetadata(row.metadata),
  };
}

/** The stored metadata, a top-up's `gatewayFeeKobo`/`reportedAmountKobo` as the wire's `gatewayFee`/`reportedAmount` (kobo). */
function adminMetadata(metadata: AdminTransactionRow["metadata"]): AdminTransactionView["metadata"] {
  const { gatewayFeeKobo: _fee, reportedAmountKobo: _reported, ...rest } = metadata as Record<string, unknown>;
  const { gatewayFee, reportedAmount } = wireMetadata(metadata);
  return { ...rest, ...(gatewayFee !== undefined ? { gatewayFee } : {}), ...(reportedAmount !== undefined ? { reportedAmount } : {}) };
}

/** One audit record with the names of the admin and of the user concerned. */
export interface AdminAuditView {
  id: number;
  adminId: number;
  adminName: string;
  adminEmail: string;
  action: string;
  userId: number | null;
  userName: string | null;
  userEmail: string | null;
  subject: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  createdAt: Date;
}

export const toAdminAuditView = (row: AdminAuditListRow): AdminAuditView => ({
  id: row.id,
  adminId: row.adminId,
  adminName: row.adminName,
  adminEmail: row.adminEmail,
  action: row.action,
  userId: row.userId,
  userName: row.userName,
  userEmail: row.userEmail,
  subject: row.subject,
  before: auditForWire(row.before ?? null),
  after: auditForWire(row.after ?? null),
  createdAt: row.createdAt,
});

/** A review item as the admin console shows it (docs/money-integrity.md "Review queue"): amounts in kobo. */
export interface ReviewItemView {
  id: number;
  kind: string;
  cause: string;
  reference: string;
  userId: number | null;
  userName: string | null;
  amount: bigint;
  /** Kobo still held under the reference (0 when nothing is held). */
  heldAmount: bigint;
  reason: string;
  providerStatus: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
  resolution: string | null;
  note: string | null;
}

export const toReviewItemView = (row: ReviewItemRow): ReviewItemView => ({
  id: row.id,
  kind: row.kind,
  cause: row.cause,
  reference: row.reference,
  userId: row.userId,
  userName: row.userName,
  amount: row.amount,
  heldAmount: row.heldKobo,
  reason: row.reason,
  providerStatus: row.providerStatus,
  createdAt: row.createdAt,
  resolvedAt: row.resolvedAt,
  resolution: row.resolution,
  note: row.note,
});

/** The run's stored totals (kobo as decimal strings) as kobo. */
const koboOf = (kobo: string | null | undefined) => (kobo === null || kobo === undefined ? null : BigInt(kobo));

/**
 * A reconciliation run as the admin console shows it (docs/money-integrity.md "Daily
 * reconciliation"): `totals` in kobo, `exceptions` the counts by class.
 */
export type ReconciliationRunView = {
  id: number;
  date: string;
  state: schema.ReconciliationRun["state"];
  matched: number;
  open: number;
  exceptions: Record<string, number>;
  totals: Record<string, bigint | null>;
  ledger: { ok: boolean; firstBroken: string | null; headsDigest: string | null } | null;
  error: string | null;
  startedAt: Date;
  finishedAt: Date | null;
};

export const toReconciliationRunView = (run: schema.ReconciliationRun): ReconciliationRunView => ({
  id: run.id,
  date: run.day,
  state: run.state,
  matched: run.counts?.matched ?? 0,
  open: run.counts?.open ?? 0,
  exceptions: run.counts?.exceptions ?? {},
  totals: Object.fromEntries(Object.entries(run.totals ?? {}).map(([key, kobo]) => [key, koboOf(kobo)])),
  ledger: run.ledgerOk === null ? null : { ok: run.ledgerOk, firstBroken: run.ledgerFirstBroken, headsDigest: run.ledgerHeadsDigest },
  error: run.error,
  startedAt: run.startedAt,
  finishedAt: run.finishedAt,
});

/** One exception of a run: amounts in kobo. */
export const toReconciliationExceptionView = (row: schema.ReconciliationException) => ({
  id: row.id,
  class: row.class,
  kind: row.kind,
  reference: row.reference,
  koloAmount: row.koloAmount,
  providerAmount: row.providerAmount,
  koloStatus: row.koloStatus,
  providerStatus: row.providerStatus,
  reviewItemId: row.reviewItemId,
});
