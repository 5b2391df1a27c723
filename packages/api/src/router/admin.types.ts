// Output schemas of the admin router (router/admin.ts), beside its procedures.
import { schema } from "@kolo/db";
import { koboAsNaira } from "@kolo/domain";
import { z } from "zod";
import type { AdminTransactionView } from "../admin/views";
import { dateTime, id, message, transaction } from "./common.types";

export const adminStats = z.object({
  totalUsers: z.number().int(),
  activeMerchants: z.number().int(),
  level0Users: z.number().int(),
  level1Users: z.number().int(),
  level2Users: z.number().int(),
  dailyTransactions: koboAsNaira,
});

export const adminVolume = z.array(z.object({ day: z.string(), amount: koboAsNaira, count: z.number().int() }));

export const adminUsers = z.object({
  users: z.array(
    z.object({
      id,
      name: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
      role: z.enum(schema.userRole.enumValues),
      status: z.enum(schema.userStatus.enumValues),
      verificationLevel: z.number().int().min(0).max(2),
      balance: koboAsNaira,
      createdAt: dateTime,
    }),
  ),
  totalUsers: z.number().int(),
  totalPages: z.number().int(),
});

/** Any keys on the wire; typed as the view's metadata for the console. */
const adminMetadata = z
  .looseObject({ gatewayFee: koboAsNaira.optional(), reportedAmount: koboAsNaira.optional() })
  .meta({ description: "the record's metadata; a top-up's gatewayFee and reportedAmount in naira" }) as unknown as z.ZodType<
  AdminTransactionView["metadata"],
  AdminTransactionView["metadata"]
>;

/** An admin's view of a transaction: the record plus both parties' names. */
const adminTransaction = transaction.extend({
  metadata: adminMetadata,
  senderInfo: z.object({ name: z.string(), email: z.string() }).nullable(),
  recipientInfo: z.object({ name: z.string(), email: z.string() }).nullable(),
});

export const adminUserTransactions = z.array(adminTransaction);

const adjustment = z.object({
  id,
  userId: id,
  userName: z.string().nullable(),
  type: z.enum(["credit", "debit"]),
  amount: koboAsNaira,
  description: z.string(),
  status: z.enum(["pending", "approved", "rejected"]),
  createdBy: id,
  createdByName: z.string().nullable(),
  decidedBy: id.nullable(),
  decidedAt: dateTime.nullable(),
  transactionId: id.nullable(),
  createdAt: dateTime,
});

/** A privileged act waiting for a second admin (docs/admin-security.md "Approvals"): 202. */
const pendingApproval = message.extend({ pending: z.literal(true), approvalId: id });
/** A request that waits for a second admin (202 on REST). */
export const pendingChange = pendingApproval;

export const adminWallet = z.union([
  message.extend({ pending: z.literal(false), balance: koboAsNaira, transaction }),
  message.extend({ pending: z.literal(true), approvalId: id, adjustment }),
]);
export const adminRole = z.union([
  message.extend({ pending: z.literal(false), user: z.object({ id, role: z.enum(schema.userRole.enumValues) }) }),
  pendingApproval,
]);
export const adminStatus = message.extend({
  user: z.object({ id, status: z.enum(schema.userStatus.enumValues), failedLoginCount: z.number().int() }),
});
export const adjustments = z.object({ adjustments: z.array(adjustment), threshold: koboAsNaira });
export const adjustmentApproved = message.extend({ adjustment, balance: koboAsNaira });
export const adjustmentRejected = message.extend({ adjustment });

/** An approval as REST answers it. */
const approval = z.object({
  id,
  kind: z.enum(schema.APPROVAL_KINDS),
  summary: z.string(),
  amount: koboAsNaira.nullable(),
  subjectUserId: id.nullable(),
  requestedBy: id,
  createdAt: dateTime,
  status: z.enum(["pending", "approved", "rejected"]),
  decidedBy: id.nullable(),
  decidedAt: dateTime.nullable(),
  note: z.string().nullable(),
});
/** An approval as the console reads it: the REST fields and the subject's and requester's names. */
const approvalView = approval.extend({ subjectName: z.string().nullable(), requestedByName: z.string().nullable() });
export const approvalsRest = z.object({ items: z.array(approval), total: z.number().int() });
export const approvals = z.object({ items: z.array(approvalView), total: z.number().int(), totalPages: z.number().int() });
export const approvalDecided = message.extend({ approval });

export const adminTransactions = z.object({
  transactions: z.array(adminTransaction),
  total: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
  counts: z.record(z.string(), z.number().int()),
  /** The `cursor` of the next page (the last row's id), null on the last page. */
  nextCursor: z.string().nullable(),
});
/** A move's answer as REST documents it (any metadata). */
export const adminMove = z.union([
  message.extend({ pending: z.literal(false), transaction: transaction.extend({ metadata: z.record(z.string(), z.unknown()) }) }),
  pendingApproval,
]);
/** A move's answer, checked and encoded (the transaction's amounts and metadata fee in naira). */
export const adminMoveAnswer = z.union([message.extend({ pending: z.literal(false), transaction }), pendingApproval]);

export const setting = z.object({ id, key: z.string(), value: z.boolean(), description: z.string() });
export const settings = z.array(setting);
export const settingChanged = z.union([setting, pendingApproval]);
/** GET /api/admin/settings/fraud: the fraud controls in force (naira for the floor and the cap) and the changes waiting for a second admin. */
export const fraudControls = z.object({
  enabled: z.boolean(),
  newDeviceBalancePercent: z.number().int(),
  newDeviceHours: z.number().int(),
  newRecipientsPerHour: z.number().int(),
  medianMultiple: z.number().int(),
  medianFloor: koboAsNaira,
  resetWindowMinutes: z.number().int(),
  newDeviceCap: koboAsNaira,
  pending: z.array(z.object({ approvalId: id, summary: z.string(), requestedBy: id, createdAt: dateTime })),
});

export const audit = z.object({
  entries: z.array(
    z.object({
      id,
      adminId: id,
      adminName: z.string(),
      adminEmail: z.string(),
      action: z.string(),
      userId: id.nullable(),
      userName: z.string().nullable(),
      userEmail: z.string().nullable(),
      subject: z.string().nullable(),
      before: z.record(z.string(), z.unknown()).nullable(),
      after: z.record(z.string(), z.unknown()).nullable(),
      createdAt: dateTime,
    }),
  ),
  total: z.number().int(),
  totalPages: z.number().int(),
  admins: z.array(z.object({ id, name: z.string(), email: z.string() })),
});

/** A review item as REST answers it (docs/money-integrity.md "Review queue"). */
const reviewItem = z.object({
  id,
  kind: z.enum(["payout", "purchase", "topup", "fraud"]),
  reference: z.string(),
  userId: id,
  amount: koboAsNaira,
  reason: z.string(),
  providerStatus: z.string().nullable(),
  createdAt: dateTime,
  resolvedAt: dateTime.nullable(),
  resolution: z.string().nullable(),
});
const reviewItemView = reviewItem.extend({ cause: z.string(), userName: z.string().nullable(), heldAmount: koboAsNaira, note: z.string().nullable() });
/** How many payments each fraud monitoring rule held (docs/product.md "Fraud controls"), by rule name. */
const ruleHits = z
  .record(z.string(), z.number().int())
  .meta({ description: "payments held per fraud rule: new_device_share, new_recipients, above_median, after_reset" });
export const reviewsRest = z.object({ items: z.array(reviewItem), total: z.number().int(), ruleHits });
/** A review item as the console reads it over tRPC: any kind, and no user for an item that has none. */
const reviewItemConsole = reviewItemView.extend({ kind: z.string(), userId: id.nullable() });
export const reviews = z.object({ items: z.array(reviewItemConsole), total: z.number().int(), totalPages: z.number().int(), ruleHits });
/** The REST answer of a resolve (docs/money-integrity.md "Review queue"). */
export const reviewResolved = z.union([message.extend({ pending: z.literal(false), item: reviewItemView }), pendingApproval]);
export const reviewResolvedConsole = z.union([message.extend({ pending: z.literal(false), item: reviewItemConsole }), pendingApproval]);

const reconciliationRun = z.looseObject({
  id,
  date: z.string().meta({ description: "the Lagos day reconciled, YYYY-MM-DD" }),
  state: z.string(),
  matched: z.number().int(),
  open: z.number().int(),
  exceptions: z.record(z.string(), z.number().int()),
  totals: z.record(z.string(), koboAsNaira.nullable()).meta({ description: "day totals in naira, by name" }),
});
export const reconciliationRuns = z.object({ runs: z.array(reconciliationRun) });
export { reconciliationRun };

/** One exception of a run (docs/money-integrity.md "Daily reconciliation"). */
const reconciliationException = z.object({
  id,
  class: z.string(),
  kind: z.string(),
  reference: z.string(),
  koloAmount: koboAsNaira.nullable(),
  providerAmount: koboAsNaira.nullable(),
  koloStatus: z.string().nullable(),
  providerStatus: z.string().nullable(),
  reviewItemId: id.nullable(),
});
/** A run as the console reads it over tRPC: REST documents the fields above, the answer has these too. */
const reconciliationRunConsole = reconciliationRun.extend({
  ledger: z.object({ ok: z.boolean(), firstBroken: z.string().nullable(), headsDigest: z.string().nullable() }).nullable(),
  error: z.string().nullable(),
  startedAt: dateTime,
  finishedAt: dateTime.nullable(),
});
export const reconciliationRunsConsole = z.object({ runs: z.array(reconciliationRunConsole) });
/** A run with its exceptions, as the console reads it. */
export const reconciliationRunWithExceptions = reconciliationRunConsole.extend({ exceptionRows: z.array(reconciliationException) });
