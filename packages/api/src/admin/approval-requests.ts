// Creating requests in the approvals queue (docs/admin-security.md "Approvals"): the pending record
// and its audit row, in one database transaction; nothing else changes until a second admin decides.
import { type Database, type DbOrTx, type NewApproval, findApprovalByKey, insertApprovalOnce, recordAdminAudit, type schema } from "@kolo/db";
import { DomainError, TRANSFER_MESSAGES, auditKobo } from "@kolo/domain";

/** The audit subject of an approval: adjustments keep their own name ('adjustment:7'), others 'approval:7'. */
export function approvalAuditSubject(approval: Pick<schema.AdminApproval, "id" | "kind">): string {
  return approval.kind === "adjustment" ? `adjustment:${approval.id}` : `approval:${approval.id}`;
}

/** The audit action of a request or decision: adjustment_* for adjustments, approval_* for the other kinds. */
export function approvalAuditAction(kind: schema.ApprovalKind, act: "request" | "approve" | "reject") {
  return kind === "adjustment" ? (`adjustment_${act}` as const) : (`approval_${act}` as const);
}

/**
 * Creates a pending approval in the caller's transaction `tx`, audited (adjustment_request or
 * approval_request: kind, summary, amount in naira, the request). A repeat of the creator's
 * idempotency key answers the first approval (`replayed`); a key reused for another kind, user,
 * amount or payload is refused: IDEMPOTENCY_KEY_REUSED.
 */
export async function requestApprovalIn(tx: DbOrTx, values: NewApproval): Promise<{ approval: schema.AdminApproval; replayed: boolean }> {
  const created = await insertApprovalOnce(tx, values);
  if (!created) {
    const first = values.idempotencyKey ? await findApprovalByKey(tx, values.createdBy, values.idempotencyKey) : undefined;
    const same =
      first &&
      first.kind === values.kind &&
      first.userId === values.userId &&
      first.amount === values.amount &&
      ("type" in first.payload ? first.payload.type : null) === ("type" in values.payload ? values.payload.type : null);
    if (!first || !same) throw new DomainError("IDEMPOTENCY_KEY_REUSED", TRANSFER_MESSAGES.idempotencyKeyReused);
    return { approval: first, replayed: true };
  }
  await recordAdminAudit(tx, {
    adminId: values.createdBy,
    action: approvalAuditAction(values.kind, "request"),
    userId: values.userId,
    subject: approvalAuditSubject(created),
    before: null,
    after: {
      kind: values.kind,
      summary: values.summary,
      amountKobo: values.amount === null ? null : auditKobo(values.amount),
      status: "pending",
      ...values.payload,
    },
  });
  return { approval: created, replayed: false };
}

/** requestApprovalIn in its own database transaction. */
export function requestApproval(db: Database, values: NewApproval): Promise<{ approval: schema.AdminApproval; replayed: boolean }> {
  return db.transaction((tx) => requestApprovalIn(tx, values));
}
