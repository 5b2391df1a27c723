// The audit trail of admin writes (docs/admin-security.md): one row per write, in the write's own
// database transaction, and the filtered list of /admin/audit.
import type { AdminAuditAction } from "@kolo/domain";
import { and, count, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../client";
import { type AdminAuditRow, type User, adminAudit, users } from "../schema";

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
