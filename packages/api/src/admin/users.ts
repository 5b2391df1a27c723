import { type Database, deleteUserSessions, lockUserById, recordAdminAudit, type schema, setUserStatus } from "@kolo/db";
import { ADMIN_MESSAGES, DomainError } from "@kolo/domain";

/**
 * An admin suspends or activates an account (spec 02 §7 POST /api/admin/users/{userId}/status;
 * DECISIONS "Accounts and sign-in", "Admin"), in one database transaction with its audit record:
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
