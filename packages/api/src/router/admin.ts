import {
  adminStats,
  dailyCompletedVolume,
  listAdminAudit,
  listAdminTransactions,
  listAdminUserTransactions,
  listAdminUsers,
  listAdmins,
  listFeatureSettings,
  countOpenReviewItems,
  findReconciliationRun,
  latestLedgerVerification,
  listReconciliationRuns,
  listReviewItems,
  fraudRuleHitCounts,
  adjustmentApprovalThresholdKobo,
  listApprovals,
  UnknownCursorError,
  pendingSettingApprovals,
  readFraudControls,
  type Database,
  type schema,
} from "@kolo/db";
import {
  ADMIN_CHART_DAYS,
  FRAUD_RULES,
  ADMIN_MESSAGES,
  FEATURE_KEYS,
  adminAuditQuerySchema,
  adminReconciliationRunIdSchema,
  adminReconciliationRunSchema,
  DomainError,
  CURSOR_MESSAGE,
  adminReviewResolveSchema,
  adminReviewsQuerySchema,
  adminTransactionMoveSchema,
  adminTransactionsQuerySchema,
  adminUserStatusSchema,
  adminUsersQuerySchema,
  adminWalletSchema,
  adminAdjustmentsQuerySchema,
  adminApprovalDecisionSchema,
  adminApprovalsQuerySchema,
  adminIdSchema,
  adminThresholdSchema,
  adminUserRoleSchema,
  fraudControlsUpdateSchema,
  lagosDate,
  startOfLagosDay,
  DB_INT_MAX,
} from "@kolo/domain";
import { z } from "zod";
import { decideApproval, forcedMoveApproval, requestFraudControlsChange, requestThresholdChange, reviewCreditApproval } from "../admin/approvals";
import { toggleFeatureSetting } from "../admin/settings";
import { moveTransaction } from "../admin/transactions";
import { changeUserStatus, requestUserRole } from "../admin/users";
import {
  toAdminAuditView,
  toAdminTransactionView,
  toAdminUserView,
  toReconciliationExceptionView,
  toReconciliationRunView,
  toReviewItemView,
} from "../admin/views";
import { runReconciliation } from "../money/reconciliation";
import { resolveReview } from "../money/reviews";
import { requestWalletAdjustment } from "../money/adjustments";
import { toTransactionView } from "../money/view";
import { adminProcedure, router } from "../trpc";
import {
  adjustmentApproved,
  adjustmentRejected,
  adjustments,
  adminMove,
  adminMoveAnswer,
  adminRole,
  adminStats as adminStatsSchema,
  adminStatus,
  adminTransactions,
  adminUserTransactions,
  adminUsers,
  adminVolume,
  adminWallet,
  approvalDecided,
  approvals,
  approvalsRest,
  audit,
  fraudControls,
  pendingChange,
  reconciliationRun,
  reconciliationRunWithExceptions,
  reconciliationRuns,
  reconciliationRunsConsole,
  reviews,
  reviewResolved,
  reviewResolvedConsole,
  reviewsRest,
  setting,
  settingChanged,
  settings,
} from "./admin.types";

const featureSettingInput = z.object({ key: z.enum(FEATURE_KEYS), value: z.boolean() });

/** Turns feature switch `key` on or off (toggleFeatureSetting, audited) -> {id, key, value, description}. */
async function setFeature(adminId: number, db: Database, input: z.output<typeof featureSettingInput>) {
  const row = await toggleFeatureSetting(db, { adminId, key: input.key, value: input.value });
  return { id: row.id, key: row.key, value: row.value, description: row.description };
}

/** GET /api/admin/approvals answers the REST fields of each approval (docs/rest-api.md), not the console's names. */
const approvalsAnswer = ({ items, total }: z.output<typeof approvals>) => ({
  items: items.map(({ subjectName: _subject, requestedByName: _requester, ...rest }) => rest),
  total,
});

/** GET /api/admin/reviews answers the REST fields of each item (docs/rest-api.md). */
const reviewsAnswer = ({ items, total, ruleHits }: z.output<typeof reviews>) => ({
  items: items.map(({ cause: _cause, userName: _userName, heldAmount: _held, note: _note, ...rest }) => rest),
  total,
  ruleHits,
});

const DAY_MS = 24 * 60 * 60 * 1000;
const pages = (total: number, limit: number) => Math.ceil(total / limit);

/**
 * The admin console (docs/product.md#admin-console). Every procedure is an adminProcedure: anyone else gets FORBIDDEN 'Admin access
 * required' (UNAUTHORIZED when signed out) before any query runs. Every write records its audit
 * entry in its own database transaction (packages/api/src/admin/).
 */
/** An adjustment in the approvals queue as the console reads it (amount in kobo; naira on the wire). */
function toAdjustmentView(a: schema.AdminApproval & { userName?: string | null; createdByName?: string }) {
  const payload = "type" in a.payload ? a.payload : { type: "credit" as const, description: a.summary };
  return {
    id: a.id,
    userId: a.userId ?? 0,
    userName: a.userName ?? null,
    type: payload.type,
    amount: a.amount ?? 0n,
    description: payload.description,
    status: a.status,
    createdBy: a.createdBy,
    createdByName: a.createdByName ?? null,
    decidedBy: a.decidedBy,
    decidedAt: a.decidedAt,
    transactionId: a.transactionId,
    createdAt: a.createdAt,
  };
}

/**
 * An approval as the queue reads it (docs/admin-security.md "Approvals"): amount in kobo (naira on the wire), null
 * where the request has none; the subject's and requester's names for the console.
 */
function toApprovalView(a: schema.AdminApproval & { userName?: string | null; createdByName?: string }) {
  return {
    id: a.id,
    kind: a.kind,
    summary: a.summary,
    amount: a.amount,
    subjectUserId: a.userId,
    subjectName: a.userName ?? null,
    requestedBy: a.createdBy,
    requestedByName: a.createdByName ?? null,
    createdAt: a.createdAt,
    status: a.status,
    decidedBy: a.decidedBy,
    decidedAt: a.decidedAt,
    note: a.note,
  };
}

export const adminRouter = router({
  /**
   * GET /api/admin/stats -> {totalUsers, activeMerchants, level0Users, level1Users, level2Users,
   * dailyTransactions}: dailyTransactions is the naira of completed transactions created today
   * (Lagos day, docs/decisions.md).
   */
  stats: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/admin/stats", tag: "Admin", summary: "Dashboard figures" } })
    .output(adminStatsSchema)
    .query(async ({ ctx }) => {
      const dayStart = startOfLagosDay(ctx.services.now?.() ?? new Date());
      const stats = await adminStats(ctx.db, { dayStart, dayEnd: new Date(dayStart.getTime() + DAY_MS) });
      return {
        totalUsers: stats.totalUsers,
        activeMerchants: stats.activeMerchants,
        level0Users: stats.level0Users,
        level1Users: stats.level1Users,
        level2Users: stats.level2Users,
        dailyTransactions: stats.dailyKobo,
      };
    }),

  /** GET /api/admin/stats/volume -> [{day: 'YYYY-MM-DD', amount: naira, count}] for the last 14 Lagos days, oldest first. */
  volume: adminProcedure
    .meta({ rest: { method: "GET", path: "/api/admin/stats/volume", tag: "Admin", summary: "Completed volume per Lagos day, last 14 days" } })
    .output(adminVolume)
    .query(async ({ ctx }) => {
      const days = await dailyCompletedVolume(ctx.db, { lastDay: lagosDate(ctx.services.now?.() ?? new Date()), days: ADMIN_CHART_DAYS });
      return days.map((d) => ({ day: d.day, amount: d.kobo, count: d.count }));
    }),

  users: router({
    /**
     * GET /api/admin/users?page&limit=20&search -> {users, totalUsers, totalPages} (docs/product.md#admin-console):
     * newest first; `search` matches part of the name or e-mail, case-insensitively (indexed).
     */
    list: adminProcedure
      .meta({ rest: { method: "GET", path: "/api/admin/users", tag: "Admin", summary: "Users, searched and paged" } })
      .input(adminUsersQuerySchema)
      .output(adminUsers)
      .query(async ({ ctx, input }) => {
        const { rows, total } = await listAdminUsers(ctx.db, input);
        return { users: rows.map(toAdminUserView), totalUsers: total, totalPages: pages(total, input.limit) };
      }),

    /** GET /api/admin/users/{userId}/transactions -> the user's latest 100 transactions (admin view), for the History dialog. */
    transactions: adminProcedure
      .meta({ rest: { method: "GET", path: "/api/admin/users/:userId/transactions", tag: "Admin", summary: "A user's transactions", errors: [404] } })
      .input(z.object({ userId: z.coerce.number().int().positive().max(DB_INT_MAX) }))
      .output(adminUserTransactions)
      .query(async ({ ctx, input }) => {
        const rows = await listAdminUserTransactions(ctx.db, input.userId);
        return rows.map(toAdminTransactionView);
      }),

    /**
     * POST /api/admin/users/{userId}/wallet {amount: naira, description?, type: credit|debit}
     * -> {message: 'Wallet updated successfully', balance: naira, transaction}. See adjustUserWallet.
     */
    wallet: adminProcedure
      .meta({
        rest: {
          method: "POST",
          path: "/api/admin/users/:userId/wallet",
          tag: "Admin",
          summary: "Credit or debit a wallet; at or above the approval threshold it waits for another admin (202)",
          description: "docs/admin-security.md 'Four eyes'",
          idempotencyKey: true,
          errors: [404, 409],
          accepted: (answer: { pending: boolean }) => answer.pending,
        },
      })
      .input(adminWalletSchema)
      .output(adminWallet)
      .mutation(async ({ ctx, input }) => {
        const result = await requestWalletAdjustment(ctx.db, {
          adminId: ctx.user.id,
          userId: input.userId,
          amountKobo: input.amount,
          type: input.type,
          description: input.description,
          idempotencyKey: input.idempotencyKey,
        });
        if (result.pending) {
          return {
            message: ADMIN_MESSAGES.adjustmentPending,
            pending: true as const,
            approvalId: result.adjustment.id,
            adjustment: toAdjustmentView(result.adjustment),
          };
        }
        return {
          message: ADMIN_MESSAGES.walletUpdated,
          pending: false as const,
          balance: result.balance,
          transaction: toTransactionView(result.transaction, input.userId),
        };
      }),

    /**
     * PATCH /api/admin/users/{userId}/role {role: admin|personal|merchant} -> {message: 'Role
     * updated', pending: false, user: {id, role}}; granting the admin role waits for a second admin:
     * {pending: true, approvalId, message} (202 on REST). See requestUserRole (audited; not one's own role).
     */
    role: adminProcedure
      .meta({
        rest: {
          method: "PATCH",
          path: "/api/admin/users/:userId/role",
          tag: "Admin",
          summary: "Change a user's role; granting the admin role waits for another admin (202)",
          description: "docs/admin-security.md 'Approvals'",
          errors: [404, 409],
          accepted: (answer: { pending: boolean }) => answer.pending,
        },
      })
      .input(adminUserRoleSchema)
      .output(adminRole)
      .mutation(async ({ ctx, input }) => {
        const result = await requestUserRole(ctx.db, { adminId: ctx.user.id, userId: input.userId, role: input.role });
        if (result.pending) return { pending: true as const, approvalId: result.approval.id, message: ADMIN_MESSAGES.approvalPending };
        return { message: ADMIN_MESSAGES.roleUpdated, pending: false as const, user: { id: result.user.id, role: result.user.role } };
      }),

    /** POST /api/admin/users/{userId}/status {status: active|suspended} -> {message: 'User status updated', user}. See changeUserStatus. */
    status: adminProcedure
      .meta({ rest: { method: "POST", path: "/api/admin/users/:userId/status", tag: "Admin", summary: "Suspend or activate a user", errors: [404, 409] } })
      .input(adminUserStatusSchema)
      .output(adminStatus)
      .mutation(async ({ ctx, input }) => {
        const user = await changeUserStatus(ctx.db, { adminId: ctx.user.id, userId: input.userId, status: input.status });
        return { message: ADMIN_MESSAGES.userStatusUpdated, user: { id: user.id, status: user.status, failedLoginCount: user.failedLoginCount } };
      }),
  }),

  transactions: router({
    /**
     * GET /api/admin/transactions?page&limit&status&reference&cursor -> {transactions, total, totalPages, page,
     * counts: {all, pending, processing, completed, failed}, nextCursor}: every user's, newest first.
     * `reference` (optional) keeps those whose reference contains it, ignoring case, counts included.
     * `cursor` (optional, a previous answer's `nextCursor`) pages by keyset in place of `page`;
     * `nextCursor` is null on the last page. A cursor naming no transaction: 400 VALIDATION
     * (docs/performance.md "Flat reads"; listAdminTransactions).
     */
    list: adminProcedure
      .meta({
        rest: {
          method: "GET",
          path: "/api/admin/transactions",
          tag: "Admin",
          summary: "Transactions, filtered and paged, with tab counts",
        },
      })
      .input(adminTransactionsQuerySchema)
      .output(adminTransactions)
      .query(async ({ ctx, input }) => {
        const { rows, total, counts, nextCursor } = await listAdminTransactions(ctx.db, input).catch((error: unknown) => {
          if (error instanceof UnknownCursorError) throw new DomainError("VALIDATION", CURSOR_MESSAGE, { cursor: [CURSOR_MESSAGE] });
          throw error;
        });
        return {
          transactions: rows.map(toAdminTransactionView),
          total,
          totalPages: pages(total, input.limit),
          page: input.page,
          counts,
          nextCursor: nextCursor === null ? null : String(nextCursor),
        };
      }),

    /**
     * POST /api/admin/transactions/update-status {id, status: completed|failed} -> {message:
     * 'Transaction status has been updated successfully.', pending: false, transaction}. See
     * moveTransaction. A forced move at or above the approval threshold waits for a second admin:
     * {pending: true, approvalId, message} (202 on REST; forcedMoveApproval).
     */
    updateStatus: adminProcedure
      .meta({
        rest: {
          method: "POST",
          path: "/api/admin/transactions/update-status",
          tag: "Admin",
          summary: "Complete or fail a transaction after asking the provider; a forced move at or above the approval threshold waits for another admin (202)",
          description: "docs/money-integrity.md 'Admin moves'; docs/admin-security.md 'Approvals'",
          errors: [404, 409, 502],
          accepted: (answer: { pending: boolean }) => answer.pending,
          output: adminMove,
        },
      })
      .input(adminTransactionMoveSchema)
      .output(adminMoveAnswer)
      .mutation(async ({ ctx, input }) => {
        const waiting = await forcedMoveApproval(ctx.db, { adminId: ctx.user.id, ...input });
        if (waiting) return waiting;
        const moved = await moveTransaction(ctx.db, ctx.services, {
          adminId: ctx.user.id,
          id: input.id,
          status: input.status,
          force: input.force,
          reason: input.reason,
        });
        return {
          message: ADMIN_MESSAGES.statusUpdatedDescription,
          pending: false as const,
          transaction: toTransactionView(moved, moved.senderId ?? moved.recipientId ?? 0),
        };
      }),
  }),

  /** Four eyes on large credits and debits (docs/admin-security.md): the adjustments of the approvals queue. */
  adjustments: router({
    /** GET /api/admin/adjustments?status=pending|approved|rejected -> {adjustments: [...], threshold: naira}; newest first, at most 100. */
    list: adminProcedure
      .meta({ rest: { method: "GET", path: "/api/admin/adjustments", tag: "Admin", summary: "Adjustments waiting for (or decided by) a second admin" } })
      .input(adminAdjustmentsQuerySchema)
      .output(adjustments)
      .query(async ({ ctx, input }) => {
        const [{ rows }, threshold] = await Promise.all([
          listApprovals(ctx.db, { status: input.status, kind: "adjustment", page: 1, limit: 100 }),
          adjustmentApprovalThresholdKobo(ctx.db),
        ]);
        return { adjustments: rows.map(toAdjustmentView), threshold };
      }),
    /** POST /api/admin/adjustments/{id}/approve -> {message, adjustment, balance (naira)}. Another admin only; see decideApproval. */
    approve: adminProcedure
      .meta({
        rest: {
          method: "POST",
          path: "/api/admin/adjustments/:id/approve",
          tag: "Admin",
          summary: "Approve another admin's adjustment: the money moves",
          errors: [404, 409],
        },
      })
      .input(adminIdSchema)
      .output(adjustmentApproved)
      .mutation(async ({ ctx, input }) => {
        const decided = await decideApproval(ctx.db, ctx.services, { adminId: ctx.user.id, id: input.id, decision: "approve", kind: "adjustment" });
        return { message: ADMIN_MESSAGES.adjustmentApproved, adjustment: toAdjustmentView(decided.approval), balance: decided.balance ?? 0n };
      }),
    /** POST /api/admin/adjustments/{id}/reject -> {message, adjustment}. Another admin only; no money moves. */
    reject: adminProcedure
      .meta({
        rest: { method: "POST", path: "/api/admin/adjustments/:id/reject", tag: "Admin", summary: "Reject another admin's adjustment", errors: [404, 409] },
      })
      .input(adminIdSchema)
      .output(adjustmentRejected)
      .mutation(async ({ ctx, input }) => {
        const decided = await decideApproval(ctx.db, ctx.services, { adminId: ctx.user.id, id: input.id, decision: "reject", kind: "adjustment" });
        return { message: ADMIN_MESSAGES.adjustmentRejected, adjustment: toAdjustmentView(decided.approval) };
      }),
    /**
     * PATCH /api/admin/settings/adjustment_approval_threshold {value: naira} -> {pending: true,
     * approvalId, message} (202 on REST): the value in force holds until a second admin approves
     * (requestThresholdChange; the change is then audited as a setting).
     */
    setThreshold: adminProcedure
      .input(adminThresholdSchema)
      .mutation(({ ctx, input }) => requestThresholdChange(ctx.db, { adminId: ctx.user.id, valueKobo: input.value })),
  }),

  /** The approvals queue: every privileged act waiting for a second admin (docs/admin-security.md "Approvals"). */
  approvals: router({
    /**
     * GET /api/admin/approvals?status=pending|approved|rejected&page&limit -> {items: [{id, kind,
     * summary, amount (naira|null), subjectUserId, subjectName, requestedBy, requestedByName,
     * createdAt, status, decidedBy, decidedAt, note}], total, totalPages}; newest first.
     */
    list: adminProcedure
      .meta({
        rest: {
          method: "GET",
          path: "/api/admin/approvals",
          tag: "Admin",
          summary: "The approvals queue: privileged acts waiting for (or decided by) a second admin, amounts in naira",
          description: "docs/admin-security.md 'Approvals'",
          output: approvalsRest,
          toAnswer: approvalsAnswer,
        },
      })
      .input(adminApprovalsQuerySchema)
      .output(approvals)
      .query(async ({ ctx, input }) => {
        const { rows, total } = await listApprovals(ctx.db, input);
        return { items: rows.map(toApprovalView), total, totalPages: pages(total, input.limit) };
      }),
    /** POST /api/admin/approvals/{id}/approve {note?} -> {message, approval}: the request is carried out now. See decideApproval. */
    approve: adminProcedure
      .meta({
        rest: {
          method: "POST",
          path: "/api/admin/approvals/:id/approve",
          tag: "Admin",
          summary: "Approve another admin's request: it is carried out now",
          errors: [404, 409, 502],
        },
      })
      .input(adminApprovalDecisionSchema)
      .output(approvalDecided)
      .mutation(async ({ ctx, input }) => {
        const decided = await decideApproval(ctx.db, ctx.services, { adminId: ctx.user.id, id: input.id, decision: "approve", note: input.note });
        return { message: ADMIN_MESSAGES.approvalApproved, approval: toApprovalView(decided.approval) };
      }),
    /** POST /api/admin/approvals/{id}/reject {note?} -> {message, approval}: nothing changes. See decideApproval. */
    reject: adminProcedure
      .meta({
        rest: {
          method: "POST",
          path: "/api/admin/approvals/:id/reject",
          tag: "Admin",
          summary: "Reject another admin's request: nothing changes",
          errors: [404, 409],
        },
      })
      .input(adminApprovalDecisionSchema)
      .output(approvalDecided)
      .mutation(async ({ ctx, input }) => {
        const decided = await decideApproval(ctx.db, ctx.services, { adminId: ctx.user.id, id: input.id, decision: "reject", note: input.note });
        return { message: ADMIN_MESSAGES.approvalRejected, approval: toApprovalView(decided.approval) };
      }),
  }),

  settings: router({
    /** GET /api/admin/settings -> [{id, key, value, description}] (docs/product.md#admin-console Feature setting; docs/decisions.md). */
    list: adminProcedure
      .meta({ rest: { method: "GET", path: "/api/admin/settings", tag: "Admin", summary: "The feature switches with their descriptions" } })
      .output(settings)
      .query(async ({ ctx }) => {
        const rows = await listFeatureSettings(ctx.db);
        return rows.map(({ id, key, value, description }) => ({ id, key, value, description }));
      }),

    /** tRPC: {key, value} -> {id, key, value, description}; audited. NOT_FOUND for an unknown key. */
    set: adminProcedure
      .input(featureSettingInput)
      .output(setting)
      .mutation(({ ctx, input }) => setFeature(ctx.user.id, ctx.db, input)),

    /**
     * PATCH /api/admin/settings/{key} {value}: the route of both kinds of setting. A feature switch
     * {key, value: boolean} answers as `set`; the one amount setting beside the switches,
     * {key: 'adjustment_approval_threshold', value: naira}, answers {pending: true, approvalId,
     * message} (202 on REST) as adjustments.setThreshold (docs/admin-security.md "Four eyes").
     */
    update: adminProcedure
      .meta({
        rest: {
          method: "PATCH",
          path: "/api/admin/settings/:key",
          tag: "Admin",
          summary: "Turn a feature switch on or off, or ask to set the adjustment approval threshold (naira; 202: waits for another admin)",
          accepted: (answer: object) => "pending" in answer,
        },
      })
      .input(z.union([z.object({ key: z.literal("adjustment_approval_threshold"), value: adminThresholdSchema.shape.value }), featureSettingInput]))
      .output(settingChanged)
      .mutation(({ ctx, input }) =>
        input.key === "adjustment_approval_threshold"
          ? requestThresholdChange(ctx.db, { adminId: ctx.user.id, valueKobo: input.value })
          : setFeature(ctx.user.id, ctx.db, input),
      ),
  }),

  /**
   * The fraud controls an admin edits (docs/product.md "Fraud controls": thresholds are settings):
   * fraud monitoring's switch and rule thresholds, and the first-day cap. Beside the feature
   * switches in /admin/settings; every change waits for a second admin (docs/admin-security.md "Approvals").
   */
  fraudControls: router({
    /**
     * GET /api/admin/settings/fraud -> {enabled, newDeviceBalancePercent, newDeviceHours,
     * newRecipientsPerHour, medianMultiple, medianFloor (naira), resetWindowMinutes, newDeviceCap
     * (naira; 0: off), pending: [{approvalId, summary, requestedBy, createdAt}]}: the values in force
     * (defaults where no row was written) and the changes waiting for a second admin.
     */
    get: adminProcedure
      .meta({
        rest: {
          method: "GET",
          path: "/api/admin/settings/fraud",
          tag: "Admin",
          summary: "The fraud controls in force: monitoring's thresholds and the first-day cap (naira), and changes waiting for approval",
          description: "docs/product.md 'Fraud controls'",
        },
      })
      .output(fraudControls)
      .query(async ({ ctx }) => {
        const [controls, waiting] = await Promise.all([readFraudControls(ctx.db), pendingSettingApprovals(ctx.db, "fraud_controls")]);
        const { medianFloorKobo, newDeviceCapKobo, ...rest } = controls;
        return {
          ...rest,
          medianFloor: medianFloorKobo,
          newDeviceCap: newDeviceCapKobo,
          pending: waiting.map((a) => ({ approvalId: a.id, summary: a.summary, requestedBy: a.createdBy, createdAt: a.createdAt })),
        };
      }),
    /**
     * PATCH /api/admin/settings/fraud {enabled?, newDeviceBalancePercent?, newDeviceHours?,
     * newRecipientsPerHour?, medianMultiple?, medianFloor? (naira), resetWindowMinutes?,
     * newDeviceCap? (naira)} -> {pending: true, approvalId, message} (202 on REST): the values in force
     * hold until a second admin approves; then each field is written and audited (`setting`,
     * subject setting:fraud_controls, before and after). 400 with the field's message for a value
     * out of range or not whole (fraudControlsUpdateSchema), or 'Nothing to change'; nothing changes then.
     */
    update: adminProcedure
      .meta({
        rest: {
          method: "PATCH",
          path: "/api/admin/settings/fraud",
          tag: "Admin",
          summary: "Ask to change the fraud controls (naira for the floor and the cap; 202: waits for another admin)",
          description: "docs/product.md 'Fraud controls'; docs/admin-security.md 'Approvals'",
          accepted: (answer: object) => "pending" in answer,
        },
      })
      .input(fraudControlsUpdateSchema)
      .output(pendingChange)
      .mutation(({ ctx, input }) => requestFraudControlsChange(ctx.db, { adminId: ctx.user.id, changes: input })),
  }),

  reviews: router({
    /**
     * GET /api/admin/reviews?status=open|resolved&page&limit -> {items: [{id, kind, cause, reference,
     * userId, amount, heldAmount, reason, providerStatus, createdAt, resolvedAt, resolution, note}],
     * total, totalPages, ruleHits} (docs/money-integrity.md "Review queue"): open items newest first, resolved
     * ones most recently resolved first; amounts in naira. `ruleHits`: payments each fraud rule held
     * (docs/product.md "Fraud controls").
     */
    list: adminProcedure
      .meta({
        rest: {
          method: "GET",
          path: "/api/admin/reviews",
          tag: "Admin",
          summary: "The review queue: {items, total}, amounts in naira",
          description: "docs/money-integrity.md 'Review queue'",
          output: reviewsRest,
          toAnswer: reviewsAnswer,
        },
      })
      .input(adminReviewsQuerySchema)
      .output(reviews)
      .query(async ({ ctx, input }) => {
        const [{ rows, total }, hits] = await Promise.all([listReviewItems(ctx.db, input), fraudRuleHitCounts(ctx.db)]);
        const ruleHits = Object.fromEntries(FRAUD_RULES.map((rule) => [rule, hits[rule] ?? 0]));
        return { items: rows.map(toReviewItemView), total, totalPages: pages(total, input.limit), ruleHits };
      }),
    /**
     * The dashboard's money-integrity card: open review items, and the latest ledger verification
     * ({verifiedAt, ok, firstBroken}, null when the ledger was never verified; docs/ledger-verification.md).
     */
    integrity: adminProcedure.query(async ({ ctx }) => {
      const [open, latest] = await Promise.all([countOpenReviewItems(ctx.db), latestLedgerVerification(ctx.db)]);
      return { open, ledger: latest ? { verifiedAt: latest.createdAt, ok: latest.ok, firstBroken: latest.firstBroken } : null };
    }),
    /**
     * POST /api/admin/reviews/{id}/resolve {action: complete|fail|credit|dismiss|release|reject, note} -> {message,
     * pending: false, item}. See resolveReview: the provider is asked first where money would move;
     * 409 when it disagrees or the item was already resolved. A credit at or above the approval
     * threshold answers {pending: true, approvalId, message} (202 on REST; reviewCreditApproval), as
     * does a release or reject of a payment held by fraud monitoring.
     */
    resolve: adminProcedure
      .meta({
        rest: {
          method: "POST",
          path: "/api/admin/reviews/:id/resolve",
          tag: "Admin",
          summary:
            "Resolve a review item: complete, fail, credit once the provider confirms (202 at or above the approval threshold: waits for another admin), or dismiss with a note; release or reject a payment held by fraud monitoring",
          errors: [404, 409, 502],
          accepted: (answer: { pending: boolean }) => answer.pending,
          output: reviewResolved,
        },
      })
      .input(adminReviewResolveSchema)
      .output(reviewResolvedConsole)
      .mutation(async ({ ctx, input }) => {
        // A credit at or above the approval threshold waits for a second admin (docs/admin-security.md "Approvals").
        const waiting = await reviewCreditApproval(ctx.db, { adminId: ctx.user.id, ...input });
        if (waiting) return waiting;
        const item = await resolveReview(ctx.db, ctx.services, { adminId: ctx.user.id, id: input.id, action: input.action, note: input.note });
        return { message: ADMIN_MESSAGES.reviewResolvedNow, pending: false as const, item: toReviewItemView({ ...item, heldKobo: 0n, userName: null }) };
      }),
  }),

  reconciliation: router({
    /** GET /api/admin/reconciliation/runs -> {runs: [ReconciliationRunView]}, newest first (docs/money-integrity.md "Daily reconciliation"). */
    list: adminProcedure
      .meta({
        rest: {
          method: "GET",
          path: "/api/admin/reconciliation/runs",
          tag: "Admin",
          summary: "Reconciliation runs, newest first",
          description: "docs/money-integrity.md 'Daily reconciliation'",
          output: reconciliationRuns,
        },
      })
      .output(reconciliationRunsConsole)
      .query(async ({ ctx }) => ({ runs: (await listReconciliationRuns(ctx.db)).map(toReconciliationRunView) })),
    /** GET /api/admin/reconciliation/runs/{id} -> ReconciliationRunView with `exceptionRows` (amounts in naira); NOT_FOUND. */
    byId: adminProcedure
      .meta({
        rest: {
          method: "GET",
          path: "/api/admin/reconciliation/runs/:id",
          tag: "Admin",
          summary: "One reconciliation run with its exceptions",
          errors: [404],
          output: reconciliationRun,
        },
      })
      .input(adminReconciliationRunIdSchema)
      .output(reconciliationRunWithExceptions)
      .query(async ({ ctx, input }) => {
        const found = await findReconciliationRun(ctx.db, input.id);
        if (!found) throw new DomainError("NOT_FOUND", ADMIN_MESSAGES.reconciliationRunNotFound);
        return { ...toReconciliationRunView(found.run), exceptionRows: found.exceptions.map(toReconciliationExceptionView) };
      }),
    /**
     * POST /api/admin/reconciliation/runs {date: 'YYYY-MM-DD'} -> the finished run (as byId): runs
     * the reconciliation of that Lagos day now (runReconciliation). RULE_VIOLATION for a day that
     * has not ended yet.
     */
    run: adminProcedure
      .meta({
        rest: {
          method: "POST",
          path: "/api/admin/reconciliation/runs",
          tag: "Admin",
          summary: "Reconcile a Lagos day now",
          errors: [409, 502],
          output: reconciliationRun,
        },
      })
      .input(adminReconciliationRunSchema)
      .output(reconciliationRunWithExceptions)
      .mutation(async ({ ctx, input }) => {
        const now = ctx.services.now?.() ?? new Date();
        if (input.date >= lagosDate(now))
          throw new DomainError("RULE_VIOLATION", ADMIN_MESSAGES.reconciliationFutureDay, { date: [ADMIN_MESSAGES.reconciliationFutureDay] });
        const run = await runReconciliation(ctx.db, ctx.services, { day: input.date, now, triggeredBy: ctx.user.id });
        const found = await findReconciliationRun(ctx.db, run.id);
        return { ...toReconciliationRunView(run), exceptionRows: (found?.exceptions ?? []).map(toReconciliationExceptionView) };
      }),
  }),

  audit: router({
    /**
     * GET /api/admin/audit?page&limit&adminId&userId&action -> {entries, total, totalPages, admins}
     *: newest first; `admins` feeds the page's filter.
     */
    list: adminProcedure
      .meta({ rest: { method: "GET", path: "/api/admin/audit", tag: "Admin", summary: "The audit trail of admin writes" } })
      .input(adminAuditQuerySchema)
      .output(audit)
      .query(async ({ ctx, input }) => {
        const [{ rows, total }, admins] = await Promise.all([listAdminAudit(ctx.db, input), listAdmins(ctx.db)]);
        return { entries: rows.map(toAdminAuditView), total, totalPages: pages(total, input.limit), admins };
      }),
  }),
});
