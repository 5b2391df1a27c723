// Reads and writes of the admin console (docs/product.md#admin-console): the audit trail, the user
// search, the dashboard's figures and the transaction list. Money never moves here: admin credits,
// debits and transaction moves go through the ledger kit in packages/api/src/admin/.
import type { AdminAuditAction } from "@kolo/domain";
import { type SQL, and, count, desc, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import {
  type AdminAdjustment,
  type AdminAuditRow,
  type Hold,
  type TransactionRecord,
  type User,
  adminAdjustments,
  adminAudit,
  adminLimits,
  holds,
  ledgerAccounts,
  merchants,
  transactions,
  users,
} from "../schema";

export interface AdminAuditInput {
  adminId: number;
  action: AdminAuditAction;
  /** The user the change concerns, if any. */
  userId?: number | null;
  /** What changed: 'user:12', 'transaction:40', 'setting:feature_topup', 'ticket:7'. */
  subject: string;
  /** The changed fields before and after (amounts in naira, as on the wire). */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/**
 * Writes one audit record (docs/decisions.md). Call it with the transaction
 * that makes the change, so the change and its record commit or roll back together.
 */
export async function recordAdminAudit(tx: DbOrTx, input: AdminAuditInput): Promise<AdminAuditRow> {
  const [row] = await tx
    .insert(adminAudit)
    .values({ adminId: input.adminId, action: input.action, userId: input.userId ?? null, subject: input.subject, before: input.before, after: input.after })
    .returning();
  if (!row) throw new Error("Audit insert returned nothing");
  return row;
}

/** `%text%` for LIKE with the user's `%`, `_` and `\` taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface AdminUserRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  role: User["role"];
  status: User["status"];
  verificationLevel: number;
  /** Wallet balance, kobo (0 without a wallet). */
  balanceKobo: bigint;
  createdAt: Date;
}

/**
 * One page of users, newest first, with their wallet balance (docs/product.md#admin-console). `search`
 * matches a part of the name or e-mail, case-insensitively; both use the trigram indexes of
 * migration 0010_admin (users_name_trgm_idx on lower(name), users_email_trgm_idx on the stored
 * lower-cased e-mail), so it stays fast at 100,000 users. Answers the rows and the total match count.
 */
export async function listAdminUsers(db: DbOrTx, params: { page: number; limit: number; search: string }): Promise<{ rows: AdminUserRow[]; total: number }> {
  const search = params.search.trim().toLowerCase();
  const where = search ? or(sql`lower(${users.name}) like ${containsPattern(search)}`, sql`${users.email} like ${containsPattern(search)}`) : undefined;
  // The page of users first (served by users_created_idx, or the trigram indexes), then the
  // balances of those 20: joining before the LIMIT would sort every user.
  const page = db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      status: users.status,
      verificationLevel: users.verificationLevel,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(params.limit)
    .offset((params.page - 1) * params.limit)
    .as("page");
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: page.id,
        name: page.name,
        email: page.email,
        phone: page.phone,
        role: page.role,
        status: page.status,
        verificationLevel: page.verificationLevel,
        balanceKobo: sql<string>`coalesce(${ledgerAccounts.balance}, 0)::text`,
        createdAt: page.createdAt,
      })
      .from(page)
      .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.userId, page.id), eq(ledgerAccounts.kind, "user_wallet")))
      .orderBy(desc(page.createdAt), desc(page.id)),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows: rows.map((row) => ({ ...row, balanceKobo: BigInt(row.balanceKobo) })), total: totals?.total ?? 0 };
}

export interface AdminStatsRow {
  totalUsers: number;
  activeMerchants: number;
  level0Users: number;
  level1Users: number;
  level2Users: number;
  /** Completed money created in [dayStart, dayEnd), kobo. */
  dailyKobo: bigint;
}

/**
 * The dashboard's six figures (docs/product.md#admin-console Admin stats): users and users per
 * verification level (every account, admins included), merchant accounts whose owner is active,
 * and the kobo of completed transactions created in [dayStart, dayEnd) (the Lagos day).
 */
export async function adminStats(db: DbOrTx, params: { dayStart: Date; dayEnd: Date }): Promise<AdminStatsRow> {
  const [levels] = await db
    .select({
      total: count(),
      level0: sql<number>`count(*) filter (where ${users.verificationLevel} = 0)::int`,
      level1: sql<number>`count(*) filter (where ${users.verificationLevel} = 1)::int`,
      level2: sql<number>`count(*) filter (where ${users.verificationLevel} = 2)::int`,
    })
    .from(users);
  const [merchantCount] = await db.select({ n: count() }).from(merchants).innerJoin(users, eq(users.id, merchants.userId)).where(eq(users.status, "active"));
  const [daily] = await db
    .select({ kobo: sql<string>`coalesce(sum(${transactions.amount}), 0)::text` })
    .from(transactions)
    .where(
      and(
        eq(transactions.status, "completed"),
        sql`${transactions.createdAt} >= ${params.dayStart.toISOString()}`,
        sql`${transactions.createdAt} < ${params.dayEnd.toISOString()}`,
      ),
    );
  return {
    totalUsers: levels?.total ?? 0,
    activeMerchants: merchantCount?.n ?? 0,
    level0Users: levels?.level0 ?? 0,
    level1Users: levels?.level1 ?? 0,
    level2Users: levels?.level2 ?? 0,
    dailyKobo: BigInt(daily?.kobo ?? "0"),
  };
}

/**
 * Completed volume per Lagos day for the `days` days ending with `lastDay` (YYYY-MM-DD), oldest
 * first, days without money included as 0: the dashboard's Transaction Overview.
 */
export async function dailyCompletedVolume(db: DbOrTx, params: { lastDay: string; days: number }): Promise<{ day: string; kobo: bigint; count: number }[]> {
  const rows = (await db.execute(sql`
    with days as (
      select d::date as day from generate_series(${params.lastDay}::date - (${params.days - 1}::int), ${params.lastDay}::date, interval '1 day') d
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sum(t.amount), 0)::text as kobo, count(t.id)::int as n
    from days
    left join transactions t
      on t.status = 'completed'
     and t.created_at >= (days.day::timestamp at time zone 'Africa/Lagos')
     and t.created_at < ((days.day + 1)::timestamp at time zone 'Africa/Lagos')
    group by days.day
    order by days.day`)) as unknown as { day: string; kobo: string; n: number }[];
  return rows.map((row) => ({ day: row.day, kobo: BigInt(row.kobo), count: row.n }));
}

export interface AdminTransactionRow extends TransactionRecord {
  senderName: string | null;
  senderEmail: string | null;
  recipientName: string | null;
  recipientEmail: string | null;
}

const sender = alias(users, "sender");
const recipient = alias(users, "recipient");

function transactionsWithParties(db: DbOrTx) {
  return db
    .select({
      transaction: transactions,
      senderName: sender.name,
      senderEmail: sender.email,
      recipientName: recipient.name,
      recipientEmail: recipient.email,
    })
    .from(transactions)
    .leftJoin(sender, eq(sender.id, transactions.senderId))
    .leftJoin(recipient, eq(recipient.id, transactions.recipientId));
}

type PartiesRow = Awaited<ReturnType<ReturnType<typeof transactionsWithParties>["execute"]>>[number];
const flatten = (row: PartiesRow): AdminTransactionRow => ({
  ...row.transaction,
  senderName: row.senderName,
  senderEmail: row.senderEmail,
  recipientName: row.recipientName,
  recipientEmail: row.recipientEmail,
});

export type AdminTransactionStatusFilter = "all" | "pending" | "processing" | "completed" | "failed";

/**
 * One page of every user's transactions, newest first, with the sender's and recipient's name
 * and e-mail, and the count per status tab (docs/product.md#admin-console; server pagination).
 */
export async function listAdminTransactions(
  db: DbOrTx,
  params: { page: number; limit: number; status: AdminTransactionStatusFilter },
): Promise<{ rows: AdminTransactionRow[]; total: number; counts: Record<AdminTransactionStatusFilter, number> }> {
  const where: SQL | undefined = params.status === "all" ? undefined : eq(transactions.status, params.status);
  const [rows, byStatus] = await Promise.all([
    transactionsWithParties(db)
      .where(where)
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(params.limit)
      .offset((params.page - 1) * params.limit),
    db.select({ status: transactions.status, n: count() }).from(transactions).groupBy(transactions.status),
  ]);
  const counts: Record<AdminTransactionStatusFilter, number> = { all: 0, pending: 0, processing: 0, completed: 0, failed: 0 };
  for (const { status, n } of byStatus) {
    counts.all += n;
    if (status in counts) counts[status as AdminTransactionStatusFilter] += n;
  }
  return { rows: rows.map(flatten), total: counts[params.status], counts };
}

/** One user's transactions (as sender or recipient), newest first, with the parties' names (the History dialog). */
export async function listAdminUserTransactions(db: DbOrTx, userId: number, limit = 100): Promise<AdminTransactionRow[]> {
  const rows = await transactionsWithParties(db)
    .where(or(eq(transactions.senderId, userId), eq(transactions.recipientId, userId)))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(limit);
  return rows.map(flatten);
}

/** The transaction with this id; `forUpdate` locks it until the caller's transaction ends (an admin move). */
export async function findTransactionById(db: DbOrTx, id: number, options: { forUpdate?: boolean } = {}): Promise<TransactionRecord | undefined> {
  const query = db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for("update") : await query;
  return row;
}

/** The user with this id, locked until the caller's transaction ends (an admin status change). */
export async function lockUserById(db: DbOrTx, id: number): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1).for("update");
  return row;
}

/**
 * Sets an account's status (docs/product.md#admin-console): `active` also resets the failed-login count, which
 * unlocks a locked account (docs/decisions.md). Sessions are the caller's to end.
 */
export async function setUserStatus(db: DbOrTx, userId: number, status: "active" | "suspended"): Promise<User | undefined> {
  const [row] = await db
    .update(users)
    .set(status === "active" ? { status, failedLoginCount: 0, updatedAt: new Date() } : { status, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export interface AdminAuditListRow extends AdminAuditRow {
  adminName: string;
  adminEmail: string;
  userName: string | null;
  userEmail: string | null;
}

/** One page of the audit trail, newest first, filtered by admin, user and action. */
export async function listAdminAudit(
  db: DbOrTx,
  params: { page: number; limit: number; adminId?: number; userId?: number; action?: AdminAuditAction },
): Promise<{ rows: AdminAuditListRow[]; total: number }> {
  const admin = alias(users, "admin");
  const subjectUser = alias(users, "subject_user");
  const where = and(
    params.adminId === undefined ? undefined : eq(adminAudit.adminId, params.adminId),
    params.userId === undefined ? undefined : eq(adminAudit.userId, params.userId),
    params.action === undefined ? undefined : eq(adminAudit.action, params.action),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({ audit: adminAudit, adminName: admin.name, adminEmail: admin.email, userName: subjectUser.name, userEmail: subjectUser.email })
      .from(adminAudit)
      .innerJoin(admin, eq(admin.id, adminAudit.adminId))
      .leftJoin(subjectUser, eq(subjectUser.id, adminAudit.userId))
      .where(where)
      .orderBy(desc(adminAudit.createdAt), desc(adminAudit.id))
      .limit(params.limit)
      .offset((params.page - 1) * params.limit),
    db.select({ total: count() }).from(adminAudit).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row.audit, adminName: row.adminName, adminEmail: row.adminEmail, userName: row.userName, userEmail: row.userEmail })),
    total: totals?.total ?? 0,
  };
}

/** The admins (for the audit page's filter), by name. */
export async function listAdmins(db: DbOrTx): Promise<Pick<User, "id" | "name" | "email">[]> {
  return db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.role, "admin")).orderBy(users.name);
}

/**
 * The hold of a transaction record, locked until the caller's transaction ends: the hold keyed on
 * the record's reference (how payouts and purchases make them), else one pointing at the record.
 */
export async function lockHoldForTransaction(db: DbOrTx, record: Pick<TransactionRecord, "id" | "reference">): Promise<Hold | undefined> {
  const [byReference] = await db.select().from(holds).where(eq(holds.reference, record.reference)).limit(1).for("update");
  if (byReference) return byReference;
  const [byRecord] = await db.select().from(holds).where(eq(holds.transactionId, record.id)).orderBy(desc(holds.id)).limit(1).for("update");
  return byRecord;
}

// ---------------------------------------------------------------------------------------------
// Four eyes on large adjustments (docs/admin-security.md)

/** The approval threshold of admin credits and debits, kobo (seeded at ₦100,000). */
export async function adjustmentApprovalThresholdKobo(db: DbOrTx): Promise<bigint> {
  const [row] = await db.select({ value: adminLimits.valueKobo }).from(adminLimits).where(eq(adminLimits.key, "adjustment_approval_threshold"));
  return row?.value ?? 10_000_000n;
}

/** Sets the approval threshold (kobo); answers the value before. */
export async function setAdjustmentApprovalThresholdKobo(tx: DbOrTx, valueKobo: bigint): Promise<bigint> {
  const before = await adjustmentApprovalThresholdKobo(tx);
  await tx
    .insert(adminLimits)
    .values({ key: "adjustment_approval_threshold", valueKobo, description: "Admin credits and debits at or above this amount need a second admin's approval" })
    .onConflictDoUpdate({ target: adminLimits.key, set: { valueKobo, updatedAt: new Date() } });
  return before;
}

/** Inserts a pending adjustment; undefined when the creator already used this idempotency key. */
export async function insertAdminAdjustmentOnce(
  tx: DbOrTx,
  values: { userId: number; type: "credit" | "debit"; amount: bigint; description: string; createdBy: number; idempotencyKey: string | null },
): Promise<AdminAdjustment | undefined> {
  const [row] = await tx.insert(adminAdjustments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findAdminAdjustmentByKey(tx: DbOrTx, createdBy: number, idempotencyKey: string): Promise<AdminAdjustment | undefined> {
  const [row] = await tx
    .select()
    .from(adminAdjustments)
    .where(and(eq(adminAdjustments.createdBy, createdBy), eq(adminAdjustments.idempotencyKey, idempotencyKey)));
  return row;
}

/** The adjustment, locked for the rest of `tx` (one decision at a time). */
export async function lockAdminAdjustment(tx: DbOrTx, id: number): Promise<AdminAdjustment | undefined> {
  const [row] = await tx.select().from(adminAdjustments).where(eq(adminAdjustments.id, id)).for("update");
  return row;
}

/** Records a decision on a pending adjustment. */
export async function decideAdminAdjustment(
  tx: DbOrTx,
  id: number,
  values: { status: "approved" | "rejected"; decidedBy: number; transactionId: number | null },
): Promise<AdminAdjustment> {
  const [row] = await tx
    .update(adminAdjustments)
    .set({ ...values, decidedAt: new Date() })
    .where(and(eq(adminAdjustments.id, id), eq(adminAdjustments.status, "pending")))
    .returning();
  return row!;
}

export interface AdminAdjustmentWithNames extends AdminAdjustment {
  userName: string;
  createdByName: string;
}

/** Adjustments with `status`, newest first (at most 100), with the user's and the creator's names. */
export async function listAdminAdjustments(db: DbOrTx, status: "pending" | "approved" | "rejected"): Promise<AdminAdjustmentWithNames[]> {
  const creators = alias(users, "creators");
  const rows = await db
    .select({ adjustment: adminAdjustments, userName: users.name, createdByName: creators.name })
    .from(adminAdjustments)
    .innerJoin(users, eq(users.id, adminAdjustments.userId))
    .innerJoin(creators, eq(creators.id, adminAdjustments.createdBy))
    .where(eq(adminAdjustments.status, status))
    .orderBy(desc(adminAdjustments.createdAt), desc(adminAdjustments.id))
    .limit(100);
  return rows.map((row) => ({ ...row.adjustment, userName: row.userName, createdByName: row.createdByName }));
}
