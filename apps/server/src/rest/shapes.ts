// What the /api paths answer, as JSON on the wire (docs/product.md lists the same shapes): the
// response schemas of the route table (routes.ts) and of the OpenAPI document (openapi.ts). Dates
// are ISO 8601 strings; amounts in naira unless a field says kobo. HTTP tests check every answer
// they see against these (AppOptions.checkResponses), so a shape that drifts fails the suite.
import { schema } from "@kolo/db";
import { NETWORK_IDS, TICKET_PRIORITIES, TICKET_STATUSES } from "@kolo/domain";
import { z } from "zod";

const id = z.number().int().positive();
const dateTime = z.iso.datetime({ offset: true });
/** Naira, as the client reads amounts (two decimals at most). */
const naira = z.number().meta({ description: "naira" });
const kobo = z.number().int().meta({ description: "kobo" });
const message = z.object({ message: z.string() });

/** Every failed call's body (docs/product.md "Money rules"; tRPC's `data` carries the same fields). */
export const errorBody = z.object({
  message: z.string(),
  details: z.unknown().meta({ description: "field errors (Record<field, string[]>) or figures the client may show; null when none" }),
  code: z.string().meta({ description: "the domain's error code (e.g. VALIDATION, INSUFFICIENT_BALANCE, UNAUTHENTICATED), INTERNAL or HTTP" }),
});

export const transaction = z.object({
  id,
  type: z.enum(schema.transactionType.enumValues),
  amount: naira,
  fee: naira,
  status: z.enum(schema.transactionStatus.enumValues),
  reference: z.string(),
  createdAt: dateTime,
  description: z.string(),
  senderId: id.nullable(),
  recipientId: id.nullable(),
  metadata: z.looseObject({ fee: naira }).meta({ description: "typed by `type` (docs/adding-a-movement.md); always `fee` in naira" }),
});

/** An admin's view of a transaction: the record plus both parties' names. */
const adminTransaction = transaction.extend({
  metadata: z.record(z.string(), z.unknown()),
  senderInfo: z.object({ name: z.string(), email: z.string() }).nullable(),
  recipientInfo: z.object({ name: z.string(), email: z.string() }).nullable(),
});

export const user = z.object({
  id,
  name: z.string(),
  email: z.string(),
  username: z.string(),
  phone: z.string().nullable(),
  role: z.enum(schema.userRole.enumValues),
  status: z.enum(schema.userStatus.enumValues),
  balance: naira,
  verificationLevel: z.number().int().min(0).max(2),
  merchantId: id.nullable(),
  createdAt: dateTime,
});

export const publicInvoice = z.object({
  id,
  merchantId: id,
  merchantName: z.string(),
  amount: naira,
  amountPaid: naira,
  amountDue: naira,
  status: z.enum(schema.invoiceStatus.enumValues),
  allowPartialPayment: z.boolean(),
  description: z.string().nullable(),
  dueDate: z.string().nullable().meta({ description: "YYYY-MM-DD" }),
  overdue: z.boolean(),
});

export const invoice = publicInvoice.extend({
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  sendReminder: z.boolean(),
  generatePaymentLink: z.boolean(),
  paymentLink: z.string().nullable(),
  token: z.string(),
  createdAt: dateTime,
});

export const merchant = z.object({ id, name: z.string(), description: z.string(), category: z.string(), balance: naira });
const merchantSummary = z.object({ id, name: z.string(), category: z.string() });

const ticket = z.object({
  id,
  userId: id,
  subject: z.string(),
  message: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  createdAt: dateTime,
  updatedAt: dateTime,
  userEmail: z.string(),
  userName: z.string(),
});

const ticketReply = z.object({
  id,
  ticketId: id,
  userId: id,
  message: z.string(),
  createdAt: dateTime,
  userEmail: z.string().nullable(),
  userName: z.string(),
  userRole: z.enum(schema.replyRole.enumValues),
});

const withTransaction = message.extend({ transaction });
const purchase = z.object({ status: z.enum(["success", "pending", "failed"]), message: z.string(), warning: z.string().nullable(), transaction });
const adjustment = z.object({
  id,
  userId: id,
  userName: z.string().nullable(),
  type: z.enum(["credit", "debit"]),
  amount: naira,
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

const approval = z.object({
  id,
  kind: z.enum(schema.APPROVAL_KINDS),
  summary: z.string(),
  amount: naira.nullable(),
  subjectUserId: id.nullable(),
  requestedBy: id,
  createdAt: dateTime,
  status: z.enum(["pending", "approved", "rejected"]),
  decidedBy: id.nullable(),
  decidedAt: dateTime.nullable(),
  note: z.string().nullable(),
});

const reviewItem = z.object({
  id,
  kind: z.enum(["payout", "purchase", "topup"]),
  reference: z.string(),
  userId: id,
  amount: naira,
  reason: z.string(),
  providerStatus: z.string().nullable(),
  createdAt: dateTime,
  resolvedAt: dateTime.nullable(),
  resolution: z.string().nullable(),
});

const reconciliationRun = z.looseObject({
  id,
  date: z.string().meta({ description: "the Lagos day reconciled, YYYY-MM-DD" }),
  state: z.string(),
  matched: z.number().int(),
  open: z.number().int(),
  exceptions: z.record(z.string(), z.number().int()),
  totals: z.record(z.string(), kobo).meta({ description: "day totals in kobo, by name" }),
});

const setting = z.object({ id, key: z.string(), value: z.boolean(), description: z.string() });

/** The response schema of each route, by name (routes.ts refers to them as `shapes.<name>`). */
export const shapes = {
  health: z.object({ status: z.literal("ok") }),
  transactions: z.array(transaction),
  merchant,
  merchantSummary,
  merchantWithdrawal: withTransaction.extend({ merchant }),
  invoice,
  invoices: z.array(invoice),
  publicInvoice,
  invoiceCancelled: message.extend({ invoice }),
  merchantPayment: withTransaction.extend({ merchant: merchantSummary }),
  invoicePayment: withTransaction.extend({ merchant: merchantSummary, invoice: publicInvoice }),
  tickets: z.array(ticket),
  ticket,
  ticketDetail: z.object({ ticket, replies: z.array(ticketReply) }),
  ticketReply,
  ticketQueue: z.object({
    tickets: z.array(ticket),
    total: z.number().int(),
    totalPages: z.number().int(),
    page: z.number().int(),
    counts: z.object({ total: z.number().int(), open: z.number().int(), inProgress: z.number().int() }),
  }),
  networks: z.array(z.object({ id: z.enum(NETWORK_IDS), name: z.string(), serviceType: z.array(z.enum(["airtime", "data"])) })),
  dataPlans: z.object({
    variations: z.array(z.object({ variation_code: z.string(), name: z.string(), variation_amount: z.string(), variation_desc: z.string() })),
  }),
  customer: z.object({ content: z.looseObject({ Customer_Name: z.string() }) }),
  discos: z.array(z.object({ id: z.string(), name: z.string(), shortName: z.string() })),
  meter: z.object({
    customerName: z.string(),
    address: z.string(),
    meterNumber: z.string(),
    meterType: z.enum(["prepaid", "postpaid"]),
    minimumAmount: naira,
  }),
  recentNumbers: z.array(z.object({ phoneNumber: z.string(), network: z.string(), networkName: z.string() })),
  purchase,
  adminStats: z.object({
    totalUsers: z.number().int(),
    activeMerchants: z.number().int(),
    level0Users: z.number().int(),
    level1Users: z.number().int(),
    level2Users: z.number().int(),
    dailyTransactions: naira,
  }),
  adminVolume: z.array(z.object({ day: z.string(), amount: naira, count: z.number().int() })),
  adminUsers: z.object({
    users: z.array(
      user.pick({ id: true, name: true, email: true, phone: true, role: true, status: true, verificationLevel: true, balance: true, createdAt: true }),
    ),
    totalUsers: z.number().int(),
    totalPages: z.number().int(),
  }),
  adminUserTransactions: z.array(adminTransaction),
  adminWallet: z.union([
    message.extend({ pending: z.literal(false), balance: naira, transaction }),
    message.extend({ pending: z.literal(true), approvalId: id, adjustment }),
  ]),
  adminRole: z.union([message.extend({ pending: z.literal(false), user: z.object({ id, role: z.enum(schema.userRole.enumValues) }) }), pendingApproval]),
  adminStatus: message.extend({ user: z.object({ id, status: z.enum(schema.userStatus.enumValues), failedLoginCount: z.number().int() }) }),
  adjustments: z.object({ adjustments: z.array(adjustment), threshold: naira }),
  adjustmentApproved: message.extend({ adjustment, balance: naira }),
  adjustmentRejected: message.extend({ adjustment }),
  approvals: z.object({ items: z.array(approval), total: z.number().int() }),
  approvalDecided: message.extend({ approval }),
  adminTransactions: z.object({
    transactions: z.array(adminTransaction),
    total: z.number().int(),
    totalPages: z.number().int(),
    page: z.number().int(),
    counts: z.record(z.string(), z.number().int()),
  }),
  adminMove: z.union([
    message.extend({ pending: z.literal(false), transaction: transaction.extend({ metadata: z.record(z.string(), z.unknown()) }) }),
    pendingApproval,
  ]),
  settings: z.array(setting),
  setting: z.union([setting, pendingApproval]),
  audit: z.object({
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
  }),
  reviews: z.object({ items: z.array(reviewItem), total: z.number().int() }),
  reviewResolved: z.union([
    message.extend({
      pending: z.literal(false),
      item: reviewItem.extend({ cause: z.string(), userName: z.string().nullable(), heldAmount: naira, note: z.string().nullable() }),
    }),
    pendingApproval,
  ]),
  reconciliationRuns: z.object({ runs: z.array(reconciliationRun) }),
  reconciliationRun,
} as const;
