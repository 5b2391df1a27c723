import { type Database, type DbOrTx, deleteUserSessions, lockUserById, recordAdminAudit, type schema, setUserRole, setUserStatus } from "@kolo/db";
import { ADMIN_MESSAGES, DomainError } from "@kolo/domain";
import { requestApprovalIn } from "./approval-requests";

/**
 * An admin suspends or activates an account (docs/product.md#admin-console POST /api/admin/users/{userId}/status;
 * docs/decisions.md, "Admin"), in one database transaction with its audit record:
 * suspending ends every session of the user at once; activating also unlocks a locked account
 * and resets its failed-login count. Errors: NOT_FOUND 'User not found'; RULE_VIOLATION when an
 * admin would suspend their own account (it would lock the console's last door).
 */
export async function changeUserStatus(db: Database, params: { adminId: number; userId: number; status: "active" | "suspended" }): Promise<schema.User> {
  const { adminId, userId, status } = params;
  if (adminId === userId && status === "suspended") throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.cannotChangeOwnStatus);
  return db.transaction(async (tx) => {
    const before = await lockUserById(tx, userId);
    if (!before) throw new DomainError("NOT_FOUND", ADMIN_MESSAGES.userNotFound);
    const after = await setUserStatus(tx, userId, status);
    if (!after) throw new DomainError("NOT_FOUND", ADMIN_MESSAGES.userNotFound);
    if (status === "suspended") await deleteUserSessions(tx, userId);
    await recordAdminAudit(tx, {
      adminId,
      action: "user_status",
      userId,
      subject: `user:${userId}`,
      before: { status: before.status, failedLoginCount: before.failedLoginCount },
      after: { status: after.status, failedLoginCount: after.failedLoginCount },
    });
    return after;
  });
}

type RoleChange = { adminId: number; userId: number; role: "admin" | "personal" | "merchant" };

/**
 * PATCH /api/admin/users/{userId}/role (docs/admin-security.md "Where admins come from",
 * "Approvals"): granting the admin role waits for a second admin (a pending approval of kind role,
 * audited approval_request; `pending: true`); any other change is made at once (changeUserRole), as
 * is a grant to a user already admin (nothing changes). Errors: NOT_FOUND 'User not found';
 * RULE_VIOLATION 'You cannot change your own role'.
 */
export async function requestUserRole(
  db: Database,
  params: RoleChange,
): Promise<{ pending: false; user: schema.User } | { pending: true; approval: schema.AdminApproval }> {
  if (params.adminId === params.userId) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.ownRole);
  if (params.role !== "admin") return { pending: false, user: await changeUserRole(db, params) };
  return db.transaction(async (tx) => {
    const user = await lockUserById(tx, params.userId);
    if (!user) throw new DomainError("NOT_FOUND", ADMIN_MESSAGES.userNotFound);
    if (user.role === "admin") return { pending: false as const, user };
    const { approval } = await requestApprovalIn(tx, {
      kind: "role",
      userId: user.id,
      amount: null,
      summary: `Grant the admin role to ${user.name} (${user.email})`,
      payload: { role: "admin" },
      createdBy: params.adminId,
      idempotencyKey: null,
    });
    return { pending: true as const, approval };
  });
}

/**
 * An admin grants or revokes the admin role (PATCH /api/admin/users/{userId}/role {role};
 * docs/admin-security.md), audited (user_role) in the same database transaction. A new admin has
 * no second factor yet: their sessions are not admin sessions until they enrol at sign-in, and
 * for 24 h (`roleGrantedAt`) they approve nothing. A revoked admin's second factor is removed (a
 * later grant enrols afresh). Errors: NOT_FOUND 'User not found'; RULE_VIOLATION 'You cannot
 * change your own role' (an admin cannot demote themselves out of the console's last door).
 */
export async function changeUserRole(db: Database, params: RoleChange): Promise<schema.User> {
  if (params.adminId === params.userId) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.ownRole);
  return db.transaction((tx) => changeUserRoleIn(tx, params));
}

/**
 * changeUserRole in the caller's transaction `tx` (an approval grants the role with its decision);
 * `requestedBy`, the admin who asked for it, is kept in the audit row beside the approver.
 */
export async function changeUserRoleIn(tx: DbOrTx, params: RoleChange & { requestedBy?: number }): Promise<schema.User> {
  const { adminId, userId, role } = params;
  if (adminId === userId) throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.ownRole);
  const before = await lockUserById(tx, userId);
  if (!before) throw new DomainError("NOT_FOUND", ADMIN_MESSAGES.userNotFound);
  // Sessions opened under the old role never carry its second factor into the new one (setUserRole).
  const after = await setUserRole(tx, { userId, from: before.role, to: role });
  await recordAdminAudit(tx, {
    adminId,
    action: "user_role",
    userId,
    subject: `user:${userId}`,
    before: { role: before.role },
    after: { role: after!.role, ...(params.requestedBy ? { requestedBy: params.requestedBy } : {}) },
  });
  return after!;
}
